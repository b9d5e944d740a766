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
 * The file in dist that answers a URL: "/about" → "about.html", not "about/index.html", which Netlify, Cloudflare Pages and
 * GitHub Pages would redirect to /about/.
 */
export function fileOfUrl(url: string): string {
  // The file is named as its entry is ("c++.html"); the URL carries it percent-encoded ("/c%2B%2B").
  const path = url.split('/').map(decodedSegment).join('/');
  if (path.endsWith('/')) return `${path.slice(1)}index.html`;
  return `${path.slice(1)}.html`;
}

/** A URL path segment decoded, or as it is when it is not valid percent-encoding. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path as the site's URLs spell it: each segment decoded, then encoded once ("/c++" and "/c%2b%2B" → "/c%2B%2B"). */
export function canonicalPath(path: string): string {
  return path.split('/').map((segment) => encodeURIComponent(decodedSegment(segment))).join('/');
}

/** An absolute URL on the production origin. */
export function absoluteUrl(baseUrl: string, url: string): string {
  return baseUrl.replace(/\/+$/, '') + url;
}
