// Builds the real site once for all test files that check the output (browser, HTML, language).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../src/pipeline/build.ts';
import { CONTENT, SITE, STATIC } from './helpers/fixtures.ts';

let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), 'site-built-'));
  const outDir = join(dir, 'dist');
  await build({ site: SITE, contentDir: CONTENT, staticDir: STATIC, outDir });
  project.provide('distDir', outDir);
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}
