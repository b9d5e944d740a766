// Spreads rendering over worker threads when a site is large enough to repay their start-up
// (~0.3 s each to load the templates). Each worker is sent the job once (content, routes), then
// asks for chunks of pages until none are left, so every core stays busy to the end.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { spawnTsWorker } from '../workers/spawn.ts';
import { renderAndWrite, type PageResult, type RenderJob, type RenderOutput } from './render-pages.ts';

/** Below this many content files, one thread renders faster than starting workers. */
export const WORKER_THRESHOLD = 400;
/** Pages per request: small enough to balance the end, large enough that messages cost nothing. */
const CHUNK = 64;

type Reply = { ok: true; results: RenderOutput } | { ok: false; message: string; code?: string; syscall?: string; path?: string };

export class RenderPool {
  private workers: Worker[];

  constructor(size = Math.min(availableParallelism(), 4)) {
    this.workers = Array.from({ length: size }, () => spawnTsWorker(new URL('./render-worker.ts', import.meta.url)));
  }

  async run(siteModule: string, routes: Route[], job: RenderJob, onProgress?: (done: number, total: number) => void): Promise<RenderOutput> {
    const chunks: number[][] = [];
    for (let i = 0; i < routes.length; i += CHUNK) chunks.push(Array.from({ length: Math.min(CHUNK, routes.length - i) }, (_, k) => i + k));
    const pages: PageResult[] = [];
    const cacheUsed: RenderOutput['cacheUsed'] = [];
    await Promise.all(
      this.workers.map(async (worker, w) => {
        const started = performance.now();
        let count = 0;
        await ask(worker, { type: 'job', siteModule, routes, job });
        for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
          const output = await ask(worker, { type: 'render', indexes: chunk });
          pages.push(...output.pages);
          cacheUsed.push(...output.cacheUsed);
          count += chunk.length;
          onProgress?.(pages.length, routes.length);
        }
        if (process.env.SITE_TIMINGS) console.error(`worker ${w + 1}: ${count} pages in ${Math.round(performance.now() - started)} ms`);
      }),
    );
    return { pages: pages.sort((a, b) => a.index - b.index), cacheUsed };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Sends a message and waits for the worker's reply; a failure carries the stack where it happened. */
function ask(worker: Worker, message: unknown): Promise<RenderOutput> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('message', (reply: Reply) => {
      worker.off('error', onError);
      if (reply.ok) return resolve(reply.results);
      const error = Object.assign(new Error(reply.message), { code: reply.code, syscall: reply.syscall, path: reply.path });
      error.stack = reply.message;
      reject(error);
    });
    worker.once('error', onError);
    worker.postMessage(message);
  });
}

/** Renders in this thread: for small sites, dev rebuilds and tests. */
export async function renderHere(site: SiteDefinition, routes: Route[], job: RenderJob, onProgress?: (done: number, total: number) => void): Promise<RenderOutput> {
  return renderAndWrite(site, routes, routes.map((_, i) => i), job, onProgress && ((done) => onProgress(done, routes.length)));
}
