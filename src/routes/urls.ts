// Pure URL and locale helpers: English at the spec's routes, Spanish under /es (decisions.md).
import { LOCALES, type Locale } from '../../templates/schema.ts';

export const DEFAULT_LOCALE: Locale = 'en';

/** The public URL of a route path (as the spec writes it, e.g. "/about") in a locale. */
export function localeUrl(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

/** The locale a request path belongs to: "/es" or "/es/..." is Spanish, anything else English. */
export function localeOfPath(urlPath: string): Locale {
  for (const locale of LOCALES) {
    if (locale !== DEFAULT_LOCALE && (urlPath === `/${locale}` || urlPath.startsWith(`/${locale}/`))) return locale;
  }
  return DEFAULT_LOCALE;
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
