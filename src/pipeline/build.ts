// The build's named steps, for `build` and `dev`: load → routes → warnings → bundle → files → render (a staging folder,
// or in dev what an edit affected) → check → publish → tell the plugins. What they share is the BuildRun (run.ts).
import { bundleStep } from './steps/bundle-step.ts';
import { checkStep } from './steps/check-step.ts';
import { inlineStyleWarnings, sharedTitles } from '../checks/page-warnings.ts';
import { strictly, warningsStep } from './steps/warnings-step.ts';
import { loadStep } from './steps/load-step.ts';
import { doneStep } from './steps/done-step.ts';
import { filesStep } from './steps/files-step.ts';
import { formatReport } from '../report/summary.ts';
import { planStep } from './steps/plan-step.ts';
import { routeSignature } from '../routes/routes.ts';
import { shown } from '../problems/shown.ts';
import { callHook } from '../site/hooks.ts';
import { dayIn } from '../content/lifecycle.ts';
import type { BuildOptions, BuildResult } from './build-types.ts';
import { dirname } from 'node:path';
import { renderAffected } from './render-affected.ts';
import { renderAll } from './render-full.ts';
import type { RenderJob } from './render-pages.ts';
import { BuildRun } from './run.ts';

export { outputFate, type BuildOptions, type BuildResult, type OutputFate } from './build-types.ts';
export { checkOutput } from './run.ts';

export async function build(options: BuildOptions): Promise<BuildResult> {
  const run = await BuildRun.start(options);
  try {
    await run.beginStaticCopy();
    // Work that needs no content starts beside the load; not for dev's rebuild of what an edit affects.
    if (!options.previous) for (const plugin of run.plugins) plugin.begin?.({ siteDir: dirname(run.siteFile) });
    const { content, files: contentFiles, links, slugs, spoken, held, warnings: takenDown } = await loadStep(run);
    const routes = planStep(run, content, slugs);
    const signature = routeSignature(routes);
    run.phase('load');
    const warnings = [...warningsStep(run, content), ...strictly(run, takenDown)];
    const { bundle, assets } = await bundleStep(run, content);
    const files = filesStep(run, content, routes, bundle);
    run.phase('bundle');
    const job: RenderJob = {
      content, assets, baseUrl: run.context.baseUrl, year: options.year ?? Number(dayIn(run.context.now, run.site.timeZone ?? 'UTC').slice(0, 4)), now: run.context.now.toISOString(), contentDir: run.context.contentDir, folders: run.context.folders,
      outDir: run.dirs.out, track: options.track, encodings: run.encodings, measureWeight: run.plugins.some((p) => p.weighsPages),
    };
    const previous = options.previous?.signature === signature && options.previous.assets.js === assets.js && options.previous.assets.css === assets.css ? options.previous : undefined;
    const rendered = previous ? renderAffected(run, previous, contentFiles, routes, job, files) : await renderAll(run, routes, job, files, bundle);
    run.phase('render');
    const sizes = checkStep(run, { content, routes, pages: rendered.pages, links, spoken, files, bundle, assetWeights: rendered.assetWeights });
    warnings.push(...strictly(run, [...inlineStyleWarnings(run.site.output?.headers, routes, rendered.pages), ...sharedTitles(routes, rendered.pages)]));
    run.phase('checks');
    const published = await rendered.write();
    await doneStep(run, content, routes);
    run.phase('write');
    if (process.env.SITE_TIMINGS) console.error(run.timings());
    const ms = performance.now() - run.started;
    const budgets = run.plugins.some((p) => p.weighsPages) ? callHook('budgets()', undefined, () => run.site.budgets?.(content)) : undefined;
    const summary = formatReport(sizes, budgets, warnings, ms, shown(run.dirs.out), { published, reportFile: options.reportFile, held });
    const state = options.track ? { signature, files: contentFiles, pages: rendered.pages, assets } : undefined;
    const count = previous ? rendered.pages.filter((p, i) => p !== previous.pages[i]).length : rendered.pages.length;
    return { routes, content, warnings, sizes, rendered: count, ms, summary, state, published };
  } catch (error) {
    throw run.failed(error);
  } finally {
    await run.close();
  }
}
