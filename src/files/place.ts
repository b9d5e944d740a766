// Puts a cached file into the output: a hard link when both are on one file system (no bytes
// copied), a copy otherwise (an output on /dev/shm, a cache on another disk).
import { copyFileSync, linkSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Whether files of `from` can be hard-linked into `to`. */
export function linkable(from: string, to: string): boolean {
  return statSync(from).dev === statSync(to).dev;
}

export function place(from: string, to: string, link: boolean): void {
  if (link) linkSync(from, to);
  else copyFileSync(from, to);
}

/**
 * Every file below `from` whose name `keep` accepts, put at the same path below `to` (a new folder
 * inside `into`): hard links where one file system holds both, copies otherwise. For files that never
 * change once installed (a package's assets): linking 360 grammar files took ~15 ms, copying ~200 ms.
 */
export async function placeTree(from: string, to: string, into: string, keep: (name: string) => boolean): Promise<void> {
  const linked = linkable(from, into);
  const files = (await readdir(from, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && keep(entry.name));
  for (const dir of new Set(files.map((entry) => join(to, relative(from, entry.parentPath))))) await mkdir(dir, { recursive: true });
  await Promise.all(
    files.map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const target = join(to, relative(from, file));
      return linked ? link(file, target) : copyFile(file, target);
    }),
  );
}
