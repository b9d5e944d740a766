// Writes files and their precompressed .br/.gz twins into the staging folder (see publish.ts for how
// the staging folder becomes the output).
import { mkdir, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipAsync, gzipSync } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipPromise = promisify(gzipAsync);

/** Text files worth precompressing; serve and static hosts send the .br/.gz when the client accepts them. */
export const COMPRESSIBLE = /\.(html|css|js|svg|xml|txt|json|webmanifest)$/;
/** Below this size compression saves a few hundred bytes at most: less than one network packet. */
export const MIN_COMPRESS_BYTES = 1024;

/** Whether a file gets .br/.gz twins. */
export function worthCompressing(path: string, size: number): boolean {
  return COMPRESSIBLE.test(path) && size >= MIN_COMPRESS_BYTES;
}

export type OutputFiles = Map<string, string | Uint8Array>;

/**
 * Brotli's top qualities (9-11) cost 25-70x the time of quality 6 for ~10% smaller pages: worth it
 * for the few long-cached assets (CSS, JS), not for thousands of pages on every build.
 */
function brotliQuality(path: string): number {
  return /\.(css|js)$/.test(path) ? 11 : 6;
}

/** Compression runs synchronously: in worker threads and for small files that is faster than zlib's async round trips. */
export function brotli(buffer: Uint8Array, path: string): Buffer {
  return brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path), [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } });
}

export function gzip(buffer: Uint8Array): Buffer {
  return gzipSync(buffer, { level: 9 });
}

/** Writes a file's .br and .gz twins when it is a text file large enough to gain from them. */
export function writeCompressedSync(path: string, contents: string | Uint8Array): void {
  const buffer = typeof contents === 'string' ? Buffer.from(contents) : contents;
  if (!worthCompressing(path, buffer.length)) return;
  writeFileSync(`${path}.br`, brotli(buffer, path));
  writeFileSync(`${path}.gz`, gzip(buffer));
}

/**
 * Writes files (and their .br/.gz twins) into dir. Compression runs on libuv's thread pool here,
 * so the slow top-quality brotli of CSS and JS overlaps with page rendering on the main thread.
 */
export async function writeFiles(dir: string, files: OutputFiles, { compress = true } = {}): Promise<void> {
  // Compression starts now, before any await, so it runs while the caller goes on rendering.
  const jobs = [...files].map(([name, contents]) => {
    const path = join(dir, name);
    const buffer = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const params = { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path), [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length };
    const twins = compress && worthCompressing(path, buffer.length)
      ? Promise.all([brotliAsync(buffer, { params }), gzipPromise(buffer, { level: 9 })])
      : undefined;
    return { path, buffer, twins };
  });
  const folders = new Set(jobs.map((j) => dirname(j.path)));
  await Promise.all([...folders].map((f) => mkdir(f, { recursive: true })));
  await Promise.all(
    jobs.map(async ({ path, buffer, twins }) => {
      await writeFile(path, buffer);
      if (!twins) return;
      const [br, gz] = await twins;
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    }),
  );
}
