// Writes files and their precompressed twins (.br, and .gz where the site asks for it) into the
// staging folder (see publish.ts for how the staging folder becomes the output).
import { mkdir, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Encoding } from '../site/definition.ts';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipAsync, gzipSync } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipPromise = promisify(gzipAsync);

/** Text files worth precompressing; serve and static hosts send the .br/.gz when the client accepts them. */
export const COMPRESSIBLE = /\.(html|css|js|svg|xml|txt|json|webmanifest)$/;
/** Below this size compression saves a few hundred bytes at most: less than one network packet. */
export const MIN_COMPRESS_BYTES = 1024;

export type { Encoding };
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
/**
 * Brotli only: every browser that matters accepts it, and the hosts a site is most often put on
 * (Netlify, Cloudflare Pages, GitHub Pages) compress on the fly anyway; a site adds gzip for a
 * server that sends only precompressed gzip (nginx's gzip_static).
 */
export const DEFAULT_ENCODINGS: readonly Encoding[] = ['br'];
/** The twin's file name suffix. */
export const suffixOf = (encoding: Encoding) => (encoding === 'br' ? '.br' : '.gz');

/** Whether a file gets precompressed twins. */
export function worthCompressing(path: string, size: number): boolean {
  return COMPRESSIBLE.test(path) && size >= MIN_COMPRESS_BYTES;
}

export type OutputFiles = Map<string, string | Uint8Array>;

/**
 * Brotli's top qualities (9-11) cost 25-70x the time of quality 6 for ~10% smaller pages: worth it
 * for the few long-cached assets (CSS, JS), not for thousands of pages on every build.
 */
export function brotliQuality(path: string): number {
  return /\.(css|js)$/.test(path) ? 11 : 6;
}

/** Compression runs synchronously: in worker threads and for small files that is faster than zlib's async round trips. */
export function brotli(buffer: Uint8Array, path: string): Buffer {
  return brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path), [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } });
}

export function gzip(buffer: Uint8Array): Buffer {
  return gzipSync(buffer, { level: 9 });
}

/** One twin of a file, compressed in this thread. */
export function compressSync(encoding: Encoding, buffer: Uint8Array, path: string): Buffer {
  return encoding === 'br' ? brotli(buffer, path) : gzip(buffer);
}

/** Writes a file's twins when it is a text file large enough to gain from them. */
export function writeCompressedSync(path: string, contents: string | Uint8Array, encodings: readonly Encoding[]): void {
  const buffer = typeof contents === 'string' ? Buffer.from(contents) : contents;
  if (!worthCompressing(path, buffer.length)) return;
  for (const encoding of encodings) writeFileSync(path + suffixOf(encoding), compressSync(encoding, buffer, path));
}

/**
 * Writes files (and their twins in the given encodings) into dir. Compression runs on libuv's thread
 * pool here, so the slow top-quality brotli of CSS and JS overlaps with page rendering on the main thread.
 */
export async function writeFiles(dir: string, files: OutputFiles, encodings: readonly Encoding[]): Promise<void> {
  // Compression starts now, before any await, so it runs while the caller goes on rendering.
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
