// A worker thread's part of a large build: receive the job once (site module, routes, content),
// then render and write the chunks of pages it is asked for.
import { parentPort } from 'node:worker_threads';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { describeFailure } from './describe-failure.ts';
import { loadSite } from './load-site.ts';
import { renderAndWrite, type RenderJob } from './render-pages.ts';

type Message = { type: 'job'; siteModule: string; routes: Route[]; job: RenderJob } | { type: 'render'; indexes: number[] };

let current: { site: SiteDefinition; routes: Route[]; job: RenderJob } | undefined;
let rendered = 0;
let busy = 0;

parentPort!.on('message', async (message: Message) => {
  try {
    if (message.type === 'job') {
      current = { site: await loadSite(message.siteModule), routes: message.routes, job: message.job };
      rendered = busy = 0;
      return parentPort!.postMessage({ ok: true, results: { pages: [], cacheKeys: [] } });
    }
    const t = performance.now();
    const results = renderAndWrite(current!.site, current!.routes, message.indexes, current!.job);
    rendered += message.indexes.length;
    busy += performance.now() - t;
    if (process.env.SITE_TIMINGS && rendered % 1024 < message.indexes.length) console.error(`worker: ${rendered} pages in ${Math.round(busy)} ms`);
    parentPort!.postMessage({ ok: true, results });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: describeFailure(error) });
  }
});
