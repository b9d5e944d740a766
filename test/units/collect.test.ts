// A large build collects its garbage once its load is done (src/workers/collect.ts): what a user relies
// on is a lower peak, which the closing note measures; here, that the call frees what is garbage, and
// that it leaves V8's flags as they were, so the code cache a run keeps (run-compiled.mjs) is still one
// the next plain start accepts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/workers/collect.ts';

describe('collecting the garbage of a large build', () => {
  it('frees what nothing holds any more', () => {
    let garbage: unknown[] | undefined = Array.from({ length: 1_000_000 }, (_, i) => ({ i, text: `item ${i}` }));
    expect(garbage.length).toBe(1_000_000);
    garbage = undefined;
    const before = process.memoryUsage().heapUsed;
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    expect(before - after).toBeGreaterThan(40 * 1024 * 1024);
  });

  it("leaves V8's flags as they were: a code cache made after it is one a plain start accepts", () => {
    collectGarbage();
    const source = 'function twice(x) { return x * 2 } twice(21)';
    const script = new Script(source);
    expect(script.runInThisContext()).toBe(42);
    const dir = mkdtempSync(join(tmpdir(), 'collect-'));
    try {
      writeFileSync(join(dir, 'cache.bin'), script.createCachedData());
      const check = `const { Script } = require('node:vm'); const s = new Script(${JSON.stringify(source)}, { cachedData: require('node:fs').readFileSync(${JSON.stringify(join(dir, 'cache.bin'))}) }); process.stdout.write(String(s.cachedDataRejected));`;
      expect(execFileSync(process.execPath, ['-e', check], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })).toBe('false');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
