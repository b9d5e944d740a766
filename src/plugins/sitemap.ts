// sitemap.xml: every indexable page with its hreflang alternates (every locale and x-default).
import { pathIn, type Route } from '../routes/routes.ts';
import { absoluteUrl } from '../routes/urls.ts';
import type { SiteShape } from '../site/plugin.ts';
import { escapeMarkup as escapeXml } from '../security/escape.ts';


export function sitemap(routes: readonly Route[], shape: SiteShape, lastmod: string): string {
  const abs = (url: string) => escapeXml(absoluteUrl(shape.baseUrl, url));
  const entries = routes
    // A fallback (another locale's entry, untranslated) is not this locale's page: its original is listed.
    .filter((r) => !r.noindex && !r.notFound && !r.fallback)
    .map((r) => {
      const present = shape.locales.filter((l) => pathIn(r, l) !== undefined);
      const alternates = present.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${abs(shape.urls.localeUrl(l, pathIn(r, l)!))}"/>`);
      if (present.includes(shape.defaultLocale)) alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${abs(shape.urls.localeUrl(shape.defaultLocale, pathIn(r, shape.defaultLocale)!))}"/>`);
      return `<url><loc>${abs(r.url)}</loc><lastmod>${lastmod}</lastmod>${alternates.join('')}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}
