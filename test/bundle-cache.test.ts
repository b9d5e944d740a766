// The client bundle is cached under the content hash of its inputs: an unchanged client is not
// bundled again, and any changed input is.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bundleAssets } from '../src/bundle/client-assets.ts';

const esbuild = vi.hoisted(() => ({ builds: 0 }));
vi.mock('esbuild', async (original) => {
  const real = await original<typeof import('esbuild')>();
  return { ...real, build: (...args: Parameters<typeof real.build>) => (esbuild.builds++, real.build(...args)) };
});

let cacheDir: string;
// The clinic's islands and stylesheet, as its site definition names them.
const site = { islands: new URL('../templates/islands/index.ts', import.meta.url), styles: new URL('../templates/styles/site.css', import.meta.url) };
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'site-bundle-cache-'));
});
afterAll(() => rm(cacheDir, { recursive: true, force: true }));

it('bundles once, then reuses the same bytes until an input changes', async () => {
  const first = await bundleAssets({ ...site, cacheDir });
  expect(esbuild.builds).toBe(1);
  const again = await bundleAssets({ ...site, cacheDir });
  expect(esbuild.builds).toBe(1);
  expect(again.js.url).toBe(first.js.url);
  expect(Buffer.from(again.js.contents).equals(Buffer.from(first.js.contents))).toBe(true);
  expect(Buffer.from(again.css.contents).equals(Buffer.from(first.css.contents))).toBe(true);

  // Pretend an island was edited since: its recorded hash no longer matches the file.
  const [file] = await readdir(cacheDir);
  const path = join(cacheDir, file!);
  const entry = JSON.parse(await readFile(path, 'utf8')) as { inputs: Record<string, string> };
  expect(Object.keys(entry.inputs)).toContain('templates/islands/HelpWidget.tsx');
  entry.inputs['templates/islands/HelpWidget.tsx'] = 'edited';
  await writeFile(path, JSON.stringify(entry));
  const rebuilt = await bundleAssets({ ...site, cacheDir });
  expect(esbuild.builds).toBe(2);
  expect(rebuilt.js.url).toBe(first.js.url);
});
