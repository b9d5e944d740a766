// Parsing a large site's content on every core: the files the content cache does not know are shared
// between this thread and the worker threads the build has started (render-pool.ts), each parse put
// into the cache, where the load (load-content.ts) then finds it. YAML front matter is most of a cold
// load's time, and it needs nothing of the site: only the file.
import { readFileSync } from 'node:fs';
import { ContentCache } from './content-cache.ts';
import { parseSource, type ParseRecord } from './read-file.ts';

export interface FileToParse {
  path: string;
  /** The file as messages show it. */
  shown: string;
}

/**
 * Where files are parsed besides this thread: how many threads, and a function that parses there the
 * batches `next` hands out until it has none left, handing each batch's parses to `took` as it comes
 * (never all at once: at 40,000 pages one message of every parse would be a second copy of the
 * content, held while it is read).
 */
export interface ParseElsewhere {
  threads: number;
  parse(next: () => FileToParse[] | undefined, took: (parsed: SharedParse[]) => void): Promise<void>;
  /** Told once the load asks nothing more of those threads (at once when it shares nothing): they may turn to other work. */
  finished(): void;
}

/** A file's cache key, its parse, and its path. */
export type SharedParse = [key: string, record: ParseRecord, path: string];

/**
 * Files a batch, taken from one queue by every thread as it is free (a worker that starts late, or
 * parses slower, takes fewer): small, so no thread waits long for another's last batch at the end,
 * large enough that the messages cost nothing.
 */
export const BATCH = 64;

/** Fewer files than this are parsed where they are loaded: sharing them would cost more than it saves. */
export const SHARE_FROM = 200;

/** Each file's cache key and parse; a file that does not parse is left out (the load tells its problem). */
export function parseForCache(files: readonly FileToParse[]): SharedParse[] {
  const parsed: SharedParse[] = [];
  for (const { path, shown } of files) {
    try {
      const bytes = readFileSync(path);
      parsed.push([ContentCache.keyOf(path, bytes), parseSource(bytes.toString('utf8'), path, shown), path]);
    } catch {
      // told by the load, with its file and line, as it parses the file again
    }
  }
  return parsed;
}

/**
 * Puts into the cache a parse of every content file it does not know, parsed here and elsewhere a
 * batch at a time from one queue. A thread that fails leaves the files it took to the load. Returns each
 * parsed file's cache key by path: the load takes those parses without reading the files again
 * (1.1 s of the main thread at 40,000 files), so each file is read once a build.
 */
export async function shareParsing(cache: ContentCache, files: readonly FileToParse[], elsewhere: ParseElsewhere): Promise<Map<string, string>> {
  try {
    return await share(cache, files, elsewhere);
  } finally {
    elsewhere.finished();
  }
}

async function share(cache: ContentCache, files: readonly FileToParse[], elsewhere: ParseElsewhere): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  // A cache that holds nearly as many parses as there are files (a warm build) leaves too few to share:
  // not worth reading and hashing every file once more before the load does.
  if (files.length - cache.size < SHARE_FROM) return keys;
  // An empty cache (a cold build: a fresh clone, another site version) knows none of them: no file is read
  // and hashed here first (0.7-1 s of this thread at 40,000 files) before the sharing starts.
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
  // This thread's batches from the same queue, one at a time, letting the workers' replies (and their asks for more) in between.
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
