// Builds the real site once for all test files that check the output (browser, HTML, language).
import { statfsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../src/pipeline/build.ts';
import { CONTENT, SITE, STATIC } from './helpers/fixtures.ts';

// Vitest calls this once for the root and once for each project (vitest.config.ts): one build for all.
const BUILT = Symbol.for('site-tests.built');
const state = globalThis as { [BUILT]?: Promise<{ dir: string; outDir: string }> };

/**
 * The suite's temporary folders in memory where the machine has room there: every test makes sites, builds and installs
 * in them, and a file created on this machine's disk costs ~0.5 ms against ~0.01 ms in memory (the quick set took 63 s
 * on disk, 49 s in memory). A small /dev/shm (a container's 64 MB) is left alone. A test that needs hard links from the
 * checkout's cache builds in the checkout (buildInto's onDisk).
 */
function inMemory(): void {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 8 * 1024 ** 3) process.env.TMPDIR = '/dev/shm';
  } catch {
    // no /dev/shm: the disk it is
  }
}

export async function setup(project: TestProject): Promise<void> {
  state[BUILT] ??= (async () => {
    inMemory();
    const dir = await mkdtemp(join(tmpdir(), 'site-built-'));
    // The user's cache folder is the run's own (every test file and command inherits it): a site built
    // outside any node_modules (a copy in a temporary folder, a package run by npx) keeps its caches in
    // it, removed with it at the end, not in the ~/.cache of whoever runs the tests.
    process.env.XDG_CACHE_HOME = join(dir, 'user-cache');
    const outDir = join(dir, 'dist');
    await build({ site: SITE, contentDir: CONTENT, staticDir: STATIC, outDir });
    return { dir, outDir };
  })();
  project.provide('distDir', (await state[BUILT]).outDir);
}

export async function teardown(): Promise<void> {
  const built = await state[BUILT]?.catch(() => undefined);
  if (built) await rm(built.dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}
