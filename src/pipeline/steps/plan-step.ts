// The build's routes step: every registry page in every locale (routes.ts), then the pages plugins
// add with their data (pagination, taxonomies). Two pages on one URL are an error naming both: one
// would overwrite the other.
import type { BuildRun } from '../run.ts';
import type { PluginRoute } from '../../site/plugin.ts';
import { callPlugin } from '../../plugins/run.ts';
import { BuildFailure, Problem } from '../../problems/problem.ts';
import type { EngineContent } from '../../site/page-data.ts';
import { planRoutes, type Route } from '../../routes/routes.ts';
import { fileOfUrl } from '../../routes/urls.ts';

export function planStep(run: BuildRun, content: EngineContent, slugs?: ReadonlyMap<string, string>): Route[] {
  const routes = planRoutes(run.site, content, slugs);
  const problems: Problem[] = [];
  for (const plugin of run.plugins) {
    if (!plugin.routes) continue;
    for (const planned of callPlugin(plugin, 'routes', undefined, () => plugin.routes!(content, run.context))) {
      const why = pluginRouteProblem(run, planned);
      if (why) problems.push(new Problem('site/definition', { part: `plugin "${plugin.name}"` }, 'plans a page the site cannot build', [{ path: `${planned.locale} ${planned.path}`, message: why }]));
      else routes.push(toRoute(run, planned));
    }
  }
  const byUrl = new Map<string, Route>();
  for (const route of routes) {
    const first = byUrl.get(route.url);
    if (first) problems.push(new Problem('route/duplicate', { part: `URL ${route.url}` }, 'is planned twice', [{ path: '', message: `by page "${first.page}" and by page "${route.page}"; each URL is one page (one would overwrite the other)` }]));
    else byUrl.set(route.url, route);
  }
  if (problems.length) throw new BuildFailure(problems);
  return routes;
}

function pluginRouteProblem(run: BuildRun, planned: PluginRoute): string | undefined {
  const page = run.site.pages.find((p) => p.id === planned.page);
  if (!page) return `no registry page "${planned.page}"; a plugin's page is registered with generated: true (its config hook may add it)`;
  if (!page.generated) return `page "${planned.page}" is not marked generated: true, so the registry plans its pages itself`;
  if (!run.locales.includes(planned.locale)) return `"${planned.locale}" is not a locale of the site (${run.locales.join(', ')})`;
  if (!planned.path.startsWith('/') || planned.path.includes('//') || /[?#\\]|(^|\/)\.\.?(\/|$)/.test(planned.path)) return `"${planned.path}" is not a path of the site (it starts with "/", with no "..", "?" or "#")`;
  return undefined;
}

function toRoute(run: BuildRun, planned: PluginRoute): Route {
  const url = run.urls.localeUrl(planned.locale, planned.path);
  return { page: planned.page, params: {}, path: planned.path, locale: planned.locale, url, file: fileOfUrl(url), noindex: !!planned.noindex, notFound: false, ...(planned.data ? { data: planned.data } : {}) };
}
