// A worker thread's requests (render-pool.ts's Channel): answered in order, and failed, never left
// waiting, when the worker fails or stops: what was pending and anything asked after.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Channel } from '../../src/pipeline/render-pool.ts';

/** A worker that answers each number with its double, throws on "throw" and exits on "exit". */
function worker(): Worker {
  return new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (m) => {
       if (m === 'throw') throw new Error('the worker broke');
       if (m === 'exit') process.exit(7);
       parentPort.postMessage({ ok: true, results: m * 2 });
     });`,
    { eval: true },
  );
}

describe("a worker's channel", () => {
  it('answers each request in the order it was asked', async () => {
    const channel = new Channel(worker());
    try {
      expect(await Promise.all([channel.ask(1), channel.ask(2), channel.ask(3)])).toEqual([2, 4, 6]);
    } finally {
      await channel.close();
    }
  });

  it('fails what is pending when the worker throws, and anything asked after at once', async () => {
    const thread = worker();
    const exited = new Promise((stopped) => thread.once('exit', stopped));
    const channel = new Channel(thread);
    // Answered before anything breaks. (Asked beside the others, its answer could come after the
    // worker's error: the two travel on different channels, and CI saw that order once.)
    expect(await channel.ask(1)).toBe(2);
    // Each outcome taken as it comes: a rejection no one listens to yet would be reported unhandled.
    const broken = expect(channel.ask('throw')).rejects.toThrow('the worker broke');
    const queued = expect(channel.ask(5)).rejects.toThrow('the worker broke'); // sent before the worker broke: never answered
    await broken;
    await queued;
    await exited; // asked of a worker that is gone: failed, not sent
    await expect(channel.ask(6)).rejects.toThrow('the worker broke');
  });

  it('fails what is pending when the worker stops, naming its exit code', async () => {
    const thread = worker();
    const exited = new Promise((stopped) => thread.once('exit', stopped));
    const channel = new Channel(thread);
    const stopped = expect(channel.ask('exit')).rejects.toThrow('a worker thread stopped (exit code 7) before it answered');
    const queued = expect(channel.ask(5)).rejects.toThrow('exit code 7');
    await stopped;
    await queued;
    await exited;
    await expect(channel.ask(1)).rejects.toThrow('exit code 7');
  });
});
