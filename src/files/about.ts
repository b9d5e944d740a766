// What the engine knows about itself: its package folder, name and version, and the one site file
// name it looks for. Constants only.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's package folder (where its package.json is), whether it runs from src/ or lib/. */
export const ENGINE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The engine's package.json: its name, version and dependencies. */
export const ENGINE = JSON.parse(readFileSync(join(ENGINE_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** The file a site's definition is looked for in, from the current folder up: the one site file name the engine knows. */
export const DEFAULT_SITE_FILE = 'site.config.ts';

/** A module of the engine beside `from` (its import.meta.url), named without its extension: .ts in src/, .js in lib/. */
export function sibling(name: string, from: string): URL {
  return new URL(`${name}${extname(fileURLToPath(from))}`, from);
}

/** The nearest site definition, looking in `from` and the folders above it. */
export function findSite(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, DEFAULT_SITE_FILE);
    if (existsSync(file)) return file;
    if (dir === parse(dir).root) return undefined;
  }
}
