// Spreads rendering over worker threads when a site is large enough to repay their start-up
// (~0.3 s each to load the templates): each worker renders and writes an equal share of pages.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { spawnTsWorker } from '../workers/spawn.ts';
import { renderAndWrite, type RenderJob, type RenderOutput } from './render-pages.ts';

/** Below this many content files, one thread renders faster than starting workers. */
export const WORKER_THRESHOLD = 400;

export class RenderPool {
  private workers: Worker[];

  constructor(size = Math.min(availableParallelism(), 4)) {
    this.workers = Array.from({ length: size }, () => spawnTsWorker(new URL('./render-worker.ts', import.meta.url)));
  }

  async run(siteModule: string, routes: Route[], job: RenderJob): Promise<RenderOutput> {
    const threads = this.workers.length;
    const shares = Array.from({ length: threads }, (_, t) => routes.map((_, i) => i).filter((i) => i % threads === t));
    const replies = await Promise.all(
      this.workers.map(
        (worker, w) =>
          new Promise<RenderOutput>((resolve, reject) => {
            worker.once('message', (reply: { ok: true; results: RenderOutput } | { ok: false; message: string }) =>
              reply.ok ? resolve(reply.results) : reject(workerFailure(reply.message)),
            );
            worker.once('error', reject);
            worker.postMessage({ siteModule, routes, indexes: shares[w], job });
          }),
      ),
    );
    return {
      pages: replies.flatMap((r) => r.pages).sort((a, b) => a.index - b.index),
      cacheKeys: replies.flatMap((r) => r.cacheKeys),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** A failure reported by a worker: its message already holds the stack where it happened. */
function workerFailure(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

/** Renders in this thread: for small sites, dev rebuilds and tests. */
export async function renderHere(site: SiteDefinition, routes: Route[], job: RenderJob): Promise<RenderOutput> {
  return renderAndWrite(site, routes, routes.map((_, i) => i), job);
}
