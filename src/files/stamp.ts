// How a cache knows a file it made is still what it made: its size and modification time, recorded
// when it was made and compared before each use. The caches whose files outputs hard-link (the
// compressed twins, the editor's folder) need it most: a file rewritten in place through an output's
// link is the cache's file too, and would otherwise be published by every later build. Its limit: a
// write that sets the old time back at the same size (cp -p over it in place) is not seen. dev's
// reuse of a content file's parse between saves (content/load-content.ts) asks the same question.
import { lstatSync } from 'node:fs';

/** A file's size in bytes and modification time in ms, as recorded when a cache made it. */
export type Stamp = [size: number, mtimeMs: number];

/** The stamp of a regular file now; none when it is missing or not a file (a link is never one a cache made). */
export function stampOf(path: string): Stamp | undefined {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  return stat?.isFile() ? [stat.size, stat.mtimeMs] : undefined;
}

/** Whether a stamp taken now is the one recorded. */
export function sameStamp(now: Stamp | undefined, recorded: Stamp): boolean {
  return !!now && now[0] === recorded[0] && now[1] === recorded[1];
}

/** Whether a file still has the stamp recorded for it. */
export function unchanged(path: string, recorded: Stamp): boolean {
  return sameStamp(stampOf(path), recorded);
}

/** Whether a value read back from a cache's record is a stamp (a record may be damaged). */
export function isStamp(value: unknown): value is Stamp {
  return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n));
}
