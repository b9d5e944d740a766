// A cached file is still what the cache made while its size and mtime are as recorded: a file rewritten through an output's
// hard link would otherwise be published by every later build. Not seen: a write at the same size that sets the time back (cp -p).
import { lstatSync } from 'node:fs';

/** Size in bytes, modification time in ms. */
export type Stamp = [size: number, mtimeMs: number];

/** None when missing or not a regular file (a link is never one a cache made). */
export function stampOf(path: string): Stamp | undefined {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  return stat?.isFile() ? [stat.size, stat.mtimeMs] : undefined;
}

export function sameStamp(now: Stamp | undefined, recorded: Stamp): boolean {
  return !!now && now[0] === recorded[0] && now[1] === recorded[1];
}

export function unchanged(path: string, recorded: Stamp): boolean {
  return sameStamp(stampOf(path), recorded);
}

/** A record read back may be damaged. */
export function isStamp(value: unknown): value is Stamp {
  return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n));
}
