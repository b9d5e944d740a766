// Where the file system refuses hard links (a bind mount of another device, a share without links, the
// link limit), the compression cache costs the build time, never its output: every page and twin is still
// written whole. (A vi.mock: in vitest.config.ts's isolated files.)
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, expect, it, vi } from 'vitest';
import { CompressionCache } from '../../src/output/compression-cache.ts';

const refuse = { code: '' };
vi.mock('node:fs', async (original) => {
  const real = await original<typeof fs>();
  const linkSync: typeof real.linkSync = (from, to) => {
    if (refuse.code) throw Object.assign(new Error(`${refuse.code}: link refused`), { code: refuse.code });
    return real.linkSync(from, to);
  };
  return { ...real, default: { ...real, linkSync }, linkSync };
});

const dir = mkdtempSync(join(tmpdir(), 'site-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const page = Buffer.from(`<!doctype html><title>A page</title>${'<p>Words a patient reads.</p>'.repeat(80)}`);

it.each(['EPERM', 'EXDEV', 'EMLINK', 'ENOTSUP'])('writes every page and twin whole when a link is refused with %s, cached or not', (code) => {
  const cache = join(dir, code, 'cache');
  fs.mkdirSync(cache, { recursive: true });
  for (const [build, refused] of [['first', false], ['second', true], ['third', true]] as const) {
    const out = join(dir, code, build);
    fs.mkdirSync(out);
    refuse.code = refused ? code : '';
    new CompressionCache(cache, out, ['br']).write(join(out, 'page.html'), page);
    expect(readFileSync(join(out, 'page.html')), build).toEqual(page);
    expect(brotliDecompressSync(readFileSync(join(out, 'page.html.br'))), build).toEqual(page);
  }
});

it('never writes through a link planted in place of a cached entry, nor publishes one', () => {
  const base = join(dir, 'planted');
  const cache = join(base, 'cache');
  fs.mkdirSync(cache, { recursive: true });
  const victim = join(base, 'victim.txt');
  fs.writeFileSync(victim, 'not the cache’s');
  const key = createHash('sha1').update('6').update(page).digest('hex');
  for (const [build, code] of [['copied', 'EXDEV'], ['linked', '']] as const) {
    for (const name of [`${key}.br`, key]) {
      fs.rmSync(join(cache, name), { force: true });
      fs.symlinkSync(victim, join(cache, name));
    }
    const out = join(base, build);
    fs.mkdirSync(out);
    refuse.code = code;
    new CompressionCache(cache, out, ['br']).write(join(out, 'page.html'), page);
    expect(readFileSync(victim, 'utf8'), build).toBe('not the cache’s');
    expect(fs.lstatSync(join(out, 'page.html')).isFile(), build).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(out, 'page.html.br'))), build).toEqual(page);
  }
});
