// The routes step: registry pages in every locale, then plugins' pages. Two pages writing one file are an error (one would
// overwrite the other), as is an address a host or the site gives another meaning ("404", "index", a folder of its own).
import type { BuildRun } from '../run.ts';
import type { PluginRoute } from '../../site/plugin.ts';
import { callPlugin } from '../../plugins/run.ts';
import { BuildFailure, Problem } from '../../problems/problem.ts';
import type { EngineContent } from '../../site/page-data.ts';
import { planRoutes, type Route } from '../../routes/routes.ts';
import { canonicalPath, decodedPath, fileOfUrl } from '../../routes/urls.ts';

export function planStep(run: BuildRun, content: EngineContent, slugs?: ReadonlyMap<string, string>): Route[] {
  const routes = planRoutes(run.site, content, slugs);
  const problems: Problem[] = areaProblems(run);
  const planned: { route: Route; key: string }[] = [];
  for (const plugin of run.plugins) {
    if (!plugin.routes) continue;
    for (const one of callPlugin(plugin, 'routes', undefined, () => plugin.routes!(content, run.context))) {
      const why = pluginRouteProblem(run, one);
      if (why) problems.push(new Problem('site/definition', { part: `plugin "${plugin.name}"` }, 'plans a page the site cannot build', [{ path: `${one.locale} ${one.path}`, message: why }]));
      else planned.push({ route: toRoute(run, one), key: `${one.page}\0${one.key ?? one.path}` });
    }
  }
  routes.push(...withAlternates(planned, run.locales));
  const byFile = new Map<string, Route>();
  const taken = takenFolders(run);
  /** Pages whose first folder is another's, by that reason: many (a section beside static/'s folder of that name) are told once. */
  const inTakenFolder = new Map<string, Route[]>();
  for (const route of routes) {
    // Disks and hosts that ignore case (macOS, Windows, some CDNs) see one file: "ſ" and "s" too (folded both ways).
    const folded = route.file.toUpperCase().toLowerCase();
    const first = byFile.get(folded);
    const reserved = reservedName(route);
    const folder = reserved ? undefined : takenFolder(run, route, taken);
    if (folder) inTakenFolder.set(folder, [...(inTakenFolder.get(folder) ?? []), route]);
    else if (reserved) problems.push(unusable(run, route, reserved));
    else if (first) {
      const same = first.url === route.url ? `both at ${route.url}` : `${first.url} and ${route.url} are one file, ${route.file}`;
      problems.push(new Problem('route/duplicate', { part: `URL ${route.url}` }, 'is planned twice', [{ path: '', message: `by ${madeBy(run, first)} and by ${madeBy(run, route)} (${same}); each page needs its own address (one would overwrite the other)` }]));
    } else byFile.set(folded, route);
  }
  for (const [reserved, clashing] of inTakenFolder) {
    if (clashing.length <= 3) {
      for (const route of clashing) problems.push(unusable(run, route, reserved));
    } else {
      const shown = clashing.slice(0, 3).map((r) => r.url).join(', ');
      problems.push(new Problem('route/duplicate', { part: `${clashing.length} pages` }, 'have addresses the site cannot use', [{ path: '', message: `${reserved}, and ${clashing.length} pages start there (${shown} and ${clashing.length - 3} more): rename that folder, or the pages' section` }]));
    }
  }
  if (problems.length) throw new BuildFailure(problems);
  return routes;
}

/**
 * An area's policy replaces the site's in its folder, so the folder must be its own: a plain name, not the assets', a locale's,
 * a folder static/ publishes or another area's.
 */
function areaProblems(run: BuildRun): Problem[] {
  const others = takenFolders(run, false);
  const problems: Problem[] = [];
  for (const [plugin, area] of run.areas) {
    const top = area.dir.split('/')[0]!;
    const owner = others.get(top);
    const why = !/^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*$/.test(area.dir) ? 'is not a folder name (letters, digits, ".", "_" and "-", folders joined by "/")' : owner && `is ${owner}`;
    if (why) problems.push(new Problem('site/definition', { part: `plugin "${plugin}"` }, 'has an area the site cannot give it', [{ path: 'area().dir', message: `"${area.dir}" ${why}: an area needs a folder of its own, where no page, locale or static file is` }]));
    others.set(top, `the folder of plugin "${plugin}"`);
  }
  return problems;
}

