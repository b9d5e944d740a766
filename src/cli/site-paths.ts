// Flags' folders are relative to the current folder, defaults beside the site definition: the same build from anywhere.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { shown } from '../problems/shown.ts';
import { DEFAULT_SITE_FILE, findSite } from '../files/about.ts';
import { UsageError } from '../problems/usage-error.ts';

export interface SitePaths {
  site: string;
  siteDir: string;
  content: string;
  static: string;
  out: string;
}

export { shown };

/** --site, or the default file here or in a folder above; a sentence when there is none. */
export function siteFile(given: string | undefined): string {
  if (given) {
    if (!existsSync(given) || !statSync(given).isFile()) throw new UsageError(`--site ${given}: there is no such file. Name the site definition module, or leave the option out to use ${DEFAULT_SITE_FILE} here or above.`);
    return resolve(given);
  }
  const found = findSite(process.cwd());
  if (!found) throw new UsageError(`there is no site here: no ${DEFAULT_SITE_FILE} in ${process.cwd()} or a folder above it. Run it from your site's folder, pass --site FILE, or start a site with "site init <folder>".`);
  return found;
}

export function sitePaths(opts: { site?: string; content?: string; static?: string; out?: string }, defaultOut: string): SitePaths {
  const site = siteFile(opts.site);
  const siteDir = dirname(site);
  return {
    site,
    siteDir,
    content: opts.content ? resolve(opts.content) : join(siteDir, 'content'),
    static: opts.static ? resolve(opts.static) : join(siteDir, 'static'),
    out: opts.out ? resolve(opts.out) : join(siteDir, defaultOut),
  };
}

/** The sentence names the flag, or for the site's own folder where it was looked for. */
export function requireFolder(path: string, option: string, given: boolean): void {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    if (given) throw new UsageError(`${option} ${shown(path)}: there is no such folder. Check the path, or leave the option out to use the default.`);
    throw new UsageError(`the site has no ${option.replace(/^--/, '')} folder: ${shown(path)} does not exist. Create it, or name another with ${option}.`);
  }
  if (!isFolder) throw new UsageError(`${option} ${shown(path)}: that is a file, not a folder.`);
}
