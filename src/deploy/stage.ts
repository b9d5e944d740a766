// What a host should get, in <folder>/site/: no engine records; twins, _headers and _redirects only for a host that uses them;
// server configs beside it. Only files the manifest lists, each a regular file (no link followed).
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { ENGINE } from '../files/about.ts';
import { inert } from '../problems/inert.ts';
import { hasMarker, readManifest } from '../output/marker.ts';
import { DEFAULT_HOST, HOST_TRAITS, isHost, type Host } from '../site/hosts.ts';
import { caddyfile } from './caddy.ts';
import { nginxConf } from './nginx.ts';
import { parseHeadersFile } from '../security/headers-file.ts';
import { parseRedirectsFile } from '../plugins/redirects.ts';

/** The file in a stage folder that says it is one, and lists what it staged: a folder with it may be staged into again. */
export const STAGE_MARKER = '.site-stage';
/** The server configurations a stage writes beside site/, by host. */
const CONFIG_FILE: Partial<Record<Host, string>> = { nginx: 'nginx.conf', caddy: 'Caddyfile' };

/**
 * What in an existing folder stage did not write: all of it when the folder is no stage of this engine; else what its marker
 * does not list (a file placed in site/ by hand, a .git), and its own names when they are not what it wrote (a folder
 * named nginx.conf). `earlier`: a stage of a release that did not list its files.
 */
function notStaged(target: string): { foreign: string[]; earlier?: boolean } {
  const entries = readdirSync(target);
  if (!entries.length) return { foreign: [] };
  const kind = (path: string) => lstatSync(path, { throwIfNoEntry: false });
  let record: { generator?: unknown; host?: unknown; config?: unknown; files?: unknown } = {};
  try {
    if (kind(join(target, STAGE_MARKER))?.isFile()) record = JSON.parse(readFileSync(join(target, STAGE_MARKER), 'utf8')) as typeof record;
  } catch {
    // Not JSON: not ours.
  }
  if (record.generator !== ENGINE.name || !Array.isArray(record.files)) return { foreign: entries, earlier: record.generator === undefined && typeof record.host === 'string' };
  const staged = new Set(record.files.map(String));
  const own = (entry: string) => (entry === STAGE_MARKER || entry === record.config ? kind(join(target, entry))?.isFile() : entry === 'site' && kind(join(target, entry))?.isDirectory());
  const site = join(target, 'site');
  const inSite = own('site') ? readdirSync(site, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory()) : [];
  const added = inSite.map((e) => join(e.parentPath, e.name).slice(site.length + 1).split(sep).join('/')).filter((file) => !staged.has(file));
  return { foreign: [...entries.filter((entry) => !own(entry)), ...added.map((file) => `site/${file}`)] };
}

/** A failure's own words, inert (a file name in them may hold anything). */
const reason = (error: unknown) => inert(error instanceof Error ? error.message : String(error));

export interface Staged {
  host: Host;
  /** The folder to upload (<folder>/site). */
  site: string;
  files: number;
  /** The server configuration written beside it (nginx, Caddy). */
  config?: string;
  /** Said when the stage will not do what the host expects (a server that sends twins, a build without any). */
  note?: string;
}

export class StageError extends Error {
  override name = 'UsageError';
}

export interface StageOptions {
  /** Another host than the one the site was built for. */
  host?: string;
  /** Where the published folder will be on the server (nginx, Caddy): default, where it is staged. */
  root?: string;
  /** The address the server listens on (nginx, Caddy): default 8080. */
  listen?: string;
}

