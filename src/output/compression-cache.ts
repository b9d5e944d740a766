// Written files, their precompressed twins and brotli weights kept between builds, keyed by content, as hard links (copies
// across file systems). No entry is trusted: it is used only with the size and mtime recorded when it was made (one
// truncated or rewritten through a hard link has another), or, without a record, when it holds exactly the bytes it stands for.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { linkable } from '../files/place.ts';
import { isStamp, sameStamp, stampOf, type Stamp } from '../files/stamp.ts';
import { dirname, join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheRoot, pruneFolder, readSealedJson, writeSealed } from '../files/cache.ts';
import { brotli, brotliQuality, compressSync, suffixOf, worthCompressing, type Encoding, type OutputFiles } from './write-files.ts';

/** In the project's cache folder, never beside an output that may be outside it; one per output folder, as a build prunes. */
export function cacheDirFor(outDir: string, siteDir: string): string {
  const key = createHash('sha1').update(resolve(outDir)).digest('hex').slice(0, 12);
  return join(cacheRoot(siteDir), 'compressed', key);
}

/** A content's brotli weight once measured, and the [size, mtime] of the file itself and each twin when it was made. */
export interface EntryRecord {
  brotli?: number;
  file?: Stamp;
  br?: Stamp;
  gz?: Stamp;
}
export type CacheIndex = Record<string, EntryRecord>;
const INDEX = 'index.json';
const KEY = /^[0-9a-f]{40}$/;

/** Anything malformed is dropped: its entries are then verified by decompressing, its weight measured again. */
export function readIndex(dir: string): CacheIndex {
  try {
    const index = readSealedJson(join(dir, INDEX)); // sealed: one not as written is none
    if (!index || typeof index !== 'object') return {};
    const kept: CacheIndex = {};
    for (const [key, value] of Object.entries(index)) {
      if (!KEY.test(key) || !value || typeof value !== 'object') continue;
      const { brotli, file, br, gz } = value as Record<string, unknown>;
      kept[key] = { ...(Number.isSafeInteger(brotli) && (brotli as number) > 0 ? { brotli: brotli as number } : {}), ...(isStamp(file) ? { file } : {}), ...(isStamp(br) ? { br } : {}), ...(isStamp(gz) ? { gz } : {}) };
    }
    return kept;
  } catch {
    return {}; // none yet, or unreadable
  }
}

export class CompressionCache {
  /** What this build used of the cache (pruning keeps it), with what it learnt: recorded for the next build. */
  readonly used = new Map<string, EntryRecord>();

  /** Entries and output on one file system: hard links; otherwise copies (an output on /dev/shm). */
  private linkable: boolean;

  private readonly dir: string;
  private readonly encodings: readonly Encoding[];
  private readonly index: CacheIndex;

  constructor(dir: string, outDir: string, encodings: readonly Encoding[], index: CacheIndex = {}) {
    this.dir = dir;
    this.encodings = encodings;
    this.index = index;
    mkdirSync(dir, { recursive: true });
    this.linkable = linkable(dir, outDir);
  }

  /**
   * Writes buffer at path, and its twins in this build's encodings: each from the cache when this exact
   * content was written before (a hard link costs a fiftieth of creating a file on a disk), otherwise
   * made now and kept. With measure, returns the brotli size (the .br twin's, when there is one:
   * weighing costs no second compression).
   */
  write(path: string, buffer: Uint8Array, measure = false): number | undefined {
    const key = createHash('sha1').update(String(brotliQuality(path))).update(buffer).digest('hex');
    const record: EntryRecord = { ...this.index[key], ...this.used.get(key) };
    this.file(key, record, path, buffer);
    if (worthCompressing(path, buffer.length)) for (const encoding of this.encodings) this.twin(key, record, encoding, path, buffer);
    if (measure) record.brotli ??= record.br && this.encodings.includes('br') && worthCompressing(path, buffer.length) ? record.br[0] : brotli(buffer, path).length;
    this.used.set(key, record);
    return measure ? record.brotli : undefined;
  }

