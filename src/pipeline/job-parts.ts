// The content a render worker is sent, in parts. Sent whole, a 40,000-page site's content was one
// 75 MB message: its serialized bytes and the worker's growing copy were held at once, and that moment
// was the build's peak (~60 MB above the render's end). Its largest objects (a collection's entries in
// a locale) are sent 128 entries at a time instead, a few parts ahead of their answers, and put back in
// the same order (templates see the keys as the content had them). Each message is cloned on its own:
// an object two parts reach arrives as two copies. Content that links back to the objects around its
// entries (a plugin setting `entry.locale = text`, say: every part would carry the whole locale) is
// sent whole, as before.

/** Where a part's entries go: the keys from the content's root to the object they belong to. */
export type PartPath = readonly string[];
/** Some entries of one object, in its order. */
export type ContentPart = [path: PartPath, entries: [key: string, value: unknown][]];

/** Objects with at least this many entries are sent in parts. */
export const SPLIT_FROM = 256;
/** Entries a part. */
export const PER_PART = 128;
/** How deep objects are looked into for large ones (a locale's collection, at depth 3, is the deepest split). */
const DEPTH = 4;
/** How deep each entry is looked into for a link back to the objects around it (the entry is depth 0). */
const LINK_DEPTH = 2;

const container = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
};

/**
 * Sets an own property, whatever its name: content's keys are written by staff, and `x[key] = v`
 * with the key "__proto__" would set the object's prototype instead (as structured cloning never does).
 */
const own = (target: object, key: string, value: unknown) => Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });

/**
 * The content with each large object emptied (a copy of the objects on the way to it; everything else
 * is the content's own), and the entries taken out of them, a part at a time.
 */
export function splitContent<T>(content: T, splitFrom = SPLIT_FROM, perPart = PER_PART): { skeleton: T; parts: ContentPart[] } {
  const parts: ContentPart[] = [];
  // The objects split and those on the way to them: what an entry must not link back to (each part
  // would carry all of it). Other objects two entries share are small data, copied once a part.
  const around = new Set<unknown>();
  const visit = (value: unknown, path: string[], depth: number): unknown => {
    if (!container(value)) return value;
    const keys = Object.keys(value);
    if (keys.length >= splitFrom) {
      around.add(value);
      for (let i = 0; i < keys.length; i += perPart) parts.push([path, keys.slice(i, i + perPart).map((k) => [k, value[k]])]);
      return Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value));
    }
    if (depth >= DEPTH) return value;
    let copy: Record<string, unknown> | undefined;
    for (const key of keys) {
      const inner = visit(value[key], [...path, key], depth + 1);
      if (inner === value[key]) continue;
      if (!copy) {
        copy = Array.isArray(value) ? [...value] : Object.create(Object.getPrototypeOf(value));
        if (!Array.isArray(value)) for (const k of keys) own(copy!, k, value[k]);
      }
      own(copy!, key, inner);
    }
    if (copy) around.add(value);
    return copy ?? value;
  };
  const skeleton = visit(content, [], 0) as T;
  const linksBack = (value: unknown, depth: number): boolean =>
    container(value) && (around.has(value) || (depth < LINK_DEPTH && Object.values(value).some((inner) => linksBack(inner, depth + 1))));
  if (parts.some(([, entries]) => entries.some(([, value]) => linksBack(value, 0)))) return { skeleton: content, parts: [] };
  return { skeleton, parts };
}

/** Puts a part's entries back into the content a worker is building, after those already there. */
export function joinPart(content: unknown, [path, entries]: ContentPart): void {
  let target = content as Record<string, unknown>;
  for (const key of path) {
    // Only ever into the content's own objects, never up a prototype (a part names its path as sent).
    if (!Object.hasOwn(target, key)) throw new Error(`a part of the content names ${JSON.stringify(key)}, which the content sent before it does not have`);
    target = target[key] as Record<string, unknown>;
  }
  for (const [key, value] of entries) own(target, key, value);
}
