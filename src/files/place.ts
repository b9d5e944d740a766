// Puts a cached file into the output: a hard link when both are on one file system (no bytes
// copied), a copy otherwise (an output on /dev/shm, a cache on another disk).
import { copyFileSync, linkSync, statSync } from 'node:fs';

/** Whether files of `from` can be hard-linked into `to`. */
export function linkable(from: string, to: string): boolean {
  return statSync(from).dev === statSync(to).dev;
}

export function place(from: string, to: string, link: boolean): void {
  if (link) linkSync(from, to);
  else copyFileSync(from, to);
}
