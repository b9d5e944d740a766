// Runs builds for `dev` in a worker thread, so a template change can be picked up by starting a
// fresh worker (a new module graph) while content changes reuse the warm one. After a content edit
// only the affected pages are re-rendered; anything else gets a full build.
import { parentPort } from 'node:worker_threads';
import { build, type BuildOptions } from '../build/build.ts';
import { describeFailure } from '../cli/report-failure.ts';
import { rebuildChanged, type DevState } from './incremental.ts';

export interface BuildRequest {
  options: BuildOptions;
  /** Content-relative paths changed since the last good build, or null for a full build. */
  changedContent: string[] | null;
}

export type BuildReply = { ok: true; summary: string; ms: number } | { ok: false; message: string };

let state: DevState | undefined;

parentPort!.on('message', async ({ options, changedContent }: BuildRequest) => {
  const started = performance.now();
  let reply: BuildReply;
  try {
    const partial = state && changedContent ? await rebuildChanged(state, options, changedContent) : undefined;
    if (partial) {
      state = partial.state;
      reply = { ok: true, summary: `re-rendered ${partial.pages} of ${state.routes.length} pages`, ms: performance.now() - started };
    } else {
      const result = await build(options);
      state = { content: result.content, routes: result.routes, assets: result.assets };
      reply = { ok: true, summary: `full build of ${result.routes.length} pages`, ms: result.ms };
    }
  } catch (error) {
    state = undefined; // the next build starts from scratch
    reply = { ok: false, message: describeFailure(error) };
  }
  parentPort!.postMessage(reply);
});
