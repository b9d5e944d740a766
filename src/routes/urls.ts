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
      if (at < 0) return hrefPath(localeUrl(locale, path));
      const hash = path.slice(at + 1);
      return hrefPath(localeUrl(locale, path.slice(0, at)) + (hash ? `#${hash}` : ''));
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
  const path = decodedPath(url);
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

// Words of lowercase letters (any script's: one without capitals, as Arabic or Japanese, counts) and digits, joined by dashes;
// inside a word, the joiners Persian and Indic spelling needs (U+200C, U+200D) before a letter ("می‌خواهم").
const WORD = String.raw`[\p{Ll}\p{Lo}\p{Lm}\p{Nd}](?:[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}]|[\u200c\u200d](?=[\p{Lo}\p{M}]))*`;
const SLUG = new RegExp(`^${WORD}(?:-${WORD})*$`, 'u');
/**
 * Characters that show nothing: format characters (direction marks, zero-width spaces) but the joiners Persian and Indic
 * words need (U+200C, U+200D), spaces other than the space, Hangul fillers, the Braille blank, the grapheme joiner and
 * variation selectors. In an address a link typed as it reads would miss them.
 */
const INVISIBLE = /[\p{Cf}\u00a0\u034f\u115f\u1160\u1680\u2000-\u200a\u202f\u205f\u2800\u3000\u3164\ufe00-\ufe0f\uffa0]/u;

/** Whether a name holds a character that shows nothing (INVISIBLE). */
export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text.replace(/[\u200c\u200d]/g, ''));
}

/** Whether text can be an address's last part as written (an entry's slug, a tag's): in the usual (NFC) form too. */
export function isSlug(text: string): boolean {
  return SLUG.test(text) && text === text.normalize('NFC') && !hasInvisible(text);
}

/** A path inside a folder, as its files are named: relative, no "." or ".." part, no backslash, no empty part. */
export function isPlainRelative(path: string): boolean {
  return path.length > 0 && !path.startsWith('/') && !path.includes('\\') && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** A path with each segment decoded ("/images/my%20photo.jpg" → "/images/my photo.jpg"). */
export function decodedPath(path: string): string {
  return path.split('/').map(decodedSegment).join('/');
}

/** A link as the page writes it: what an address may not hold bare (a space, a quote, a letter beyond ASCII) percent-encoded, escapes kept. */
export function hrefPath(path: string): string {
  return path.replace(/%(?![0-9A-Fa-f]{2})|[^\x21-\x7e]|["<>\\^`{|}]/gu, (c) => (c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '%EF%BF%BD' : encodeURIComponent(c)));
}

/** A path as the site's URLs spell it: each segment decoded, then encoded once ("/c++" and "/c%2b%2B" → "/c%2B%2B"). */
export function canonicalPath(path: string): string {
  return path.split('/').map((segment) => encodeURIComponent(decodedSegment(segment))).join('/');
}

/** The origin a site is published at, from an absolute http(s) URL without a path (a name in any script as its punycode), or why not. */
export function originOf(url: string): { origin: string } | { why: string } {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // told below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) return { why: 'is not an absolute http(s) URL: write one like https://www.example.org' };
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
    return { why: "has a path: every page links to the site's files from the root of its origin (/assets/…), so a site is published at the root of a domain or subdomain (https://docs.example.org), not in a folder of one" };
  }
  return { origin: parsed.origin };
}

/** An absolute URL on the production origin. */
export function absoluteUrl(baseUrl: string, url: string): string {
  return baseUrl.replace(/\/+$/, '') + url;
}
