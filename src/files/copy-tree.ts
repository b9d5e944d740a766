// Copies the files of an installed package's folder into a cache folder, several at a time. Node's
// fs.cp goes one entry at a time (an lstat, the filter and a copy each, in turn), too slow for the
// editor's 427 syntax grammars. Regular files only, as walk() lists them: an
// entry that is a link when listed is skipped, neither followed nor copied as a link.
import { constants, copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { settled } from './settled.ts';
import { walk } from './walk.ts';

/** Copies in flight: enough to keep libuv's threads (four unless UV_THREADPOOL_SIZE says otherwise) busy. */
const AT_ONCE = 8;

/**
 * Copies every regular file below `from` that `keep` accepts (by its path) to the same place below
 * `to` (made only where a file goes). On a failure no copy is still running when it rejects, so the
 * caller may remove `to` at once; the rest is not copied.
 */
export async function copyTree(from: string, to: string, keep: (path: string) => boolean = () => true): Promise<void> {
  const files = (await walk(from)).files.filter((rel) => keep(join(from, rel)));
  for (const folder of new Set(files.map((rel) => dirname(rel)))) await mkdir(join(to, folder), { recursive: true });
  let next = 0;
  let failed = false;
  const copier = async () => {
    // A copy-on-write clone where the file system has them (no bytes copied, and still a file of its own), else a copy.
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
