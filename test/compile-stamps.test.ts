// The compiled layers are reused while every file they were compiled from has the size and time it had
// (startup/compile.mjs). A file written while they were compiled (a formatter's second save in dev) may
// have been read before that write: its stamp is not trusted, and the next start compiles again rather
// than run the old text. A time later than the compile (a clock set wrong) is no such write.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { compile, writtenDuring } from '../src/startup/compile.mjs';

const esbuild = vi.hoisted(() => ({ readThen: undefined as undefined | (() => void) }));
vi.mock('esbuild', async (original) => {
  const real = await original<typeof import('esbuild')>();
  // readThen: what happens once esbuild has read the files, before the compile is done.
  const build = async (...args: Parameters<typeof real.build>) => {
    const result = await real.build(...args);
    esbuild.readThen?.();
    return result;
  };
  return { ...real, build };
});

const dir = mkdtempSync(join(tmpdir(), 'compile-stamps-'));
const site = join(dir, 'site.config.ts');
let before: string | undefined;
beforeAll(() => {
  before = process.env.SITE_COMPILE_CACHE;
  process.env.SITE_COMPILE_CACHE = join(dir, 'compiled');
});
afterAll(() => {
  if (before === undefined) delete process.env.SITE_COMPILE_CACHE;
  else process.env.SITE_COMPILE_CACHE = before;
  rmSync(dir, { recursive: true, force: true });
});

it('compiles again after a compile during which a file was written, not after one that found it written before', async () => {
  writeFileSync(site, 'export default { saved: 1 };\n');
  utimesSync(site, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  expect((await compile({ site })).compiled).toBe(true);
  expect((await compile({ site })).compiled).toBe(false);
  // Saved, then saved again (the formatter) as it is compiled.
  writeFileSync(site, 'export default { saved: 2 };\n');
  esbuild.readThen = () => writeFileSync(site, 'export default { saved: 3 };\n');
  expect((await compile({ site })).compiled).toBe(true);
  esbuild.readThen = undefined;
  // A moment later (more than the file system clock's lag), the next start.
  await new Promise((done) => setTimeout(done, 100));
  expect((await compile({ site })).compiled).toBe(true);
  // Written before the compile that read it: trusted.
  expect((await compile({ site })).compiled).toBe(false);
}, 60_000);

it('takes a time within the compile, give or take the file system clock, as written during it; a later one as a clock set wrong', () => {
  expect([writtenDuring(1000, 1000, 1500), writtenDuring(1500, 1000, 1500), writtenDuring(981, 1000, 1500), writtenDuring(1520, 1000, 1500)]).toEqual([true, true, true, true]);
  expect([writtenDuring(979, 1000, 1500), writtenDuring(1521, 1000, 1500)]).toEqual([false, false]);
});
