// A cache that cannot be written costs the next build time, never this build its output: the content
// parses kept at the end of a load, and the compression cache's record written after the output is
// published, fail quietly where their folder cannot hold them (a file where the folder should be, a
// folder where the record should be), and leave no temporary file behind.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ContentCache } from '../../src/content/content-cache.ts';
import { pruneCache } from '../../src/output/compression-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'unwritable-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps no content parses, and says nothing, when its folder is a file', () => {
  writeFileSync(join(dir, 'compiled'), 'a file, not a folder');
  const cache = new ContentCache(join(dir, 'compiled/content-0123456789ab.json'), 'v1');
  cache.put('key', { data: { title: 'A page' }, yaml: 'title: A page\n', lineOffset: 0 });
  expect(() => cache.save()).not.toThrow();
  expect(readdirSync(dir)).toEqual(['compiled']);
});

it('prunes the compression cache, and keeps its record when it can', () => {
  const compressed = join(dir, 'compressed');
  mkdirSync(compressed);
  const used = 'a'.repeat(40);
  for (const name of [`${used}.br`, `${'b'.repeat(40)}.br`]) writeFileSync(join(compressed, name), 'twin');
  // A folder where the record goes: the twins this build did not use are pruned all the same.
  mkdirSync(join(compressed, 'index.json'));
  expect(() => pruneCache(compressed, new Map([[used, { brotli: 4 }]]))).not.toThrow();
  expect(readdirSync(compressed).sort()).toEqual([`${used}.br`, 'index.json']);
  rmSync(join(compressed, 'index.json'), { recursive: true });
  pruneCache(compressed, new Map([[used, { brotli: 4 }]]));
  expect(readdirSync(compressed).sort()).toEqual([`${used}.br`, 'index.json']);
});