export function stage(outDir: string, folder: string, options: StageOptions = {}): Staged {
  const out = resolve(outDir);
  if (!hasMarker(out)) throw new StageError(`${outDir} is not a build of this engine (it has no .site-output marker): run "site build" first, or pass --out.`);
  const manifest = readManifest(out);
  const host = options.host ?? manifest.host ?? DEFAULT_HOST;
  if (!isHost(host)) throw new StageError(`unknown host "${host}": the hosts are ${Object.keys(HOST_TRAITS).join(', ')}.`);
  const target = resolve(folder);
  if (target === out || target.startsWith(out + sep) || out.startsWith(target + sep)) throw new StageError(`the stage folder must be outside the build's output (${outDir}), and not hold it.`);
  const there = lstatSync(target, { throwIfNoEntry: false });
  if (there && !there.isDirectory()) throw new StageError(`${folder} is a file, not a folder: choose a new folder (nothing was changed).`);
  if (there) {
    // Never removed with the stage it replaces: what somebody else put there (a .git, a file placed by hand).
    let found: ReturnType<typeof notStaged>;
    try {
      found = notStaged(target);
    } catch (error) {
      throw new StageError(`${folder} could not be read (nothing was changed): ${reason(error)}`);
    }
    const { foreign, earlier } = found;
    if (earlier) throw new StageError(`${folder} is a stage of an earlier release, which did not record the files it copied: remove the folder yourself once, then stage again (nothing was changed).`);
    if (foreign.length) throw new StageError(`${folder} holds files that are not a stage of this engine (${foreign.slice(0, 3).map((f) => `"${inert(f)}"`).join(', ')}${foreign.length > 3 ? `, and ${foreign.length - 3} more` : ''}): choose a new folder, or move them (nothing was changed).`);
  }
  // Made aside and swapped in: a failure leaves an earlier stage whole, and removes what it made.
  const making = `${target}.making-${process.pid}`;
  const earlier = `${target}.earlier-${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  let staged: Staged;
  try {
    staged = stageInto(out, making, target, host, manifest, options);
    if (there) renameSync(target, earlier);
    try {
      renameSync(making, target);
    } catch (error) {
      if (there) renameSync(earlier, target);
      throw error;
    }
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    if (error instanceof StageError) throw error;
    // The earlier stage is back in its place unless putting it back failed too.
    const kept = !there || existsSync(target) ? 'nothing was changed' : `the earlier stage is in ${earlier}`;
    throw new StageError(`${folder} was not staged (${kept}): ${reason(error)}`);
  }
  rmSync(earlier, { recursive: true, force: true });
  return staged;
}

function stageInto(out: string, making: string, target: string, host: Host, manifest: ReturnType<typeof readManifest>, options: StageOptions): Staged {
  const traits = HOST_TRAITS[host];
  const site = join(making, 'site');
  mkdirSync(site, { recursive: true });
  const twins = new Set(Object.entries(manifest.twins).flatMap(([file, encodings]) => encodings.map((e) => `${file}.${e === 'br' ? 'br' : 'gz'}`)));
  // Cloudflare and Netlify read _headers and _redirects; nginx and Caddy get a config; GitHub Pages ignores them.
  const server = host === 'nginx' || host === 'caddy';
  // The editor's GitHub sign-in (_worker.js, _routes.json) runs on Cloudflare Pages only: other hosts would publish its code.
  const cloudflare = host === 'cloudflare-pages';
  const keep = { _headers: traits.readsHeaders && !server, _redirects: !!traits.redirects && !server, '_worker.js': cloudflare, '_routes.json': cloudflare } as Record<string, boolean>;
  const staged: string[] = [];
  for (const file of manifest.files) {
    if (twins.has(file) && !traits.usesTwins) continue;
    if (file in keep && !keep[file]) continue;
    const from = join(out, file);
    if (!from.startsWith(out + sep) || file.split('/').some((part) => part === '..' || part === '')) continue;
    // A regular file, reached through folders that are not links.
    let path = out;
    const parts = file.split('/');
    const safe = parts.every((part, i) => {
      path = join(path, part);
      const stat = lstatSync(path, { throwIfNoEntry: false });
      return stat && (i < parts.length - 1 ? stat.isDirectory() : stat.isFile());
    });
    if (!safe) continue;
    mkdirSync(dirname(join(site, file)), { recursive: true });
    copyFileSync(from, join(site, file));
    staged.push(file);
  }
  let config: string | undefined;
  if (server) {
    const rules = existsSync(join(out, '_headers')) ? parseHeadersFile(readFileSync(join(out, '_headers'), 'utf8')) : [];
    const redirects = existsSync(join(out, '_redirects')) ? parseRedirectsFile(readFileSync(join(out, '_redirects'), 'utf8')) : [];
    const locales = readdirSync(site).filter((entry) => existsSync(join(site, entry, '404.html')));
    const settings = { root: options.root ?? join(target, 'site'), listen: options.listen ?? '8080', rules, redirects, locales };
    config = join(target, CONFIG_FILE[host]!);
    writeFileSync(join(making, CONFIG_FILE[host]!), host === 'nginx' ? nginxConf(settings) : caddyfile(settings));
  }
  writeFileSync(join(making, STAGE_MARKER), `${JSON.stringify({ generator: ENGINE.name, host, config: CONFIG_FILE[host], files: staged })}\n`);
  // A twin-sending server given a build without twins. The manifest's host is named only if known: output is never printed as is.
  const builtFor = manifest.host === undefined ? DEFAULT_HOST : isHost(manifest.host) ? manifest.host : 'another host';
  const note = traits.usesTwins && !twins.size ? `The build wrote no precompressed twins (it was made for ${builtFor}), so ${host} will send every page uncompressed: build with output.host "${host}" in the site definition, or with --precompress br.` : undefined;
  return { host, site: join(target, 'site'), files: staged.length, ...(config ? { config } : {}), ...(note ? { note } : {}) };
}
