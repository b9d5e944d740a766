// Where to import one of our entry modules from: its compiled file when the CLI runs compiled
// (bin/site: the launcher sets SITE_COMPILED_DIR), its TypeScript source otherwise (tsx, vitest).
// For modules loaded at run time by path, e.g. a worker's module or the site definition file.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledPath } from './compile.mjs';

/** The URL to import for a source module (a file URL): an engine entry or the site definition when compiled. */
export function entryUrl(source: URL): string {
  const dir = process.env.SITE_COMPILED_DIR;
  return dir ? pathToFileURL(compiledPath(dir, fileURLToPath(source))).href : source.href;
}

/** The folder of the compiled code running now (named by a hash of every file it was compiled from); none when run from source. */
export function compiledDir(): string | undefined {
  return process.env.SITE_COMPILED_DIR || undefined;
}
