// A worker thread's share of a large build: load the site definition, then render and write the
// routes it is given.
import { parentPort } from 'node:worker_threads';
import { describeFailure } from './describe-failure.ts';
import type { Route } from '../routes/routes.ts';
import { loadSite } from './load-site.ts';
import { renderAndWrite, type RenderJob } from './render-pages.ts';

interface Task {
  siteModule: string;
  routes: Route[];
  indexes: number[];
  job: RenderJob;
}

parentPort!.on('message', async (task: Task) => {
  try {
    const t = performance.now();
    const site = await loadSite(task.siteModule);
    const results = renderAndWrite(site, task.routes, task.indexes, task.job);
    if (process.env.SITE_TIMINGS) console.error(`worker: ${task.indexes.length} pages in ${Math.round(performance.now() - t)} ms`);
    parentPort!.postMessage({ ok: true, results });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: describeFailure(error) });
  }
});
