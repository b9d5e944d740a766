// The public URLs of the built site, read from dist/ itself (so browser checks cover every page).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** "/", "/about", "/es/", "/es/services/vaccines", ... plus the two 404 pages' own paths. */
export function builtUrls(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(dist, join(e.parentPath, e.name)).split('\\').join('/'))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`)
    .sort();
}
