// The compression cache on its own: what a build writes (a file and its twins), what the next build takes from it (the
// same files, linked, and the weights it measured), what it refuses to trust, and what it keeps between builds.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSealed } from '../../src/files/cache.ts';
import { cacheDirFor, CompressionCache, pruneCache, readIndex } from '../../src/output/compression-cache.ts';
import { brotli } from '../../src/output/write-files.ts';

const root = mkdtempSync(join(tmpdir(), 'site-compressed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const page = Buffer.from(`<!doctype html><title>Hours</title>${'<p>Open Monday to Friday, 8:00 AM to 5:00 PM.</p>'.repeat(60)}`);
let n = 0;
/** A cache folder and an output folder of its own for one test; `build()` is a new build into a new output. */
function setUp() {
  const base = join(root, String(n++));
  const cache = join(base, 'cache');
  mkdirSync(cache, { recursive: true });
  let builds = 0;
  const build = (encodings: ('br' | 'gzip')[] = ['br'], index = readIndex(cache)) => {
    const out = join(base, `out-${builds++}`);
    mkdirSync(out);
    return { out, cache: new CompressionCache(cache, out, encodings, index) };
  };
  return { cache, build };
}

describe('a build through the cache', () => {
  it('writes the file and its twins, each holding the file; a small or binary file gets no twin', () => {
    const { build } = setUp();
    const { out, cache } = build(['br', 'gzip']);
    cache.write(join(out, 'page.html'), page);
    cache.write(join(out, 'small.html'), Buffer.from('<p>Hi</p>'));
    cache.write(join(out, 'photo.jpg'), Buffer.alloc(4096, 7));
    expect(readFileSync(join(out, 'page.html'))).toEqual(page);
    expect(brotliDecompressSync(readFileSync(join(out, 'page.html.br')))).toEqual(page);
    expect(gunzipSync(readFileSync(join(out, 'page.html.gz')))).toEqual(page);
    expect(readdirSync(out).sort()).toEqual(['page.html', 'page.html.br', 'page.html.gz', 'photo.jpg', 'small.html']);
  });

  it('measures a file\'s weight as its .br twin\'s size, and the next build takes the same files and weight from the cache', () => {
    const { cache: dir, build } = setUp();
    const first = build();
    const weight = first.cache.write(join(first.out, 'page.html'), page, true);
    expect(weight).toBe(statSync(join(first.out, 'page.html.br')).size);
    expect(first.cache.write(join(first.out, 'other.html'), page)).toBeUndefined();
    pruneCache(dir, first.cache.used);
    const next = build();
    expect(next.cache.write(join(next.out, 'page.html'), page, true)).toBe(weight);
    for (const file of ['page.html', 'page.html.br']) expect(statSync(join(next.out, file)).ino, file).toBe(statSync(join(first.out, file)).ino);
  });

  it('links an unchanged file from the cache also when its record was lost, once its bytes are compared', () => {
    const { build } = setUp();
    const first = build();
    first.cache.write(join(first.out, 'page.html'), page);
    const next = build(['br'], {});
    next.cache.write(join(next.out, 'page.html'), page);
    expect(statSync(join(next.out, 'page.html')).ino).toBe(statSync(join(first.out, 'page.html')).ino);
  });

  it('weighs a file with no .br twin (gzip only, or too small for twins) by compressing it with brotli', () => {
    const { build } = setUp();
    const { out, cache } = build(['gzip']);
    expect(cache.write(join(out, 'page.html'), page, true)).toBe(brotli(page, 'page.html').length);
    const small = Buffer.from('<p>Hi</p>');
    expect(cache.write(join(out, 'small.html'), small, true)).toBe(brotli(small, 'small.html').length);
  });

  it('weighs the files asked for when writing several', () => {
    const { build } = setUp();
    const { out, cache } = build();
    const weights = cache.writeAll(out, new Map([['assets/site.css', `body{color:#123}${'.a{margin:0}'.repeat(200)}`], ['robots.txt', 'User-agent: *\n']]), new Set(['assets/site.css']));
    expect([...weights]).toEqual([['assets/site.css', statSync(join(out, 'assets/site.css.br')).size]]);
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\n');
  });

  it('never takes an entry changed since it was made: rewritten at its size, or with no record, holding other bytes', () => {
    const { cache: dir, build } = setUp();
    const first = build();
    first.cache.write(join(first.out, 'page.html'), page);
    pruneCache(dir, first.cache.used);
    // Through the output's link, as a deploy step that edits in place would.
    writeFileSync(join(first.out, 'page.html'), Buffer.alloc(page.length, 0x41), { flag: 'r+' });
    writeFileSync(join(first.out, 'page.html.br'), Buffer.alloc(statSync(join(first.out, 'page.html.br')).size, 1), { flag: 'r+' });
    for (const index of [undefined, {}]) {
      const next = build(['br'], index);
      next.cache.write(join(next.out, 'page.html'), page);
      expect(readFileSync(join(next.out, 'page.html'))).toEqual(page);
      expect(brotliDecompressSync(readFileSync(join(next.out, 'page.html.br')))).toEqual(page);
    }
  });
});

describe('what the cache keeps between builds', () => {
  it('only the entries the last build used, with their record', () => {
    const { cache: dir, build } = setUp();
    const first = build();
    first.cache.write(join(first.out, 'old.html'), Buffer.from(`${page}<p>old</p>`));
    pruneCache(dir, first.cache.used);
    const next = build();
    next.cache.write(join(next.out, 'page.html'), page, true);
    pruneCache(dir, next.cache.used);
    const index = readIndex(dir);
    expect(Object.keys(index)).toEqual([...next.cache.used.keys()]);
    const [key] = Object.keys(index);
    expect(readdirSync(dir).sort()).toEqual([key, `${key}.br`, 'index.json'].sort());
    expect(index[key!]).toEqual({ brotli: statSync(join(next.out, 'page.html.br')).size, file: expect.any(Array), br: expect.any(Array) });
  });

  it('drops what is malformed in its record, keeping the rest', () => {
    const { cache: dir } = setUp();
    const key = 'a'.repeat(40);
    writeSealed(join(dir, 'index.json'), JSON.stringify({ [key]: { brotli: 12, file: [3, 4], br: ['x', 1], gz: [1, 2] }, 'not-a-key': { brotli: 1 }, ['b'.repeat(40)]: { brotli: -1 } }));
    expect(readIndex(dir)).toEqual({ [key]: { brotli: 12, file: [3, 4], gz: [1, 2] }, ['b'.repeat(40)]: {} });
    writeFileSync(join(dir, 'index.json'), '{"not": "sealed"}');
    expect(readIndex(dir)).toEqual({});
    for (const payload of ['5', 'null', `{"${key}": "x", "${'c'.repeat(40)}": {"brotli": 0}}`]) {
      writeSealed(join(dir, 'index.json'), payload);
      expect(readIndex(dir), payload).toEqual(payload.startsWith('{') ? { ['c'.repeat(40)]: {} } : {});
    }
  });

  it('is one folder per output folder, in the site\'s cache', () => {
    const site = join(root, 'site');
    mkdirSync(join(site, 'node_modules'), { recursive: true });
    const [a, b] = [cacheDirFor(join(site, 'dist'), site), cacheDirFor(join(site, 'other'), site)];
    expect(a).toMatch(new RegExp(`^${join(site, 'node_modules/.cache/')}[^/]+/compressed/[0-9a-f]{12}$`));
    expect(b).not.toBe(a);
    expect(cacheDirFor(join(site, 'dist'), site)).toBe(a);
  });
});