  /**
   * Writes files (name → contents) into dir with their twins, and returns the brotli weight of those
   * named in weigh: the build's CSS and JS, compressed at the top quality once per content, not once
   * to write and again to weigh on every build.
   */
  writeAll(dir: string, files: OutputFiles, weigh: ReadonlySet<string> = new Set()): Map<string, number> {
    for (const folder of new Set([...files.keys()].map((name) => dirname(join(dir, name))))) mkdirSync(folder, { recursive: true });
    const weights = new Map<string, number>();
    for (const [name, contents] of files) {
      const path = join(dir, name);
      const buffer = typeof contents === 'string' ? Buffer.from(contents) : contents;
      const weight = this.write(path, buffer, weigh.has(name));
      if (weight !== undefined) weights.set(name, weight);
    }
    return weights;
  }

  /** The file itself: kept only where the output can link to it (a copy costs as much as writing the file). */
  private file(key: string, record: EntryRecord, path: string, buffer: Uint8Array): void {
    record.file = this.put(join(this.dir, key), path, record.file, false, (entry) => same(entry, buffer), () => buffer);
  }

  private twin(key: string, record: EntryRecord, encoding: Encoding, path: string, buffer: Uint8Array): void {
    const name = encoding === 'br' ? 'br' : 'gz';
    record[name] = this.put(join(this.dir, key + suffixOf(encoding)), path + suffixOf(encoding), record[name], true, (entry) => verified(entry, encoding, buffer), () => compressSync(encoding, buffer, path));
  }

  /**
   * Writes `to` from the cache's entry when it is trusted (its recorded stamp, else `holds`), else made now and kept (linked,
   * or with `copies` copied where the output is on another file system). Returns the entry's stamp to record.
   */
  private put(entry: string, to: string, known: Stamp | undefined, copies: boolean, holds: (entry: string) => boolean, make: () => Uint8Array): Stamp | undefined {
    const stamp = this.linkable || copies ? stampOf(entry) : undefined;
    const trusted = !!stamp && (known ? sameStamp(stamp, known) : holds(entry));
    if (trusted && this.placed(entry, to, copies)) return stamp;
    if (stamp && !trusted) rmSync(entry, { force: true });
    const data = make();
    writeFileSync(to, data);
    if (trusted) return known; // kept as it was: only placing it failed
    // A copy into the cache where its output is on another file system, made anew (whatever is in its place, a link
    // included, is removed, never written through); one that cannot be written is no entry.
    const kept = this.linkable ? this.linked(to, entry) : copies && done(() => (rmSync(entry, { force: true }), writeFileSync(entry, data, { flag: 'wx' })));
    return kept ? stampOf(entry) : known;
  }

  /**
   * An entry into the output: linked, else (copy) copied; false when it is gone (another thread replaced it), or when what
   * was linked is no regular file (an entry swapped for a symbolic link after its check: never published).
   */
  private placed(entry: string, to: string, copy: boolean): boolean {
    if (this.linkable && this.linked(entry, to)) {
      if (lstatSync(to).isFile()) return true;
      rmSync(to);
      return false;
    }
    return !this.linkable && copy && done(() => copyFileSync(entry, to));
  }

  /**
   * A hard link, true when made or when the cache already has that content (another thread kept it). Where the file system
   * refuses links (a bind mount of another device, a share without them, the link limit), none is tried again this build:
   * a cache costs time, never a build.
   */
  private linked(from: string, to: string): boolean {
    try {
      linkSync(from, to);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && to.startsWith(this.dir)) return true;
      if (code !== 'ENOENT' && code !== 'EEXIST') this.linkable = false;
      return false;
    }
  }
}

/** Whether a file operation the cache can do without succeeded (a copy into or out of it). */
function done(operation: () => void): boolean {
  try {
    operation();
    return true;
  } catch {
    return false;
  }
}

function same(file: string, bytes: Uint8Array): boolean {
  try {
    return Buffer.from(bytes).equals(readFileSync(file));
  } catch {
    return false;
  }
}

/** Decompressing costs a tenth of compressing. */
function verified(twin: string, encoding: Encoding, page: Uint8Array): boolean {
  try {
    const data = readFileSync(twin);
    return Buffer.from(page).equals(encoding === 'br' ? brotliDecompressSync(data) : gunzipSync(data));
  } catch {
    return false; // truncated or not compressed data at all
  }
}

/** Run after publishing: a cache that cannot be pruned or recorded costs time, never fails a published build. */
export function pruneCache(dir: string, used: Map<string, EntryRecord>): void {
  if (!existsSync(dir)) return;
  pruneFolder(dir, (name) => name === INDEX || used.has(name.replace(/\.(br|gz)$/, '')));
  writeSealed(join(dir, INDEX), JSON.stringify(Object.fromEntries(used)));
}
