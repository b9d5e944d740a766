// The route table: every registry page in every locale (one per collection entry), plus each locale's "not found" page.
import type { PageDefinition, SiteDefinition } from '../site/definition.ts';
import { callHook } from '../site/hooks.ts';
import type { EngineContent } from '../site/page-data.ts';
import { pathIn, type Route } from '../site/route.ts';

export { pathIn };
import { fileOfUrl, localeUrls } from './urls.ts';

export type { Route };

const PARAM = /\[(\w+)\]/g;

/** The names of a path's [params]: "/services/[slug]" → ["slug"]. */
export function paramsOf(path: string): string[] {
  return Array.from(path.matchAll(PARAM), (m) => m[1]!);
}

/** A path with its [params] filled in, each percent-encoded as a URL path segment ("c++" → "c%2B%2B"). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(PARAM, (_, name: string) => encodeURIComponent(params[name]!));
}

/** The pages a registry entry makes in one locale: one, or one per collection entry. */
function instances(page: PageDefinition, entries: Record<string, unknown> | undefined): { params: Record<string, string>; entry?: unknown }[] {
  if (!page.collection) return [{ params: {} }];
  const [param] = paramsOf(page.path);
  return Object.entries(entries ?? {}).map(([id, entry]) => ({ params: { [param!]: id }, entry }));
}

/** A collection page's path in each locale that has the entry, when not one path in every locale. */
function alternatesOf(site: SiteDefinition, page: PageDefinition, content: EngineContent, id: string, slugs: ReadonlyMap<string, string>): Record<string, string> | undefined {
  const locales = Object.keys(site.locales);
  const [param] = paramsOf(page.path);
  const paths: Record<string, string> = {};
  for (const locale of locales) {
    const entries = content.locales[locale]?.[page.collection!] as Record<string, unknown> | undefined;
    // A fallback (the default locale's entry shown untranslated) is no alternate: the original is.
    if (entries && Object.hasOwn(entries, id) && !(entries[id] as { fallback?: string } | undefined)?.fallback) paths[locale] = fillPath(page.path, { [param!]: slugs.get(`${locale}/${page.collection}/${id}`) ?? id });
  }
  const values = Object.values(paths);
  return values.length === locales.length && values.every((p) => p === values[0]) ? undefined : paths;
}

export function planRoutes(site: SiteDefinition, content: EngineContent, slugs: ReadonlyMap<string, string> = new Map()): Route[] {
  const urls = localeUrls(Object.keys(site.locales), site.defaultLocale);
  const routes: Route[] = [];
  for (const locale of Object.keys(site.locales)) {
    for (const page of site.pages) {
      // A generated page's routes come from a plugin (plan-step.ts).
      if (page.generated) continue;
      const entries = page.collection ? (content.locales[locale]?.[page.collection] as Record<string, unknown> | undefined) : undefined;
      for (const { params, entry } of instances(page, entries)) {
        const alternates = page.collection ? alternatesOf(site, page, content, Object.values(params)[0]!, slugs) : undefined;
        const path = alternates?.[locale] ?? fillPath(page.path, params);
        const url = page.notFound ? `${urls.localeUrl(locale, '/')}404` : urls.localeUrl(locale, path);
        // The site's hook is typed with its own entries: this is one of them.
        const decide = page.noindex;
        const noindex = page.notFound || (typeof decide === 'function' ? callHook(`pages["${page.id}"].noindex()`, `page ${url}`, () => decide(entry as never)) : !!decide);
        const fallback = (entry as { fallback?: string } | undefined)?.fallback;
        routes.push({ page: page.id, params, path, locale, url, file: fileOfUrl(url), noindex, notFound: !!page.notFound, ...(alternates ? { alternates } : {}), ...(fallback ? { fallback } : {}) });
      }
    }
  }
  return routes;
}

/** What makes two route tables the same site: a dev rebuild of some pages needs an unchanged table. */
export function routeSignature(routes: Route[]): string {
  // Read tracking cannot see a plugin page's data or alternates: a change of either renders everything again.
  return routes.map((r) => `${r.url} ${r.page} ${r.noindex}${r.data ? ` ${JSON.stringify(r.data)}` : ''}${r.alternates ? ` ${JSON.stringify(r.alternates)}` : ''}`).join('\n');
}
