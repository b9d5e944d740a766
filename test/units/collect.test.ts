// A large build collects its garbage once its load is done (src/workers/collect.ts): what a user relies
// on is a lower peak, which the closing note measures; here, that the call frees what is garbage, and
// that it leaves V8's flags as they were, so the code cache a run keeps (run-compiled.mjs) is still one
// the next plain start accepts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/workers/collect.ts';
import { ROOT } from '../helpers/fixtures.ts';

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

  it("works in a process started without --expose-gc, and leaves V8's flags as they were: a code cache made after it is one a plain start accepts", () => {
    const source = 'function twice(x) { return x * 2 } twice(21)';
    const dir = mkdtempSync(join(tmpdir(), 'collect-'));
    try {
      const cache = join(dir, 'cache.bin');
      // As bin/site runs a build: no gc function given, so it is made for the call.
      const made = `import { collectGarbage } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/workers/collect.ts')).href)};
        import { runInNewContext, Script } from 'node:vm';
        import { writeFileSync } from 'node:fs';
        const given = typeof globalThis.gc;
        let garbage = Array.from({ length: 1_000_000 }, (_, i) => ({ i, text: 'item ' + i }));
        garbage = garbage.length && undefined;
        const before = process.memoryUsage().heapUsed;
        collectGarbage();
        const freed = before - process.memoryUsage().heapUsed;
        const script = new Script(${JSON.stringify(source)});
        script.runInThisContext();
        writeFileSync(${JSON.stringify(cache)}, script.createCachedData());
        // Unset again: a new context gets no gc function (as it does while --expose-gc is set).
        process.stdout.write(JSON.stringify({ given, freed, after: runInNewContext('typeof gc') }));`;
      const env = { ...process.env, NODE_OPTIONS: '' };
      const run = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', made], { encoding: 'utf8', env, cwd: ROOT })) as { given: string; freed: number; after: string };
      expect(run.given).toBe('undefined');
      expect(run.freed).toBeGreaterThan(40 * 1024 * 1024);
      expect(run.after).toBe('undefined');
      const check = `const { Script } = require('node:vm'); const s = new Script(${JSON.stringify(source)}, { cachedData: require('node:fs').readFileSync(${JSON.stringify(cache)}) }); process.stdout.write(String(s.cachedDataRejected));`;
      expect(execFileSync(process.execPath, ['-e', check], { encoding: 'utf8', env })).toBe('false');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
