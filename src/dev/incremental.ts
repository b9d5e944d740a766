// dev's fast path after a content edit: reload and validate the content, then re-render only the
// pages that depend on the changed files, straight into the dev output folder.
import { resolve } from 'node:path';
import type { BuildOptions } from '../build/build.ts';
import { renderAndWrite } from '../build/render-pages.ts';
import { loadContent } from '../content/load-content.ts';
import { LOCALES } from '../../templates/schema.ts';
import type { SiteContent } from '../content/types.ts';
import { planRoutes, type Route } from '../routes/routes.ts';
import type { Assets } from '../../templates/Document.tsx';

export interface DevState {
  content: SiteContent;
  routes: Route[];
  assets: Assets;
}

/**
 * The routes a set of changed content files (content-relative paths) affects. Site-wide files and
 * UI strings touch every page; a service's name or description shows in every page's navigation
 * and in lists, so changing those touches its whole locale; anything else only the pages built
 * from that file.
 */
export function affectedRoutes(routes: Route[], changed: string[], before: SiteContent, after: SiteContent): Route[] {
  const all = new Set<Route>();
  for (const file of changed) {
    const [first, ...rest] = file.split('/');
    if (!rest.length || !(LOCALES as readonly string[]).includes(first!) || rest.join('/') === 'ui.yaml') return routes;
    const locale = first as (typeof LOCALES)[number];
    const slug = /^services\/(.+)\.md$/.exec(rest.join('/'))?.[1];
    if (slug) {
      const [old, now] = [before.locales[locale].services[slug]?.front, after.locales[locale].services[slug]?.front];
      if (!old || !now || old.name !== now.name || old.description !== now.description) {
        for (const route of routes) if (route.locale === locale) all.add(route);
        continue;
      }
    }
    for (const route of routes) if (route.sources.includes(file)) all.add(route);
  }
  return routes.filter((r) => all.has(r));
}

/** Rebuilds the pages the changes affect; returns undefined when the route table itself changed. */
export async function rebuildChanged(state: DevState, options: BuildOptions, changed: string[]): Promise<{ state: DevState; pages: number } | undefined> {
  const { content } = await loadContent(resolve(options.contentDir));
  const routes = planRoutes(content);
  if (routes.length !== state.routes.length || routes.some((r, i) => r.url !== state.routes[i]!.url)) return undefined;
  const affected = affectedRoutes(routes, changed, state.content, content);
  const indexes = affected.map((r) => routes.indexOf(r));
  renderAndWrite(routes, indexes, { content, assets: state.assets, year: options.year ?? new Date().getFullYear(), staging: resolve(options.outDir), live: true });
  return { state: { content, routes, assets: state.assets }, pages: indexes.length };
}
