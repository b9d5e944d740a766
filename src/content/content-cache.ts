// Parses and Markdown renders kept between builds by file bytes, for one engine version (and renders for one version of the
// site's code); checks still run every build. Sealed (files/cache.ts): a damaged or swapped file is a miss, so a render that
// skipped the HTML policy is never used. One JSON line per entry, a line at a time, never the whole in memory.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE } from '../files/about.ts';
import { cacheRoot, SEAL_BYTES, writeKept } from '../files/cache.ts';
import { siteCodeLoaded } from '../loader/site-code.ts';
import type { RenderedMarkdown } from './markdown.ts';
import type { ParseRecord } from './read-file.ts';

export type CachedParse = ParseRecord & { markdown?: RenderedMarkdown };

/** No text of the file is kept: the load takes the body from the bytes it reads for the key (bodyByte). */
const keptOf = ({ data, bodyLine, bodyByte, lineOffset, markdown }: CachedParse) => ({ data, bodyLine, bodyByte, lineOffset, markdown });

const FORMAT = 5;
/** Bytes read or written at a time. */
const CHUNK = 1 << 20;
/** Content folders kept, least recently used dropped first (a benchmark makes a new folder every run). */
const KEEP = 8;
const KEPT_NAME = /^content-[0-9a-f]{12}\.json$/;

/** None when another loader (a test runner) loaded the site's code: what it is cannot be told, so nothing kept is trusted. */
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
/** The engine's version and each of its files' name, size and time. */
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

/** `version`: the engine's code (parses); `renders`: the engine's and the site's (Markdown renders). */
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

/** Keeps the KEEP content folders used last (this one always). */
function prune(dir: string, current: string): void {
  const others = readdirSync(dir)
    .filter((name) => KEPT_NAME.test(name) && join(dir, name) !== current)
    .map((name) => ({ path: join(dir, name), used: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of others.slice(KEEP - 1)) rmSync(path, { force: true });
}

/** The seal (SHA-256 of the rest, files/cache.ts) is written last, in place of its placeholder line. */
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

/** Kept parses only when the seal holds; their Markdown renders only when made by `renders`. */
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

/** JSON would write Infinity and NaN as null, -0 as 0. */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(jsonSafe);
  return value === null || typeof value === 'string' || typeof value === 'boolean';
}
