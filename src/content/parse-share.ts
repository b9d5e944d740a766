// Parses the files the content cache does not know on this thread and the build's workers (render-pool.ts), into the cache.
// YAML front matter is most of a cold load, and needs nothing of the site.
import { readFileSync } from 'node:fs';
import { ContentCache } from './content-cache.ts';
import { contentBytes, parseSource, textOf, type ParseRecord } from './read-file.ts';

export interface FileToParse {
  path: string;
  shown: string;
}

/** Each batch's parses handed to `took` as they come: one message of every parse would be a second copy of the content. */
export interface ParseElsewhere {
  threads: number;
  parse(next: () => FileToParse[] | undefined, took: (parsed: SharedParse[]) => void): Promise<void>;
  /** Told once the load needs those threads no more (at once when it shares nothing). */
  finished(): void;
}

export type SharedParse = [key: string, record: ParseRecord, path: string];

/** Files a batch from one shared queue: small, so no thread waits long for another's last; large enough that messages are cheap. */
export const BATCH = 64;

/** Fewer files than this are parsed where they are loaded: sharing them would cost more than it saves. */
export const SHARE_FROM = 200;

/** A file that does not parse is left out: the load tells its problem. */
export function parseForCache(files: readonly FileToParse[]): SharedParse[] {
  const parsed: SharedParse[] = [];
  for (const { path, shown } of files) {
    try {
      const bytes = contentBytes(path, shown);
      parsed.push([ContentCache.keyOf(path, bytes), parseSource(textOf(bytes, shown), path, shown), path]);
    } catch {
      // told by the load
    }
  }
  return parsed;
}

/** A failed thread leaves its files to the load. Returns each parsed file's key by path, so the load does not read it again. */
export async function shareParsing(cache: ContentCache, files: readonly FileToParse[], elsewhere: ParseElsewhere): Promise<Map<string, string>> {
  try {
    return await share(cache, files, elsewhere);
  } finally {
    elsewhere.finished();
  }
}

async function share(cache: ContentCache, files: readonly FileToParse[], elsewhere: ParseElsewhere): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  // A warm cache leaves too few to share: not worth reading and hashing every file once more.
  if (files.length - cache.size < SHARE_FROM) return keys;
  // An empty cache (a cold build) knows none: no file is read and hashed first.
  const missing = files.filter(({ path }) => {
    if (!/\.(md|ya?ml)$/.test(path)) return false;
    if (!cache.size) return true;
    try {
      return !cache.get(ContentCache.keyOf(path, readFileSync(path)));
    } catch {
      return false; // unreadable: the load says so
    }
  });
  if (missing.length < SHARE_FROM || elsewhere.threads < 1) return keys;
  const took = (parsed: SharedParse[]) => {
    for (const [key, record, path] of parsed) {
      cache.put(key, record);
      keys.set(path, key);
    }
  };
  let taken = 0;
  const next = () => (taken < missing.length ? missing.slice(taken, (taken += BATCH)) : undefined);
  const started = performance.now();
  const pending = elsewhere.parse(next, took).catch(() => undefined);
  // This thread's share, a batch at a time, letting the workers' messages in between.
  let mine = 0;
  for (let batch = next(); batch; batch = next()) {
    took(parseForCache(batch));
    mine += batch.length;
    await new Promise((done) => setImmediate(done));
  }
  const done = performance.now();
  await pending;
  // Stryker disable next-line all: a diagnostic line for SITE_TIMINGS, its figures timing only
  if (process.env.SITE_TIMINGS) console.error(`content parsed in ${Math.round(performance.now() - started)} ms: ${mine} files here (done at ${Math.round(done - started)} ms), ${missing.length - mine} elsewhere`);
  return keys;
}
