// The generated files beside the pages: sitemap.xml, robots.txt, web app manifests, and the static
// host configuration (_headers for Netlify/Cloudflare Pages, _redirects for per-locale 404s).
import { LOCALES } from '../content/schemas.ts';
import type { SiteContent } from '../content/types.ts';
import type { Route } from '../routes/routes.ts';
import { absoluteUrl, localeUrl } from '../routes/urls.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, securityHeaders, SPECULATION_RULES } from '../security/headers.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every indexable page with its hreflang alternates; noindex and 404 pages left out. */
export function sitemap(routes: Route[], content: SiteContent, lastmod: string): string {
  const abs = (url: string) => escapeXml(absoluteUrl(content.site.baseUrl, url));
  const entries = routes
    .filter((r) => !r.noindex && r.kind.type !== 'not-found')
    .map((r) => {
      const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${abs(localeUrl(l, r.path))}"/>`);
      alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${abs(localeUrl('en', r.path))}"/>`);
      return `<url><loc>${abs(r.url)}</loc><lastmod>${lastmod}</lastmod>${alternates.join('')}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robots(content: SiteContent): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(content.site.baseUrl, '/sitemap.xml')}\n`;
}

export function manifest(content: SiteContent, locale: (typeof LOCALES)[number]): string {
  const { site } = content;
  return JSON.stringify({
    name: site.name,
    short_name: site.shortName,
    lang: locale,
    start_url: localeUrl(locale, '/'),
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: site.themeColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }, null, 2);
}

/** Netlify / Cloudflare Pages header rules. */
export function headersFile(content: SiteContent): string {
  const all = Object.entries(securityHeaders(content.site)).map(([k, v]) => `  ${k}: ${v}`).join('\n');
  return `/*\n${all}\n  Cache-Control: ${CACHE_REVALIDATE}\n\n/assets/*\n  Cache-Control: ${CACHE_IMMUTABLE}\n\n${SPECULATION_RULES.url}\n  Content-Type: ${SPECULATION_RULES.contentType}\n`;
}

/** Netlify: Spanish paths get the Spanish 404 page, everything else the English one (status 404). */
export function redirectsFile(): string {
  const spanish = LOCALES.filter((l) => l !== 'en').map((l) => `/${l}/*  /${l}/404.html  404`);
  return `${spanish.join('\n')}\n/*  /404.html  404\n`;
}
