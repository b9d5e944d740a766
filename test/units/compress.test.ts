// serve's own compression (what Cloudflare Pages does as it serves): which files and clients get it,
// the validator of each encoding, and the bounded memory of what it compressed.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Compressor } from '../../src/serve/compress.ts';

// Text that compresses to about the same size whatever its number.
const page = (n: number) => ({ file: `/page-${n}.html`, data: Buffer.from(`<p>page ${n} ${'x'.repeat(1500)} ${Array.from({ length: 200 }, (_, i) => (i * 7919 + n) % 997).join(' ')}</p>`), etag: `"etag-${n}"` });

describe('serve compresses as the default host does', () => {
  it('only text files, and only for a client that accepts brotli or gzip', () => {
    expect(Compressor.wanted('/about.html', 'gzip, br')).toBe(true);
    expect(Compressor.wanted('/assets/site.css', 'gzip')).toBe(true);
    expect(Compressor.wanted('/images/photo.avif', 'br')).toBe(false);
    expect(Compressor.wanted('/about.html', '')).toBe(false);
    expect(Compressor.wanted('/about.html', 'br;q=0, gzip;q=0')).toBe(false);
  });

  it('sends brotli or gzip by the q-values, each with a validator of its own, and files under 1 KB and twins as they are', () => {
    const compressor = new Compressor();
    const one = page(1);
    const br = compressor.encode(one, 'gzip;q=0.5, br');
    expect(br.encoding).toBe('br');
    expect(br.etag).toBe('"etag-1-br"');
    expect(brotliDecompressSync(br.data)).toEqual(one.data);
    const gz = compressor.encode(one, 'br;q=0.1, gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gz.etag).toBe('"etag-1-gzip"');
    expect(gunzipSync(gz.data)).toEqual(one.data);
    expect(compressor.encode(one, 'identity')).toBe(one);
    const small = { file: '/small.html', data: Buffer.from('<p>hi</p>'), etag: '"s"' };
    expect(compressor.encode(small, 'br')).toBe(small);
    const twin = { ...one, encoding: 'br' as const };
    expect(compressor.encode(twin, 'br')).toBe(twin);
  });

  it('compresses each content once, and keeps at most its limit, the least recently used going first', () => {
    const size = new Compressor().encode(page(1), 'br').data.length;
    // Room for two compressed pages, not three.
    const compressor = new Compressor(size * 2 + size / 2);
    const a = compressor.encode(page(1), 'br').data;
    const b = compressor.encode(page(2), 'br').data;
    expect(compressor.encode(page(1), 'br').data).toBe(a); // kept, and now the most recently used
    compressor.encode(page(3), 'br'); // past the limit: page 2 goes, page 1 stays
    expect(compressor.encode(page(1), 'br').data).toBe(a);
    expect(compressor.encode(page(2), 'br').data).not.toBe(b);
    // What went is no longer counted: pages 1 and 2 are both kept again after 2 came back and 3 left.
    const again = compressor.encode(page(2), 'br').data;
    expect(compressor.encode(page(2), 'br').data).toBe(again);
  });
});
