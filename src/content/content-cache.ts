// Parsed content kept between builds: a file's data, where its body starts and its rendered Markdown,
// keyed by its bytes, so a build parses and renders only the files that changed since the last one (at 4,000 pages,
// parsing and Markdown are most of the time before rendering). Validation and every check still run
// on every build, on the kept data. Kept in one JSON file per content folder, for one version of the
// engine (another parser may read the same bytes otherwise); the Markdown renders only for one version
// of the site's code too (its components and policy render them), so a template edit renders the
// Markdown again but parses nothing again.
// Nothing in it is trusted blindly: the file is sealed as every whole file a cache keeps is
// (files/cache.ts), its first line a SHA-256 of the rest (a damaged or swapped
// file is a miss, so a kept Markdown render that skipped the HTML policy is never used), and an
// unreadable or malformed file or entry is a miss. One JSON line per entry after a header line, written
// and read a line at a time: as one JSON text, 40,000 pages' parses (140 MB) were held two and three
// times over in memory as the build saved or read them, the largest part of its peak.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE } from '../files/about.ts';
import { cacheRoot, SEAL_BYTES, writeKept } from '../files/cache.ts';
import { siteCodeLoaded } from '../loader/site-code.ts';
import type { RenderedMarkdown } from './markdown.ts';
import type { ParseRecord } from './read-file.ts';

/** A parse, with the Markdown rendered from its body once it has been. */
export type CachedParse = ParseRecord & { markdown?: RenderedMarkdown };

/**
 * What is kept of a parse: no text of the file (its YAML and body were half of the file, 6.5 of 14 MB
 * at 4,000 pages, and their writing half of a cold build's save). The load takes the body from the
 * bytes it reads to find the key (bodyByte), and a position by reading the file again.
 */
const keptOf = ({ data, bodyLine, bodyByte, lineOffset, markdown }: CachedParse) => ({ data, bodyLine, bodyByte, lineOffset, markdown });

const FORMAT = 5;
/** Bytes written at a time while saving. */
const CHUNK = 1 << 20;
/** Content folders whose parses are kept: the least recently used go first (a benchmark makes a new folder every run). */
const KEEP = 8;
const KEPT_NAME = /^content-[0-9a-f]{12}\.json$/;

/**
 * Where the parses of a content folder are kept for the code running now: in the site's cache folder,
 * one file per content folder, for this engine's code (its files' names, sizes and times) and, for
 * Markdown renders, the site's code as its module hooks loaded it. None when the site's code was loaded
 * by another loader (a test runner's): what it is cannot be told, so nothing kept could be trusted.
 */
export function contentCacheFor(contentDir: string, siteDir: string): KeptFor | undefined {
  const site = siteCodeLoaded();
  if (!site.size) return undefined;
  const key = createHash('sha1').update(resolve(contentDir)).digest('hex').slice(0, 12);
  const siteCode = createHash('sha1');
  for (const [file, text] of site) siteCode.update(`${file}\0${text}\0`);
  const engine = engineCodeKey();
  return { file: join(cacheRoot(siteDir), 'content', `content-${key}.json`), version: engine, renders: `${engine}+${siteCode.digest('hex').slice(0, 16)}` };
}

