// What the engine knows about itself and where it keeps its caches. Plain JavaScript: the launcher
// reads it before anything is compiled.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's package folder (where its package.json is). */
export const ENGINE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The engine's package name and version. */
export const ENGINE = JSON.parse(readFileSync(join(ENGINE_ROOT, 'package.json'), 'utf8'));

/** The file a site's definition is looked for in, from the current folder up: the one site file name the engine knows. */
export const DEFAULT_SITE_FILE = 'site.config.ts';

/** The nearest site definition, looking in `from` and the folders above it. */
export function findSite(from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, DEFAULT_SITE_FILE);
    if (existsSync(file)) return file;
    if (dir === parse(dir).root) return undefined;
  }
}

/**
 * The engine's cache folder for a project: node_modules/.cache/<engine>/ in the nearest folder (from
 * `from` up) that has a node_modules, where tools keep their caches and what a fresh install removes;
 * the system's temporary folder when there is none.
 */
export function cacheRoot(from) {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return join(dir, 'node_modules', '.cache', ENGINE.name);
    if (dir === parse(dir).root) return join(tmpdir(), `${ENGINE.name}-cache`);
  }
}
