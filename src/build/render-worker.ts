// A worker thread's share of a large build: render and write the routes it is given.
import { parentPort } from 'node:worker_threads';
import { describeFailure } from '../cli/report-failure.ts';
import type { Route } from '../routes/routes.ts';
import { renderAndWrite, type RenderJob } from './render-pages.ts';

interface Task {
  routes: Route[];
  indexes: number[];
  job: RenderJob;
}

parentPort!.on('message', (task: Task) => {
  try {
    const t = performance.now();
    const results = renderAndWrite(task.routes, task.indexes, task.job);
    if (process.env.SITE_TIMINGS) console.error(`worker: ${task.indexes.length} pages in ${Math.round(performance.now() - t)} ms`);
    parentPort!.postMessage({ ok: true, results });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: describeFailure(error) });
  }
});
