// A cached file into the output: a hard link on one file system, a copy otherwise (an output on /dev/shm).
import { copyFileSync, linkSync, statSync } from 'node:fs';

export function linkable(from: string, to: string): boolean {
  return statSync(from).dev === statSync(to).dev;
}

export function place(from: string, to: string, link: boolean): void {
  if (link) linkSync(from, to);
  else copyFileSync(from, to);
}
