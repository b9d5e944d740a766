// The HTML document around a page; the island script only on pages that have islands.
import { createElement as h, type ComponentType } from 'react';
import type { PageMeta } from '../site/definition.ts';
import type { PageData } from './page-context.ts';

export interface Assets {
  css: string;
  /** The island reviver; left out of pages without islands. */
  js?: string;
  /** Extra module scripts (the dev server's reload client). */
  extraScripts?: string[];
  /** The public CSP, in the 404 pages themselves: hosts answer unknown paths with one, under whatever headers that path gets. */
  notFoundCsp?: string;
  /** Every page carries it too: the host sends no _headers (GitHub Pages). */
  cspInEveryPage?: boolean;
}

export function Document({ page, meta, title, head: Head, assets, jsonLd, bodyHtml, hasIslands }: {
  page: PageData;
  meta: PageMeta;
  title: string;
  head?: ComponentType<{ meta: PageMeta; title: string }>;
  assets: Assets;
  jsonLd?: object;
  bodyHtml: string;
  hasIslands: boolean;
}) {
  const { locale, locales, defaultLocale, route } = page;
  const scripts = [...(hasIslands && assets.js ? [assets.js] : []), ...(assets.extraScripts ?? [])];
  // Every locale that has this page (an entry may be in some only, or at another address in each).
  const alternate = (l: string) => page.absolute(page.alternate(l)!);
  const present = locales.filter((l) => page.alternate(l) !== undefined);
  return h(
    'html',
    { lang: locale, dir: page.dir === 'rtl' ? 'rtl' : undefined, 'data-page': route.page, 'data-not-found': route.notFound ? '' : undefined },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      (route.notFound || assets.cspInEveryPage) && assets.notFoundCsp && h('meta', { httpEquiv: 'Content-Security-Policy', content: assets.notFoundCsp }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, title),
      // None when the page has none (a site's meta() may give undefined for optional front matter): never an empty tag.
      meta.description && h('meta', { name: 'description', content: meta.description }),
      route.noindex && h('meta', { name: 'robots', content: 'noindex, nofollow' }),
      !route.notFound && h('link', { rel: 'canonical', href: page.absolute(route.fallback ? page.alternate(route.fallback)! : route.url) }),
      !route.notFound && present.map((l) => h('link', { key: l, rel: 'alternate', hrefLang: l, href: alternate(l) })),
      !route.notFound && present.includes(defaultLocale) && h('link', { rel: 'alternate', hrefLang: 'x-default', href: alternate(defaultLocale) }),
      Head && h(Head, { meta, title }),
      h('link', { rel: 'stylesheet', href: assets.css }),
      scripts.map((src) => h('script', { key: src, type: 'module', src })),
      jsonLd && h('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') } }),
    ),
    h('body', { dangerouslySetInnerHTML: { __html: bodyHtml } }),
  );
}