/** Top-level folders the site uses otherwise: each locale's, an area's (the editor's), static/'s. */
function takenFolders(run: BuildRun, areas = true): Map<string, string> {
  const taken = new Map<string, string>();
  taken.set('assets', "the folder of the site's scripts, styles and photos");
  for (const file of run.statics.files) if (file.includes('/')) taken.set(file.split('/')[0]!, `the folder of static/${file.split('/')[0]}`);
  if (areas) for (const [plugin, area] of run.areas) taken.set(area.dir.split('/')[0]!, `the folder of plugin "${plugin}"`);
  for (const locale of run.locales) {
    const folder = run.urls.localeUrl(locale, '/').split('/')[1];
    if (folder) taken.set(folder, `the folder of the site's "${locale}" pages`);
  }
  return taken;
}

function reservedName(route: Route): string | undefined {
  if (route.notFound) return undefined;
  const last = route.url.split('/').filter(Boolean).at(-1)?.toLowerCase();
  if (last === '404' || last === '404.html') return '"404" is the name of the page a host shows for an address it does not know';
  if (last === 'index' || last === 'index.html') return '"index" is the name of a folder\'s own page (its address ends with "/")';
  return undefined;
}

/** The page's first folder (after its locale's own) when the site uses it otherwise. */
function takenFolder(run: BuildRun, route: Route, taken: ReadonlyMap<string, string>): string | undefined {
  if (route.notFound) return undefined;
  const segments = route.url.split('/').filter(Boolean);
  const own = run.urls.localeUrl(route.locale, '/').split('/')[1];
  const first = segments[own ? 1 : 0];
  const owner = first === undefined ? undefined : taken.get(first);
  return owner && `"${first}" at the start of an address is ${owner}`;
}

const unusable = (run: BuildRun, route: Route, why: string) =>
  new Problem('route/duplicate', { part: `URL ${route.url}` }, 'has an address the site cannot use', [{ path: '', message: `${madeBy(run, route)}: ${why}; rename it` }]);

/** For a collection's page, the entry and its file too. */
function madeBy(run: BuildRun, route: Route): string {
  const page = run.site.pages.find((p) => p.id === route.page);
  const collection = page?.collection ? run.site.content.collections[page.collection] : undefined;
  const id = Object.values(route.params)[0];
  if (!collection || id === undefined) return `page "${route.page}"`;
  return `entry "${id}" of ${page!.collection} (${run.context.contentDir}/${route.locale}/${collection.folder}/${id}${collection.ext})`;
}

/** Alternates name only the locales that planned the page: the switcher, hreflang and sitemap never point at no page. */
function withAlternates(planned: { route: Route; key: string }[], locales: readonly string[]): Route[] {
  const present = new Map<string, Route[]>();
  for (const { route, key } of planned) present.set(key, [...(present.get(key) ?? []), route]);
  return planned.map(({ route, key }) => {
    const same = present.get(key)!;
    if (same.length === locales.length && same.every((other) => other.path === route.path)) return route;
    return { ...route, alternates: Object.fromEntries(same.map((other) => [other.locale, other.path])) };
  });
}

function pluginRouteProblem(run: BuildRun, planned: PluginRoute): string | undefined {
  const page = run.site.pages.find((p) => p.id === planned.page);
  if (!page) return `no registry page "${planned.page}"; a plugin's page is registered with generated: true (its config hook may add it)`;
  if (!page.generated) return `page "${planned.page}" is not marked generated: true, so the registry plans its pages itself`;
  if (!run.locales.includes(planned.locale)) return `"${planned.locale}" is not a locale of the site (${run.locales.join(', ')})`;
  // Read as its file will be named ("%2e%2e" is ".."): a page outside the output folder never planned.
  if (!planned.path.startsWith('/') || planned.path.includes('//') || /[?#]/.test(planned.path) || /(^|\/)\.\.?(\/|$)|\\/.test(decodedPath(planned.path))) return `"${planned.path}" is not a path of the site (it starts with "/", with no "..", "?" or "#")`;
  return undefined;
}

function toRoute(run: BuildRun, planned: PluginRoute): Route {
  // Spelt as the registry's pages are: a tag in any script percent-encoded ("/blog/tags/%E3%83%91%E3%83%B3").
  const url = canonicalPath(run.urls.localeUrl(planned.locale, planned.path));
  return { page: planned.page, params: {}, path: planned.path, locale: planned.locale, url, file: fileOfUrl(url), noindex: !!planned.noindex, notFound: false, ...(planned.data ? { data: planned.data } : {}), ...(planned.meta ? { meta: planned.meta } : {}) };
}
