// Precompressed twins (.br/.gz) of pages are kept between builds, keyed by the page's content, so
// a rebuild compresses only the pages that changed. Entries are hard links to the files written
// (copies when the output is on another file system); entries no build used are pruned at the end of
// a build. Nothing in the cache is trusted: an entry is used only when it decompresses to exactly the
// page it stands for (a truncated or edited twin, through the hard link or in the cache, is made again).
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { linkable, place } from '../files/place.ts';
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

export class CompressionCache {
  /** Keys used by this build, for pruning. */
  readonly used = new Set<string>();

  /** Entries and output on one file system: hard links; otherwise copies (an output on /dev/shm). */
  private readonly linkable: boolean;

  constructor(private readonly dir: string, outDir: string) {
    mkdirSync(dir, { recursive: true });
    this.linkable = linkable(dir, outDir);
  }

  private place(from: string, to: string): void {
    place(from, to, this.linkable);
  }

  /**
   * Writes path.br and path.gz for buffer: from the cache when this exact content was compressed
   * before, otherwise by calling compress and keeping the result. Returns the gzip size.
   */
  twins(path: string, buffer: Uint8Array, compress: () => { br: Uint8Array; gz: Uint8Array }): number {
    const key = createHash('sha1').update(buffer).digest('hex');
    this.used.add(key);
    const entry = join(this.dir, key);
    if (existsSync(`${entry}.gz`) && existsSync(`${entry}.br`)) {
      if (verified(`${entry}.br`, `${entry}.gz`, buffer)) {
        this.place(`${entry}.br`, `${path}.br`);
        this.place(`${entry}.gz`, `${path}.gz`);
        return statSync(`${entry}.gz`).size;
      }
      rmSync(`${entry}.br`, { force: true });
      rmSync(`${entry}.gz`, { force: true });
    }
    const { br, gz } = compress();
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    if (this.linkable) {
      linkSync(`${path}.br`, `${entry}.br`);
      linkSync(`${path}.gz`, `${entry}.gz`);
    } else {
      writeFileSync(`${entry}.br`, br);
      writeFileSync(`${entry}.gz`, gz);
    }
    return gz.length;
  }
}

/** Whether both twins decompress to exactly the page (decompressing costs a tenth of compressing). */
function verified(br: string, gz: string, page: Uint8Array): boolean {
  try {
    return Buffer.from(page).equals(brotliDecompressSync(readFileSync(br))) && Buffer.from(page).equals(gunzipSync(readFileSync(gz)));
  } catch {
    return false; // truncated or not compressed data at all
  }
}

/** Removes the entries that no part of this build used. */
export function pruneCache(dir: string, used: Set<string>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!used.has(name.replace(/\.(br|gz)$/, ''))) rmSync(join(dir, name), { force: true });
  }
}
