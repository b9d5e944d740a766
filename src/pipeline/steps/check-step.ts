// The check step, once every page is rendered: content links (where written), page links and assets, islands,
// and each plugin's check; problems thrown together (warnings: checks/page-warnings.ts).
import type { ContentLinks } from '../../content/load-content.ts';
import type { OutputFiles } from '../../output/write-files.ts';
import type { Bundle } from '../../site/plugin.ts';
import type { PageResult } from '../render-pages.ts';
import type { Route } from '../../routes/routes.ts';
import type { BuildRun } from '../run.ts';
import { callPlugin } from '../../plugins/run.ts';
import { BuildFailure } from '../../problems/problem.ts';
import { shown } from '../../problems/shown.ts';
import type { EngineContent } from '../../site/page-data.ts';
import { measure, type SizeReport } from '../../checks/budgets.ts';
import { unknownIslands } from '../../checks/islands.ts';
import { checkContentLinks, checkOutputLinks, type OutputIndex } from '../../checks/links.ts';
import { inEditorWords, type SpokenFile } from '../../content/field-words.ts';

export interface CheckInput {
  content: EngineContent;
  routes: Route[];
  pages: PageResult[];
  links: ContentLinks;
  /** A broken link in content is told in the editor's words. */
  spoken: ReadonlyMap<string, SpokenFile>;
  files: OutputFiles;
  bundle: Bundle;
  assetWeights?: Map<string, number>;
}

export function checkStep(run: BuildRun, { content, routes, pages, links, spoken, files, bundle, assetWeights }: CheckInput): SizeReport {
  const rendered = pages.map((p) => ({ ...p, route: routes[p.index]! }));
  const index: OutputIndex = {
    pages: new Map(rendered.filter((p) => !p.route.notFound).map((p) => [p.route.url, p.ids])),
    files: new Set([...[...run.statics.files, ...files.keys()].map((f) => `/${f}`), ...(run.options.extraScripts ?? [])]),
    localeOf: run.urls.localeOfPath,
  };
  const staticDir = shown(run.dirs.static);
  // Reported where written, not again on the pages that show it.
  const claimed = new Set(run.staticSources.filter((f) => run.plugins.some((p) => p.claims?.(f))).map((f) => `/${f}`));
  const contentLinkProblems = checkContentLinks(links, index, run.urls, staticDir, claimed);
  if (contentLinkProblems.length) throw new BuildFailure(inEditorWords(contentLinkProblems, spoken));
  const problems = [...checkOutputLinks(rendered, index, staticDir), ...unknownIslands(rendered, Object.keys(run.site.islands?.registry ?? {}))];
  const asset = (a: Bundle['css']) => ({ contents: a.contents, brotli: assetWeights?.get(a.url.slice(1)) });
  const sizes = measure(rendered, asset(bundle.css), asset(bundle.js));
  for (const plugin of run.plugins) {
    if (plugin.check) problems.push(...callPlugin(plugin, 'check', undefined, () => plugin.check!({ ...run.context, content, pages: rendered, css: sizes.css, js: sizes.js })));
  }
  if (problems.length) throw new BuildFailure(problems);
  return sizes;
}
