// A worker, so a change to the site's code starts a fresh module graph while content edits reuse the warm one.
import { parentPort } from 'node:worker_threads';
import { build, type BuildOptions } from '../pipeline/build.ts';
import type { BuildState } from '../pipeline/state.ts';
import { describeFailure } from '../pipeline/describe-failure.ts';
import { showWholeStacks } from '../loader/stack.ts';
import { untrustedCaches } from '../files/cache.ts';

export interface BuildRequest {
  options: BuildOptions;
  /** Build everything (a static file changed): the previous state says nothing about static/. */
  full?: boolean;
  /** --debug: whole stacks. */
  debug?: boolean;
}

/** `refused`: the cache folders this thread did not use so far (files/cache.ts), for dev to tell. */
export type BuildReply = ({ ok: true; summary: string; ms: number } | { ok: false; message: string }) & { refused?: readonly string[] };

let state: BuildState | undefined;

parentPort!.on('message', async ({ options, full, debug = false }: BuildRequest) => {
  showWholeStacks(debug);
  let reply: BuildReply;
  try {
    const result = await build({ ...options, track: true, previous: full ? undefined : state, workers: false });
    const summary = state && result.state && state.signature === result.state.signature && state.assets.js === result.state.assets.js
      ? `re-rendered ${result.rendered} of ${result.routes.length} pages`
      : `full build of ${result.routes.length} pages`;
    state = result.state;
    reply = { ok: true, summary, ms: result.ms };
  } catch (error) {
    state = undefined; // the next build starts from scratch
    reply = { ok: false, message: describeFailure(error) };
  }
  parentPort!.postMessage({ ...reply, refused: untrustedCaches });
});