let engineKey: string | undefined;
/** The engine's code as it is now: its version and each of its files' name, size and time. */
function engineCodeKey(): string {
  if (engineKey) return engineKey;
  const hash = createHash('sha1').update(ENGINE.version);
  const code = fileURLToPath(new URL('../', import.meta.url)); // src/, or lib/ installed
  for (const entry of readdirSync(code, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).sort((x, y) => (x.parentPath + x.name < y.parentPath + y.name ? -1 : 1))) {
    const file = join(entry.parentPath, entry.name);
    const { size, mtimeMs } = statSync(file);
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return (engineKey = hash.digest('hex').slice(0, 16));
}

/** Where parses are kept, and for which code: `version` the engine's (parses), `renders` the engine's and the site's (Markdown renders). */
export interface KeptFor {
  file: string;
  version: string;
  renders: string;
}

export class ContentCache {
  private readonly kept: Map<string, CachedParse>;
  private readonly used = new Map<string, CachedParse>();
  private changed = false;

  /**
   * The cache kept in file for this version of the engine (its Markdown renders only when they were made
   * by these renders' version too); none (an empty cache, never saved) without a file.
   */
  private readonly file: string | undefined;
  private readonly version: string;
  private readonly renders: string;

  constructor(file?: string, version = '', renders = version) {
    this.file = file;
    this.version = version;
    this.renders = renders;
    this.kept = file ? readKept(file, version, renders) : new Map();
  }

  /** The key of a file's bytes, read as the kind of file its path names. */
  static keyOf(path: string, bytes: Uint8Array): string {
    return createHash('sha1').update(path.endsWith('.md') ? 'md\0' : 'yaml\0').update(bytes).digest('hex');
  }

  /** At least how many parses it holds: a load of no more files than this plus a few is mostly known. */
  get size(): number {
    return Math.max(this.kept.size, this.used.size);
  }

  get(key: string): CachedParse | undefined {
    const entry = this.used.get(key) ?? this.kept.get(key);
    if (entry) this.used.set(key, entry);
    return entry;
  }

  /** Keeps a new parse, unless JSON would not give its data back as it is (YAML's .inf and .nan). */
  put(key: string, entry: CachedParse): void {
    if (!jsonSafe(entry.data)) return;
    this.used.set(key, entry);
    this.changed = true;
  }

  /** The Markdown of an entry was rendered: kept with it. */
  rendered(entry: CachedParse, markdown: RenderedMarkdown): void {
    entry.markdown = markdown;
    this.changed = true;
  }

  /** The file's lines, made one at a time as they are written. */
  private *lines(): Generator<string> {
    yield JSON.stringify({ format: FORMAT, version: this.version, renders: this.renders });
    for (const [key, entry] of this.used) yield JSON.stringify([key, keptOf(entry)]);
  }

  /** Writes what this load used (nothing else: files removed or changed since drop out) when it differs from what was read. */
  save(): void {
    if (!this.file) return;
    // A cache that cannot be written costs the next build time, not its output.
    try {
      if (!this.changed && this.used.size === this.kept.size) {
        if (this.used.size) utimesSync(this.file, new Date(), new Date()); // used: the last to be pruned
        return;
      }
      if (writeKept(this.file, (temporary) => writeLines(temporary, this.lines()))) prune(dirname(this.file), this.file);
    } catch {
      // not touched, or not pruned: left for a later build
    }
  }
}

/** Removes the kept parses of all but the KEEP content folders used last (this one always kept). */
function prune(dir: string, current: string): void {
  const others = readdirSync(dir)
    .filter((name) => KEPT_NAME.test(name) && join(dir, name) !== current)
    .map((name) => ({ path: join(dir, name), used: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of others.slice(KEEP - 1)) rmSync(path, { force: true });
}

/** Writes the seal's line (files/cache.ts), then the lines, a chunk at a time; the seal (the checksum of everything after its line) goes in last, in place. */
function writeLines(file: string, lines: Iterable<string>): void {
  const fd = openSync(file, 'w');
  try {
    const hash = createHash('sha256');
    writeSync(fd, `${'0'.repeat(SEAL_BYTES - 1)}\n`);
    let chunk = '';
    const flush = () => {
      const bytes = Buffer.from(chunk);
      hash.update(bytes);
      writeSync(fd, bytes);
      chunk = '';
    };
    for (const line of lines) {
      chunk += `${line}\n`;
      if (chunk.length >= CHUNK) flush();
    }
    flush();
    writeSync(fd, hash.digest('hex'), 0);
  } finally {
    closeSync(fd);
  }
}

/**
 * The kept parses, read a chunk and a line at a time (never the whole file at once), kept only when the
 * checksum holds; their Markdown renders only when made by `renders`.
 */
function readKept(file: string, version: string, renders: string): Map<string, CachedParse> {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(SEAL_BYTES);
    if (readSync(fd, head, 0, SEAL_BYTES, 0) !== SEAL_BYTES || head[SEAL_BYTES - 1] !== 0x0a) return new Map();
    const hash = createHash('sha256');
    const kept = new Map<string, CachedParse>();
    let header = false;
    let rendersKept = false;
    const take = (line: string) => {
      if (!line) return true;
      if (!header) {
        const { format, version: madeBy, renders: renderedBy } = JSON.parse(line) as { format?: unknown; version?: unknown; renders?: unknown };
        rendersKept = renderedBy === renders;
        return (header = format === FORMAT && madeBy === version);
      }
      const pair = JSON.parse(line) as unknown;
      if (Array.isArray(pair) && typeof pair[0] === 'string' && usable(pair[1])) {
        if (!rendersKept) delete pair[1].markdown; // rendered by other templates: rendered again
        kept.set(pair[0], pair[1]);
      }
      return true;
    };
    const chunk = Buffer.alloc(CHUNK);
    let rest = Buffer.alloc(0);
    for (let position = SEAL_BYTES, n = 0; (n = readSync(fd, chunk, 0, CHUNK, position)) > 0; position += n) {
      hash.update(chunk.subarray(0, n));
      const data = Buffer.concat([rest, chunk.subarray(0, n)]);
      let start = 0;
      for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, start)) {
        if (!take(data.toString('utf8', start, end))) return new Map(); // another format or version of the code
        start = end + 1;
      }
      rest = data.subarray(start);
    }
    if (!take(rest.toString('utf8')) || !header) return new Map();
    return hash.digest('hex') === head.toString('latin1', 0, SEAL_BYTES - 1) ? kept : new Map();
  } catch {
    return new Map(); // none yet, unreadable, or not lines of JSON
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function usable(entry: unknown): entry is CachedParse {
  if (!entry || typeof entry !== 'object' || !('data' in entry)) return false;
  const { lineOffset, bodyLine, bodyByte, markdown } = entry as Record<string, unknown>;
  if (!Number.isInteger(lineOffset)) return false;
  if (bodyLine !== undefined && !Number.isInteger(bodyLine)) return false;
  if (bodyByte !== undefined && !(Number.isInteger(bodyByte) && (bodyByte as number) >= 0)) return false;
  if (markdown === undefined) return true;
  const { html, links, findings } = markdown as Record<string, unknown>;
  return typeof html === 'string' && Array.isArray(links) && Array.isArray(findings);
}

/** Whether JSON keeps a value as it is: no number it would write as null (Infinity, NaN) or as 0 (-0). */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(jsonSafe);
  return value === null || typeof value === 'string' || typeof value === 'boolean';
}
