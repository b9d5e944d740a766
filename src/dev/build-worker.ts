// Runs builds for `dev` in a worker thread, so a template change can be picked up by starting a
// fresh worker (a new module graph) while content changes reuse the warm one.
import { parentPort } from 'node:worker_threads';
import { build, type BuildOptions } from '../build/build.ts';
import { describeFailure } from '../cli/report-failure.ts';

export type BuildReply = { ok: true; summary: string; ms: number } | { ok: false; message: string };

parentPort!.on('message', async (options: BuildOptions) => {
  let reply: BuildReply;
  try {
    const result = await build(options);
    reply = { ok: true, summary: result.summary, ms: result.ms };
  } catch (error) {
    reply = { ok: false, message: describeFailure(error) };
  }
  parentPort!.postMessage(reply);
});
