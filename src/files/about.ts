// What the engine knows about itself: its package folder, name and version, and the site file name it looks for.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, parse } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Where its package.json is, whether it runs from src/ or lib/. */
export const ENGINE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const ENGINE = JSON.parse(readFileSync(join(ENGINE_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
};

/** Looked for from the current folder up. */
export const DEFAULT_SITE_FILE = 'site.config.ts';

/** A module beside `from` (an import.meta.url), named without its extension: .ts in src/, .js in lib/. */
export function sibling(name: string, from: string): URL {
  return new URL(`${name}${extname(fileURLToPath(from))}`, from);
}

/** An optional peer (sharp, TypeScript) as the site installs it, else the engine's own copy; undefined when neither has it. */
export function peerOf<T>(name: string, siteDir: string): T | undefined {
  for (const from of [join(siteDir, 'package.json'), import.meta.url]) {
    try {
      return createRequire(from)(name) as T;
    } catch {
      // not installed there
    }
  }
  return undefined;
}

export function findSite(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, DEFAULT_SITE_FILE);
    if (existsSync(file)) return file;
    if (dir === parse(dir).root) return undefined;
  }
}
