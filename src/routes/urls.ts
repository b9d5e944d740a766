// Pure URL helpers: the default locale at the site's paths, every other locale under /<code>.
// Links carry no trailing slash; the locale homes are "/" and "/<code>/".

import type { LocaleUrls } from '../site/route.ts';

export type { LocaleUrls };

export function localeUrls(locales: readonly string[], defaultLocale: string): LocaleUrls {
  const localeUrl = (locale: string, path: string) => {
    if (locale === defaultLocale) return path;
    return path === '/' ? `/${locale}/` : `/${locale}${path}`;
  };
  return {
    localeUrl,
    localeOfPath(urlPath) {
      for (const locale of locales) {
        if (locale !== defaultLocale && (urlPath === `/${locale}` || urlPath.startsWith(`/${locale}/`))) return locale;
      }
      return defaultLocale;
    },
    href(locale, path) {
      const at = path.indexOf('#');
      if (at < 0) return localeUrl(locale, path);
      const hash = path.slice(at + 1);
      return localeUrl(locale, path.slice(0, at)) + (hash ? `#${hash}` : '');
    },
    pathOf(url) {
      for (const locale of locales) {
        if (locale === defaultLocale) continue;
        if (url === `/${locale}` || url.startsWith(`/${locale}#`)) return `/${url.slice(locale.length + 1)}`;
        if (url.startsWith(`/${locale}/`)) return url.slice(locale.length + 1);
      }
      return url;
    },
  };
}

/**
 * The file in dist that answers a URL. "/about" → "about.html" rather than "about/index.html":
 * Netlify, Cloudflare Pages and GitHub Pages all serve /about from about.html without a redirect,
 * whereas a folder index makes them redirect /about → /about/.
 */
export function fileOfUrl(url: string): string {
  if (url.endsWith('/')) return `${url.slice(1)}index.html`;
  return `${url.slice(1)}.html`;
}

/** An absolute URL on the production origin. */
export function absoluteUrl(baseUrl: string, url: string): string {
  return baseUrl.replace(/\/+$/, '') + url;
}
