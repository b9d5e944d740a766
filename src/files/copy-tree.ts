// Copies a package folder into a cache several files at a time (fs.cp goes one at a time). Regular files only, as walk()
// lists them: a link is neither followed nor copied.
import { constants, copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { settled } from './settled.ts';
import { walk } from './walk.ts';

/** Enough to keep libuv's threads (four by default) busy. */
const AT_ONCE = 8;

/** On a failure no copy is still running when it rejects, so the caller may remove `to` at once. */
export async function copyTree(from: string, to: string, keep: (path: string) => boolean = () => true): Promise<void> {
  const files = (await walk(from)).files.filter((rel) => keep(join(from, rel)));
  for (const folder of new Set(files.map((rel) => dirname(rel)))) await mkdir(join(to, folder), { recursive: true });
  let next = 0;
  let failed = false;
  const copier = async () => {
    // A copy-on-write clone where the file system has them, else a copy.
    while (!failed && next < files.length) {
      const rel = files[next++]!;
      try {
        await copyFile(join(from, rel), join(to, rel), constants.COPYFILE_FICLONE);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await settled(Array.from({ length: AT_ONCE }, copier));
}
