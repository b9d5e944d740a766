// Writes the site into a fresh folder beside the output and swaps it in only when everything
// succeeded, so a failed build leaves the previous dist/ exactly as it was.
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth precompressing; sirv and static hosts serve the .br/.gz when the client accepts them. */
export const COMPRESSIBLE = /\.(html|css|js|svg|xml|txt|json|webmanifest)$/;

export type OutputFiles = Map<string, string | Uint8Array>;

/** A temporary folder next to outDir, on the same file system so the swap is a rename. */
export async function stagingDir(outDir: string): Promise<string> {
  const dir = join(dirname(outDir), `.${basename(outDir)}.staging-${process.pid}-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Writes files (and their .br/.gz twins) into dir. */
export async function writeFiles(dir: string, files: OutputFiles, { compress = true } = {}): Promise<void> {
  const folders = new Set([...files.keys()].map((f) => dirname(join(dir, f))));
  await Promise.all([...folders].map((f) => mkdir(f, { recursive: true })));
  await Promise.all(
    [...files].map(async ([name, contents]) => {
      const path = join(dir, name);
      await writeFile(path, contents);
      if (compress && COMPRESSIBLE.test(name)) await writeCompressed(path, contents);
    }),
  );
}

export async function writeCompressed(path: string, contents: string | Uint8Array): Promise<void> {
  const buffer = typeof contents === 'string' ? Buffer.from(contents) : contents;
  const [br, gzipped] = await Promise.all([
    brotli(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
    gz(buffer, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
}

/** Copies static/ into the staging folder (precompressing its text files). */
export async function copyStatic(staticDir: string, dir: string, files: string[]): Promise<void> {
  await cp(staticDir, dir, { recursive: true });
  await Promise.all(files.filter((f) => COMPRESSIBLE.test(f)).map(async (f) => {
    await writeCompressed(join(dir, f), await readFile(join(dir, f)));
  }));
}

/** Replaces outDir with the staging folder: rename the old one away, rename the new one in, delete the old. */
export async function swapIn(staging: string, outDir: string): Promise<void> {
  const old = `${staging}.old`;
  let hadOld = true;
  try {
    await rename(outDir, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOld = false;
  }
  await rename(staging, outDir);
  if (hadOld) await rm(old, { recursive: true, force: true });
}
