// A worker thread of a large build: copies static files and parses content, loads the site once told to (parsing
// needs none of it), gets the job once (content in parts), then renders the chunks it is asked for.
import { parentPort } from 'node:worker_threads';
import { parseForCache, type FileToParse } from '../content/parse-share.ts';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { describeFailure } from './describe-failure.ts';
import { useSiteCode, type CompiledSiteCode } from '../loader/site-code.ts';
import { showWholeStacks } from '../loader/stack.ts';
import { loadSite } from './load-site.ts';
import { joinPart, type ContentPart } from './job-parts.ts';
import { copyStatic, renderAndWrite, type RenderJob, type StaticTask } from './render-pages.ts';

type Message = { type: 'site'; siteModule: string; code: CompiledSiteCode; debug: boolean } | { type: 'static'; task: StaticTask } | { type: 'parse'; files: FileToParse[] } | { type: 'job'; routes: Route[]; job: RenderJob } | { type: 'part'; part: ContentPart } | { type: 'render'; indexes: number[] };

let loading: Promise<SiteDefinition> | undefined;
let current: { site: SiteDefinition; routes: Route[]; job: RenderJob } | undefined;

parentPort!.on('message', async (message: Message) => {
  try {
    if (message.type === 'site') {
      // Not answered: a site that fails to load fails the job, when the main thread waits for it.
      useSiteCode(message.code);
      showWholeStacks(message.debug);
      loading = loadSite(message.siteModule);
      loading.catch(() => undefined);
      return;
    }
    if (message.type === 'static') return parentPort!.postMessage({ ok: true, results: copyStatic(message.task) });
    if (message.type === 'parse') return parentPort!.postMessage({ ok: true, results: parseForCache(message.files) });
    if (message.type === 'job') {
      if (!loading) throw new Error('a render worker was given a job before the site to render it with (the pool tells it first)');
      current = { site: await loading, routes: message.routes, job: message.job };
      return parentPort!.postMessage({ ok: true, results: { pages: [], cacheUsed: [] } });
    }
    if (message.type === 'part') {
      joinPart(current!.job.content, message.part);
      return parentPort!.postMessage({ ok: true, results: null });
    }
    const results = renderAndWrite(current!.site, current!.routes, message.indexes, current!.job);
    parentPort!.postMessage({ ok: true, results });
  } catch (error) {
    // A system error keeps what identifies it, so the main thread can tell it in a sentence.
    const { code, syscall, path } = (error ?? {}) as NodeJS.ErrnoException;
    parentPort!.postMessage({ ok: false, message: describeFailure(error), code, syscall, path });
  }
});
