// Precompressed twins (.br/.gz) of pages are kept between builds, keyed by the page's content, so
// a rebuild compresses only the pages that changed. Entries are hard links to the files written
// (a copy where links are not possible); entries no build used are pruned at the end of a build.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The cache lives beside the output folder, on the same file system, so entries can be hard links. */
export function cacheDirFor(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}-cache`);
}

function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

export class CompressionCache {
  /** Keys used by this build, for pruning. */
  readonly used = new Set<string>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
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
      place(`${entry}.br`, `${path}.br`);
      place(`${entry}.gz`, `${path}.gz`);
      return statSync(`${entry}.gz`).size;
    }
    const { br, gz } = compress();
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    place(`${path}.br`, `${entry}.br`);
    place(`${path}.gz`, `${entry}.gz`);
    return gz.length;
  }
}

/** Removes the entries that no part of this build used. */
export function pruneCache(dir: string, used: Set<string>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!used.has(name.replace(/\.(br|gz)$/, ''))) rmSync(join(dir, name), { force: true });
  }
}
