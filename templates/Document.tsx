// The HTML document around a page: language, title, description, canonical and hreflang links,
// social cards, icons, the stylesheet, structured data, and the island script only when needed.
import { LOCALES } from './schema.ts';
import { absoluteUrl, localeUrl } from '../src/routes/urls.ts';
import type { PageData } from './context.ts';
import { documentTitle, type PageMeta } from './head/page-meta.ts';

export interface Assets {
  css: string;
  /** The island reviver; left out of pages without islands. */
  js?: string;
  /** Extra module scripts (the dev server's reload client). */
  extraScripts?: string[];
}

const OG_LOCALE = { en: 'en_US', es: 'es_US' } as const;

export function Document({ page, meta, assets, jsonLd, bodyHtml, hasIslands }: {
  page: PageData;
  meta: PageMeta;
  assets: Assets;
  jsonLd?: object;
  bodyHtml: string;
  hasIslands: boolean;
}) {
  const { content, locale, route } = page;
  const { site } = content;
  const title = documentTitle(meta, site.name);
  const abs = (url: string) => absoluteUrl(site.baseUrl, url);
  const isNotFound = route.kind.type === 'not-found';
  const canonical = abs(route.url);
  const scripts = [...(hasIslands && assets.js ? [assets.js] : []), ...(assets.extraScripts ?? [])];
  return (
    <html lang={locale} data-page={route.kind.type}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        {route.noindex && <meta name="robots" content="noindex, nofollow" />}
        {!isNotFound && <link rel="canonical" href={canonical} />}
        {!isNotFound && LOCALES.map((l) => <link key={l} rel="alternate" hrefLang={l} href={abs(localeUrl(l, route.path))} />)}
        {!isNotFound && <link rel="alternate" hrefLang="x-default" href={abs(localeUrl('en', route.path))} />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={abs('/images/og-image.png')} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:locale" content={OG_LOCALE[locale]} />
        {LOCALES.filter((l) => l !== locale).map((l) => <meta key={l} property="og:locale:alternate" content={OG_LOCALE[l]} />)}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={abs('/images/og-image.png')} />
        <meta name="theme-color" content={site.themeColor} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href={localeUrl(locale, '/manifest.webmanifest')} />
        <link rel="stylesheet" href={assets.css} />
        {scripts.map((src) => <script key={src} type="module" src={src} />)}
        {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />}
      </head>
      <body dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </html>
  );
}
