// The content a render worker is sent, in parts: as one message its serialized bytes and the worker's copy were held at once.
// Large objects go a part at a time and are put back in order (templates see the keys as the content had them). Each message is
// cloned on its own, so content whose entries link back to the objects around them (`entry.locale = text`) is sent whole.

/** The keys from the content's root to the object a part's entries belong to. */
export type PartPath = readonly string[];
export type ContentPart = [path: PartPath, entries: [key: string, value: unknown][]];

/** Objects with at least this many entries are sent in parts. */
export const SPLIT_FROM = 256;
export const PER_PART = 128;
/** How deep large objects are looked for (a locale's collection is at depth 3). */
const DEPTH = 4;
/** How deep an entry is looked into for a link back to the objects around it. */
const LINK_DEPTH = 2;

const container = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
};

/** An own property whatever its name: content's keys are written by staff, and `x["__proto__"] = v` would set the prototype. */
const own = (target: object, key: string, value: unknown) => Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });

/** The content with each large object emptied (the objects on the way to it copied), and their entries in parts. */
export function splitContent<T>(content: T, splitFrom = SPLIT_FROM, perPart = PER_PART): { skeleton: T; parts: ContentPart[] } {
  const parts: ContentPart[] = [];
  // What an entry must not link back to (each part would carry all of it): the objects split and those on the way to them.
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

/** After the entries already there. */
export function joinPart(content: unknown, [path, entries]: ContentPart): void {
  let target = content as Record<string, unknown>;
  for (const key of path) {
    // Only into the content's own objects, never up a prototype.
    if (!Object.hasOwn(target, key)) throw new Error(`a part of the content names ${JSON.stringify(key)}, which the content sent before it does not have`);
    target = target[key] as Record<string, unknown>;
  }
  for (const [key, value] of entries) own(target, key, value);
}
