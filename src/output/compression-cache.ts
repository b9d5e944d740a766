// Precompressed twins (.br, .gz) of pages and static files are kept between builds, keyed by the
// content, so a rebuild compresses only what changed; so are the gzip sizes measured for the budgets. Entries are hard links to the files written
// (copies when the output is on another file system); entries no build used are pruned at the end of
// a build. Nothing in the cache is trusted: an entry is used only when it decompresses to exactly the
// page it stands for (a truncated or edited twin, through the hard link or in the cache, is made again).
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { linkable, place } from '../files/place.ts';
import { brotliQuality, compressSync, gzip, suffixOf, worthCompressing, type Encoding } from './write-files.ts';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheRoot } from '../startup/engine.mjs';

/**
 * The cache of one output folder lives in the project's cache folder (node_modules/.cache/<engine>/,
 * where tools keep their caches and what a fresh install removes), never beside an output folder that
 * may be outside the project. One cache per output folder, since a build prunes what it did not use.
 */
export function cacheDirFor(outDir: string, siteDir: string): string {
  const key = createHash('sha1').update(resolve(outDir)).digest('hex').slice(0, 12);
  return join(cacheRoot(siteDir), 'compressed', key);
}

/** The gzip size of each page the last build measured, by its cache key (a page's weight against the budgets). */
export type GzipSizes = Record<string, number>;
const SIZES = 'sizes.json';

/**
 * The measured gzip sizes kept beside the entries. Only a page's reported weight rests on them (never
 * a published byte), and a size is used only for the exact content it was measured from.
 */
export function readSizes(dir: string): GzipSizes {
  try {
    const sizes = JSON.parse(readFileSync(join(dir, SIZES), 'utf8')) as unknown;
    if (!sizes || typeof sizes !== 'object') return {};
    return Object.fromEntries(Object.entries(sizes).filter(([key, n]) => /^[0-9a-f]{40}$/.test(key) && Number.isSafeInteger(n) && (n as number) > 0)) as GzipSizes;
  } catch {
    return {}; // none yet, or unreadable: measured again
  }
}

export class CompressionCache {
  /** Keys used by this build (pruning keeps them), with the gzip size where it was measured. */
  readonly used = new Map<string, number | undefined>();

  /** Entries and output on one file system: hard links; otherwise copies (an output on /dev/shm). */
  private readonly linkable: boolean;

  constructor(private readonly dir: string, outDir: string, private readonly encodings: readonly Encoding[], private readonly sizes: GzipSizes = {}) {
    mkdirSync(dir, { recursive: true });
    this.linkable = linkable(dir, outDir);
  }

  /**
   * Writes path's twins for buffer in this build's encodings: from the cache when this exact content
   * was compressed before, otherwise compressed now and kept. With measure, returns the gzip size.
   */
  twins(path: string, buffer: Uint8Array, measure = false): number | undefined {
    const key = createHash('sha1').update(String(brotliQuality(path))).update(buffer).digest('hex');
    if (worthCompressing(path, buffer.length)) for (const encoding of this.encodings) this.twin(key, encoding, path, buffer);
    const size = measure ? this.gzipSize(key, path, buffer) : undefined;
    this.used.set(key, size ?? this.used.get(key));
    return size;
  }

  private twin(key: string, encoding: Encoding, path: string, buffer: Uint8Array): void {
    const entry = join(this.dir, key + suffixOf(encoding));
    const to = path + suffixOf(encoding);
    if (existsSync(entry)) {
      if (verified(entry, encoding, buffer)) return place(entry, to, this.linkable);
      rmSync(entry, { force: true });
    }
    const data = compressSync(encoding, buffer, path);
    writeFileSync(to, data);
    try {
      if (this.linkable) linkSync(to, entry);
      else writeFileSync(entry, data);
    } catch (error) {
      // Another thread kept the same content a moment ago: its entry serves as well.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }

  private gzipSize(key: string, path: string, buffer: Uint8Array): number {
    if (this.encodings.includes('gzip') && worthCompressing(path, buffer.length)) return statSync(`${path}.gz`).size;
    return this.sizes[key] ?? gzip(buffer).length;
  }
}

/** Whether a twin decompresses to exactly the page (decompressing costs a tenth of compressing). */
function verified(twin: string, encoding: Encoding, page: Uint8Array): boolean {
  try {
    const data = readFileSync(twin);
    return Buffer.from(page).equals(encoding === 'br' ? brotliDecompressSync(data) : gunzipSync(data));
  } catch {
    return false; // truncated or not compressed data at all
  }
}

/** Removes the entries that no part of this build used, and records the sizes it measured. */
export function pruneCache(dir: string, used: Map<string, number | undefined>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name !== SIZES && !used.has(name.replace(/\.(br|gz)$/, ''))) rmSync(join(dir, name), { force: true });
  }
  const sizes = Object.fromEntries([...used].filter(([, n]) => n !== undefined));
  writeFileSync(join(dir, `${SIZES}.tmp`), JSON.stringify(sizes));
  renameSync(join(dir, `${SIZES}.tmp`), join(dir, SIZES));
}
