// Renders on this thread and workers when a site repays their start-up; workers parse content first (parse-share.ts),
// get the job once (content in parts), then chunks of pages until none are left, so every core stays busy.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { intern } from '../content/intern.ts';
import { settled } from '../files/settled.ts';
import { splitContent } from './job-parts.ts';
import type { FileToParse, SharedParse } from '../content/parse-share.ts';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { sibling } from '../files/about.ts';
import { siteCodeCompiled } from '../loader/site-code.ts';
import { wholeStacks } from '../loader/stack.ts';
import { renderAndWrite, type PageResult, type RenderJob, type RenderOutput, type StaticCopy, type StaticTask } from './render-pages.ts';

/** Below this many content files, one thread renders faster than starting workers. */
export const WORKER_THRESHOLD = 400;
/** Pages per request: small enough to balance the end, large enough that messages cost nothing. */
const CHUNK = 64;
/** A render worker's young generation (MB; V8's default is larger): a smaller nursery of short-lived strings holds less at once. */
const YOUNG_MB = 8;
/** Parts sent ahead of their answers: the worker reads one while the next is made; only these few are held serialized. */
const PARTS_IN_FLIGHT = 8;

type Reply = { ok: true; results: unknown } | { ok: false; message: string; code?: string; syscall?: string; path?: string };

export class RenderPool {
  private workers: Channel[];

  private siteTold = false;

  /** One thread fewer than the cores: this thread renders too. */
  private readonly siteModule: string;

