// The generated files beside the pages: sitemap.xml, robots.txt, and the static host configuration
// (_headers for Netlify/Cloudflare Pages, _redirects for per-locale 404s).
import type { Route } from '../routes/routes.ts';
import { absoluteUrl, type LocaleUrls } from '../routes/urls.ts';
import { formatHeadersFile } from '../security/headers-file.ts';
import { headerRules } from '../security/headers.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface SiteShape {
  locales: string[];
  defaultLocale: string;
  urls: LocaleUrls;
  baseUrl: string;
}

/** Every indexable page with its hreflang alternates (every locale and x-default); noindex and 404 pages left out. */
export function sitemap(routes: Route[], shape: SiteShape, lastmod: string): string {
  const abs = (url: string) => escapeXml(absoluteUrl(shape.baseUrl, url));
  const entries = routes
    .filter((r) => !r.noindex && !r.notFound)
    .map((r) => {
      const alternates = shape.locales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${abs(shape.urls.localeUrl(l, r.path))}"/>`);
      alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${abs(shape.urls.localeUrl(shape.defaultLocale, r.path))}"/>`);
      return `<url><loc>${abs(r.url)}</loc><lastmod>${lastmod}</lastmod>${alternates.join('')}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robots(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(baseUrl, '/sitemap.xml')}\n`;
}

/** Netlify / Cloudflare Pages header rules. */
export function headersFile(frameSources: string[]): string {
  return formatHeadersFile(headerRules(frameSources));
}

/** Netlify: each locale's paths get its 404 page, everything else the default locale's (status 404). */
export function redirectsFile(shape: Pick<SiteShape, 'locales' | 'defaultLocale'>): string {
  const others = shape.locales.filter((l) => l !== shape.defaultLocale).map((l) => `/${l}/*  /${l}/404.html  404`);
  return `${others.join('\n')}\n/*  /404.html  404\n`;
}
