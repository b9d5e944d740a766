// What the engine knows about itself: its package folder, name and version, and the site file name it looks for.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where its package.json is, whether it runs from src/ or lib/. */
export const ENGINE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const ENGINE = JSON.parse(readFileSync(join(ENGINE_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** Looked for from the current folder up. */
export const DEFAULT_SITE_FILE = 'site.config.ts';

/** A module beside `from` (an import.meta.url), named without its extension: .ts in src/, .js in lib/. */
export function sibling(name: string, from: string): URL {
  return new URL(`${name}${extname(fileURLToPath(from))}`, from);
}

export function findSite(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, DEFAULT_SITE_FILE);
    if (existsSync(file)) return file;
    if (dir === parse(dir).root) return undefined;
  }
}
