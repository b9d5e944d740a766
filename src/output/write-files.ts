// Writes files and their precompressed twins into the staging folder (publish.ts makes it the output).
import { mkdir, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Encoding } from '../site/definition.ts';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipAsync, gzipSync } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipPromise = promisify(gzipAsync);

/** Text files worth precompressing. */
export const COMPRESSIBLE = /\.(html|css|js|svg|xml|txt|json|webmanifest)$/;
/** Below this, compression saves less than one network packet. */
export const MIN_COMPRESS_BYTES = 1024;

export type { Encoding };
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
/** Every browser that matters takes brotli; a site adds gzip for a server that sends only precompressed gzip (gzip_static). */
export const DEFAULT_ENCODINGS: readonly Encoding[] = ['br'];
export const suffixOf = (encoding: Encoding) => (encoding === 'br' ? '.br' : '.gz');

export function worthCompressing(path: string, size: number): boolean {
  return COMPRESSIBLE.test(path) && size >= MIN_COMPRESS_BYTES;
}

export type OutputFiles = Map<string, string | Uint8Array>;

/** Top quality is worth its cost for the few long-cached assets (CSS, JS), not for every page on every build. */
export function brotliQuality(path: string): number {
  return /\.(css|js)$/.test(path) ? 11 : 6;
}

/** Synchronous: in workers and for small files faster than zlib's async round trips. */
export function brotli(buffer: Uint8Array, path: string): Buffer {
  return brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path), [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } });
}

export function gzip(buffer: Uint8Array): Buffer {
  return gzipSync(buffer, { level: 9 });
}

export function compressSync(encoding: Encoding, buffer: Uint8Array, path: string): Buffer {
  return encoding === 'br' ? brotli(buffer, path) : gzip(buffer);
}

export function writeCompressedSync(path: string, contents: string | Uint8Array, encodings: readonly Encoding[]): void {
  const buffer = typeof contents === 'string' ? Buffer.from(contents) : contents;
  if (!worthCompressing(path, buffer.length)) return;
  for (const encoding of encodings) writeFileSync(path + suffixOf(encoding), compressSync(encoding, buffer, path));
}

/** Compression runs on libuv's thread pool here, so top-quality brotli of CSS and JS overlaps page rendering. */
export async function writeFiles(dir: string, files: OutputFiles, encodings: readonly Encoding[]): Promise<void> {
  // Started before any await, so it runs while the caller renders.
  const jobs = [...files].map(([name, contents]) => {
    const path = join(dir, name);
    const buffer = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const params = { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path), [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length };
    const twins = worthCompressing(path, buffer.length)
      ? Promise.all(encodings.map(async (encoding) => [suffixOf(encoding), encoding === 'br' ? await brotliAsync(buffer, { params }) : await gzipPromise(buffer, { level: 9 })] as const))
      : undefined;
    return { path, buffer, twins };
  });
  const folders = new Set(jobs.map((j) => dirname(j.path)));
  await Promise.all([...folders].map((f) => mkdir(f, { recursive: true })));
  await Promise.all(
    jobs.map(async ({ path, buffer, twins }) => {
      await writeFile(path, buffer);
      if (!twins) return;
      await Promise.all((await twins).map(([suffix, data]) => writeFile(path + suffix, data)));
    }),
  );
}
