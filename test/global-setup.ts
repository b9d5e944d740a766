// Builds the real site once for all test files that check the output (browser, HTML, language).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../src/pipeline/build.ts';
import { CONTENT, SITE, STATIC } from './helpers/fixtures.ts';

// Vitest calls this once for the root and once for each project (vitest.config.ts): one build for all.
const BUILT = Symbol.for('site-tests.built');
const state = globalThis as { [BUILT]?: Promise<{ dir: string; outDir: string }> };

export async function setup(project: TestProject): Promise<void> {
  state[BUILT] ??= (async () => {
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
