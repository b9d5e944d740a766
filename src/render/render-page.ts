// Renders one route to a complete HTML document. Pure: data in, a string out, no file I/O.
import { randomUUID } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { pathIn, type Route } from '../routes/routes.ts';
import { absoluteUrl, localeUrls } from '../routes/urls.ts';
import { createElement as h, type ComponentType } from 'react';
import type { PageDefinition, PageMeta, SiteDefinition } from '../site/definition.ts';
import { callHook, HookError } from '../site/hooks.ts';
import type { EngineContent } from '../site/page-data.ts';
import { Document, type Assets } from './document.ts';
import { IslandCollector, IslandProps, type IslandRecord } from './island.ts';
import { PageContext, type PageData } from './page-context.ts';
import { SharingContext, splice, type PagePart, type SharedParts, type Sharing } from './shared.ts';
import { directionOf } from '../site/direction.ts';

export interface RenderOptions {
  site: SiteDefinition;
  content: EngineContent;
  assets: Assets;
  /** The production origin; the site's own when not given. */
  baseUrl?: string;
  year: number;
  /** Parts marked <Shared>, kept across the pages of this build (none: every page rendered whole). */
  shared?: SharedParts;
}

export interface RenderedPage {
  html: string;
  /** Names of the islands the page holds. */
  islands: string[];
  /** The HTML as the stretches it was put together from (shared parts apart), for what reads every page. */
  parts: PagePart[];
  /** The document's title, for the check that no two kinds of page share one. */
  title: string;
}

/** Stands for the body while the document around it is rendered: no content can hold it by chance. */
const BODY = `<site-body-${randomUUID()}>`;

/** A template threw while rendering a page: a bug in a template, so its stack is kept. */
export class RenderError extends Error {
  readonly route: Route;
  readonly template: string;
  override readonly cause: unknown;
  constructor(route: Route, template: string, cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause);
    super(`page ${route.url} (${route.locale}): template ${template} threw: ${message}`);
    this.route = route;
    this.template = template;
    this.cause = cause;
    this.name = 'RenderError';
  }
}

const registries = new WeakMap<SiteDefinition, Map<string, PageDefinition>>();
function pageDefinition(site: SiteDefinition, id: string): PageDefinition {
  let byId = registries.get(site);
  if (!byId) registries.set(site, (byId = new Map(site.pages.map((p) => [p.id, p]))));
  return byId.get(id)!;
}

/** A key of a piece of content of unknown shape. */
const field = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** What templates read through usePage() for a route. */
export function pageData(route: Route, { site, content, year, baseUrl: given }: RenderOptions): PageData {
  const definition = pageDefinition(site, route.page);
  const text = content.locales[route.locale] ?? {};
  const own = definition.collection ? field(text[definition.collection], Object.values(route.params)[0]!) : field(text.pages, route.page);
  const locales = Object.keys(site.locales);
  const urls = localeUrls(locales, site.defaultLocale);
  const baseUrl = given ?? callHook('baseUrl()', undefined, () => site.baseUrl(content as never));
  return {
    content,
    locale: route.locale,
    locales,
    defaultLocale: site.defaultLocale,
    intl: site.locales[route.locale]!.intl,
    intlOf: (locale) => site.locales[locale]!.intl,
    dir: directionOf(site.locales[route.locale]!.intl),
    dirOf: (locale) => directionOf(site.locales[locale]!.intl),
    route,
    navigation: site.pages.filter((p) => p.nav && !p.collection).map((p) => ({ id: p.id, path: p.path })),
    text,
    own,
    year,
    href: (path, locale = route.locale) => urls.href(locale, path),
    alternate: (locale) => {
      const path = pathIn(route, locale);
      return path === undefined ? undefined : urls.href(locale, path);
    },
    absolute: (url) => absoluteUrl(baseUrl, url),
  };
}

/** The page content's own title and description, when the site has no meta hook. */
function defaultMeta(page: PageData): PageMeta {
  const own = (page.text as { pages?: Record<string, { title?: string; description?: string }> }).pages?.[page.route.page];
  return { title: own?.title ?? '', description: own?.description ?? '' };
}

export function renderPage(route: Route, options: RenderOptions): RenderedPage {
  const { site, assets } = options;
  const definition = pageDefinition(site, route.page);
  // A template is typed by the site with its own props: the route's params, and a plugin's data.
  const Template = definition.template as ComponentType<Record<string, unknown>>;
  const Layout = site.layout;
  const page = pageData(route, options);
  try {
    const islands: IslandRecord[] = [];
    const sharing: Sharing | null = options.shared ? { parts: options.shared, placed: [] } : null;
    // The body first, so every island's props are known before the document is put together.
    const template = h(Template, { ...route.params, ...(route.data ? { data: route.data } : {}) });
    const rendered = renderToStaticMarkup(
      h(PageContext.Provider, { value: page }, h(SharingContext.Provider, { value: sharing }, h(IslandCollector.Provider, { value: islands }, h(Layout, null, template)))),
    );
    const body = sharing?.placed.length ? splice(rendered, sharing, islands) : [{ html: rendered }];
    if (islands.length) body.push({ html: renderToStaticMarkup(h(IslandProps, { islands })) });
    const where = `page ${route.url} (${route.locale})`;
    // A plugin's page may give its own; the site's meta() need not know it.
    const meta = route.meta ?? (site.meta ? callHook('meta()', where, () => site.meta!(page)) : defaultMeta(page));
    // A title read from a field that is not there would be published as "undefined".
    if (typeof meta?.title !== 'string') throw new HookError(route.meta ? `plugin route's meta` : 'meta()', where, new Error(`gave the page no title (${meta ? String(meta.title) : String(meta)}): give it one, from its content or a fallback`));
    const title = site.documentTitle ? callHook('documentTitle()', where, () => site.documentTitle!(meta, page)) : meta.title;
    const jsonLd = callHook('jsonLd()', where, () => site.jsonLd?.(page, meta));
    const document = renderToStaticMarkup(
      h(PageContext.Provider, { value: page }, h(Document, { page, meta, title, head: site.head, assets, jsonLd, bodyHtml: BODY, hasIslands: islands.length > 0 })),
    );
    const at = document.indexOf(BODY);
    const parts = [{ html: `<!DOCTYPE html>${document.slice(0, at)}` }, ...body, { html: document.slice(at + BODY.length) }];
    return { html: parts.map((p) => p.html).join(''), islands: islands.map((i) => i.name), parts, title };
  } catch (error) {
    if (error instanceof HookError) throw error;
    throw new RenderError(route, Template.displayName ?? Template.name ?? definition.id, error);
  }
}
