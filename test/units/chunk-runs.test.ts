// How a large build shares its pages between threads: one run of neighbouring pages per thread (so
// threads write into different folders), every chunk exactly once, and a thread whose run is done
// helping with the end of the longest run left.
import { describe, expect, it } from 'vitest';
import { ChunkRuns } from '../../src/pipeline/render-pool.ts';

const chunks = (n: number) => Array.from({ length: n }, (_, i) => [i]);

describe('chunks shared between threads', () => {
  it('start each thread at its own run of neighbouring chunks, this thread at the first', () => {
    const runs = new ChunkRuns(chunks(10), 2);
    expect([runs.next(0), runs.next(1), runs.next(0), runs.next(1)]).toEqual([[0], [5], [1], [6]]);
  });

  it('give every chunk once, a thread that is done taking from the end of the longest run left', () => {
    const runs = new ChunkRuns(chunks(9), 3); // runs 0-2, 3-5, 6-8
    expect([runs.next(0), runs.next(0), runs.next(0)]).toEqual([[0], [1], [2]]);
    expect(runs.next(1)).toEqual([3]);
    expect(runs.next(0)).toEqual([8]); // runs left: 4-5 and 6-8, the longer is the last
    const seen = [0, 1, 2, 3, 8];
    for (let chunk = runs.next(0); chunk; chunk = runs.next(0)) seen.push(chunk[0]!);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(runs.next(1)).toBeUndefined();
  });

  it('give nothing more once cleared (a thread failed)', () => {
    const runs = new ChunkRuns(chunks(4), 2);
    runs.clear();
    expect([runs.next(0), runs.next(1)]).toEqual([undefined, undefined]);
  });
});
