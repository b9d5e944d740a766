// Proxies record the key paths each page render reads, so dev re-renders only the pages whose reads overlap a change.

/** A read or changed location: content file and key path, joined by NUL ("en/ui.yaml\0nav\0label"). */
export type KeyPath = string;

const SEP = '\0';
let recording: Set<KeyPath> | undefined;

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

/** path: the file's content-relative name. */
export function tracked<T>(value: T, path: KeyPath): T {
  if (value === null || typeof value !== 'object') return value;
  // Only plain data is wrapped: a Date or Map behind a Proxy loses its methods, so it is read as a leaf.
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

export function changedPaths(root: KeyPath, before: unknown, after: unknown): KeyPath[] {
  if (Object.is(before, after)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) return [root];
  // A list that grew or shrank, or a mapping that gained or lost keys, changed as a whole.
  const keys = Object.keys(before);
  if (keys.length !== Object.keys(after).length || keys.some((k) => !Object.hasOwn(after, k))) return [root];
  return keys.flatMap((k) => changedPaths(root + SEP + k, before[k], after[k]));
}

export function affectedBy(reads: Iterable<KeyPath>, changed: KeyPath[]): boolean {
  for (const read of reads) {
    for (const c of changed) {
      if (read === c || read.startsWith(c + SEP) || c.startsWith(read + SEP)) return true;
    }
  }
  return false;
}