  constructor(siteModule: string, size = Math.max(1, Math.min(availableParallelism(), 4) - 1)) {
    this.siteModule = siteModule;
    this.workers = Array.from({ length: size }, () => new Channel(new Worker(sibling('./render-worker', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } })));
  }

  /**
   * Has each worker load the site's templates (~0.1 s), which rendering needs and parsing does not: told
   * once the content's parsing asks nothing more of them (at once when nothing is shared), so they
   * parse first and load the templates while this thread finishes the load. Once; run() tells it too.
   */
  loadSite(): void {
    if (this.siteTold) return;
    this.siteTold = true;
    // As this thread compiled it: no worker compiles it again.
    const code = siteCodeCompiled();
    for (const worker of this.workers) worker.tell({ type: 'site', siteModule: this.siteModule, code, debug: wholeStacks() });
  }

  /** How many worker threads there are. */
  get size(): number {
    return this.workers.length;
  }

  /**
   * Parses content files in the workers, batches taken from `next` until it has none (parse-share.ts):
   * each file's cache key and parse, handed to `took` as each batch comes. One batch until a worker
   * first answers (one still starting holds no more), then two in flight, so it goes on with the next
   * while this thread, busy parsing its own, has not read its reply yet.
   */
  async parse(next: () => FileToParse[] | undefined, took: (parsed: SharedParse[]) => void): Promise<void> {
    await settled(
      this.workers.map(async (worker) => {
        const ask = () => {
          const files = next();
          if (!files) return undefined;
          const reply = worker.ask<SharedParse[]>({ type: 'parse', files });
          reply.catch(() => undefined); // a worker that fails rejects both in flight, and only the first is awaited
          return reply;
        };
        const inFlight = [ask()].filter((reply) => reply !== undefined);
        for (let reply = inFlight.shift(); reply; reply = inFlight.shift()) {
          took(await reply);
          while (inFlight.length < 2) {
            const more = ask();
            if (!more) break;
            inFlight.push(more);
          }
        }
      }),
    );
  }

  /** Copies the static files in a worker while this thread goes on (loads the content). */
  copyStatic(task: StaticTask): Promise<StaticCopy> {
    return this.workers[0]!.ask({ type: 'static', task });
  }

  async run(site: SiteDefinition, routes: Route[], job: RenderJob, onProgress?: (done: number, total: number) => void): Promise<RenderOutput> {
    this.loadSite();
    const all: number[][] = [];
    for (let i = 0; i < routes.length; i += CHUNK) all.push(Array.from({ length: Math.min(CHUNK, routes.length - i) }, (_, k) => i + k));
    const chunks = new ChunkRuns(all, this.workers.length + 1);
    const pages: PageResult[] = [];
    const cacheUsed: RenderOutput['cacheUsed'] = [];
    const took = (output: RenderOutput) => {
      pages.push(...output.pages);
      cacheUsed.push(...output.cacheUsed);
      onProgress?.(pages.length, routes.length);
    };
    // The content in parts (job-parts.ts), handed over before this thread renders: between its chunks workers would wait.
    const parted = splitContent(job.content);
    const delivered = this.workers.map(async (worker) => {
      await worker.ask({ type: 'job', routes, job: { ...job, content: parted.skeleton } });
      const asks: Promise<unknown>[] = [];
      for (const [i, part] of parted.parts.entries()) {
        const asked = worker.ask({ type: 'part', part });
        asked.catch(() => undefined); // rejected while an earlier one is awaited: told by Promise.all below
        asks.push(asked);
        if (i + 1 >= PARTS_IN_FLIGHT) await asks[i + 1 - PARTS_IN_FLIGHT];
      }
      await Promise.all(asks);
    });
    if (process.env.SITE_TIMINGS) console.error(`content sent to each worker ${parted.parts.length ? `in ${parted.parts.length + 1} messages` : 'whole'}`);
    // A worker that could not take the job fails the build now, before this thread renders every page.
    await settled(delivered);
    const inWorkers = this.workers.map(async (worker, w) => {
      const started = performance.now();
      let count = 0;
      // Two chunks in flight: the worker goes on while this thread, busy rendering, has not read its reply.
      const next = () => {
        const chunk = chunks.next(w + 1);
        if (!chunk) return undefined;
        count += chunk.length;
        const reply = worker.ask<RenderOutput>({ type: 'render', indexes: chunk });
        // A failing worker rejects both in flight; only the first is awaited.
        reply.catch(() => undefined);
        return reply;
      };
      const inFlight = [next(), next()].filter((p) => p !== undefined);
      for (let reply = inFlight.shift(); reply; reply = inFlight.shift()) {
        took(interned(await reply));
        const more = next();
        if (more) inFlight.push(more);
      }
      if (process.env.SITE_TIMINGS) console.error(`worker ${w + 1}: ${count} pages in ${Math.round(performance.now() - started)} ms`);
    });
    // Told once all are settled, below: not an unhandled rejection meanwhile.
    for (const work of inWorkers) work.catch(() => undefined);
    let failed: unknown;
    let mine = 0;
    const started = performance.now();
    try {
      for (let chunk = chunks.next(0); chunk; chunk = chunks.next(0)) {
        took(renderAndWrite(site, routes, chunk, job));
        mine += chunk.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      failed = error;
      chunks.clear(); // the workers take no more
    }
    if (process.env.SITE_TIMINGS) console.error(`this thread: ${mine} pages in ${Math.round(performance.now() - started)} ms`);
    // Every write ends before the build goes on, or fails.
    const results = await Promise.allSettled(inWorkers);
    if (failed) throw failed;
    const rejected = results.find((r) => r.status === 'rejected');
    if (rejected) throw rejected.reason;
    return { pages: pages.sort((a, b) => a.index - b.index), cacheUsed };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}

/** A run of pages per thread, so threads write into different folders (on ext4 two creating files in one wait on its lock). */
export class ChunkRuns {
  private runs: number[][][];

  constructor(chunks: number[][], threads: number) {
    const size = Math.ceil(chunks.length / threads);
    this.runs = Array.from({ length: threads }, (_, t) => chunks.slice(t * size, (t + 1) * size));
  }

  next(thread: number): number[] | undefined {
    const own = this.runs[thread]!;
    if (own.length) return own.shift();
    return this.runs.reduce((a, b) => (b.length > a.length ? b : a)).pop();
  }

  clear(): void {
    for (const run of this.runs) run.length = 0;
  }
}

/** Answered in order; a worker that fails or stops fails what it was asked and anything asked later (none left waiting). */
export class Channel {
  private pending: { resolve: (value: never) => void; reject: (error: Error) => void }[] = [];
  private ended: Error | undefined;

  private readonly worker: Worker;

  constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.shift();
      if (!waiting) return;
      if (reply.ok) return waiting.resolve(reply.results as never);
      const error = Object.assign(new Error(reply.message), { code: reply.code, syscall: reply.syscall, path: reply.path });
      error.stack = reply.message;
      waiting.reject(error);
    });
    worker.on('error', (error: Error) => this.end(error));
    worker.on('exit', (code) => this.end(new Error(`a worker thread stopped (exit code ${code}) before it answered`)));
  }

  private end(error: Error): void {
    this.ended ??= error;
    for (const waiting of this.pending.splice(0)) waiting.reject(this.ended);
  }

  /** A message with no answer. */
  tell(message: unknown): void {
    if (!this.ended) this.worker.postMessage(message);
  }

  ask<T>(message: unknown): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ resolve: resolve as (value: never) => void, reject });
      this.worker.postMessage(message);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Strings replaced by this thread's one copy of each: a message arrives as new strings, mostly repeated. */
function interned(output: RenderOutput): RenderOutput {
  for (const page of output.pages) {
    const one = (text: string) => intern(text, true); // a message's strings are copies already
    page.refs = page.refs.map(one);
    page.ids = page.ids.map(one);
    page.islands = page.islands.map(one);
  }
  return output;
}

/** Renders in this thread: for small sites, dev rebuilds and tests. */
export async function renderHere(site: SiteDefinition, routes: Route[], job: RenderJob, onProgress?: (done: number, total: number) => void): Promise<RenderOutput> {
  return renderAndWrite(site, routes, routes.map((_, i) => i), job, onProgress && ((done) => onProgress(done, routes.length)));
}
