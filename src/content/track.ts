// Records which content each page render reads, so that dev re-renders exactly the pages a change
// affects, whatever the templates read (nothing is listed by hand). Content is wrapped in proxies
// that note every key path read while a render is being recorded; a change is diffed into the key
// paths it altered; a page is affected when a path it read and a changed path overlap.

/** A read or changed location: content file and key path, joined by NUL ("en/ui.yaml\0nav\0label"). */
export type KeyPath = string;

const SEP = '\0';
let recording: Set<KeyPath> | undefined;

/** Runs fn, returning what it returned and every content key path it read. */
export function recordReads<T>(fn: () => T): { result: T; reads: Set<KeyPath> } {
  const outer = recording;
  const reads = new Set<KeyPath>();
  recording = reads;
  try {
    return { result: fn(), reads };
  } finally {
    recording = outer;
  }
}

const proxies = new WeakMap<object, object>();

/** Wraps a content file's data (its root path is the file's content-relative name). */
export function tracked<T>(value: T, path: KeyPath): T {
  if (value === null || typeof value !== 'object') return value;
  // Only plain data is wrapped: a Date (z.coerce.date()) or a Map behind a Proxy loses its methods
  // ("this is not a Date object"), so reading it records the whole value, as a leaf is.
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  const known = proxies.get(value);
  if (known) return known as T;
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof key === 'symbol') {
        if (key === Symbol.iterator) recording?.add(path);
        return v;
      }
      // Length or iteration of a list reads the whole list; methods come from the prototype.
      if (Array.isArray(target) && key === 'length') {
        recording?.add(path);
        return v;
      }
      if (!Object.hasOwn(target, key)) return v;
      const child = path + SEP + key;
      if (v !== null && typeof v === 'object' && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)) return tracked(v, child);
      recording?.add(child);
      return v;
    },
    has(target, key) {
      if (typeof key === 'string') recording?.add(path + SEP + key);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      recording?.add(path);
      return Reflect.ownKeys(target);
    },
  });
  proxies.set(value, proxy);
  return proxy as T;
}

/** The key paths at which two versions of a file's data differ (root path included in each). */
export function changedPaths(root: KeyPath, before: unknown, after: unknown): KeyPath[] {
  if (Object.is(before, after)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) return [root];
  // A list that grew or shrank, or a mapping that gained or lost keys, changed as a whole.
  const keys = Object.keys(before);
  if (keys.length !== Object.keys(after).length || keys.some((k) => !Object.hasOwn(after, k))) return [root];
  return keys.flatMap((k) => changedPaths(root + SEP + k, before[k], after[k]));
}

/** Whether a page that read `reads` is affected by changes at `changed`. */
export function affectedBy(reads: Iterable<KeyPath>, changed: KeyPath[]): boolean {
  for (const read of reads) {
    for (const c of changed) {
      if (read === c || read.startsWith(c + SEP) || c.startsWith(read + SEP)) return true;
    }
  }
  return false;
}
