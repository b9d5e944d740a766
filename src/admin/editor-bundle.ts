// The content editor's code (Sveltia CMS), served from the site's own origin under /admin/cms/. Its
// package ships an ESM build whose fonts and syntax grammars are local, but whose styles and a few
// fallbacks still name public CDNs: those addresses are rewritten to local ones (each expected
// exactly once, so an upgrade that moves one fails here instead of quietly reaching a CDN), and the
// bare imports are bundled with esbuild. Done once per installed Sveltia version, then cached.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { cacheRoot } from '../startup/engine.mjs';

const require = createRequire(import.meta.url);

/** The editor's folder in the output, and the URL its page loads it from. */
export const EDITOR_DIR = 'admin/cms';
/** Where a dead fallback now points: a path on this origin that nothing serves (never a CDN). */
const OFFLINE = '/admin/cms/offline';

/**
 * The installed package's folder (its package.json is not exported, so found from its entry): the
 * site's own (it is an optional peer, installed by the site that turns the editor on), else one
 * beside the engine.
 */
export function sveltiaPackage(siteDir?: string): { dir: string; version: string } {
  let entry: string;
  try {
    entry = createRequire(join(siteDir ?? '/', 'package.json')).resolve('@sveltia/cms');
  } catch {
    entry = require.resolve('@sveltia/cms');
  }
  const dir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return { dir, version };
}

export interface Rewrite {
  /** Exactly as it stands in npm/index.js. */
  find: string;
  replace: string;
  why: string;
}

/** The public-CDN addresses of npm/index.js and what each becomes. */
export function rewrites(assetNames: readonly string[]): Rewrite[] {
  const asset = (prefix: string) => {
    const found = assetNames.filter((name) => name.startsWith(prefix) && name.endsWith('.woff2'));
    if (found.length !== 1) throw new Error(`the editor's font ${prefix}*.woff2 is not in its package's npm/assets (found ${found.length}); the editor package changed`);
    // The @font-face rules are injected into the page, so they resolve against /admin/, not the script.
    return `url(cms/assets/${found[0]})`;
  };
  return [
    { find: 'url(https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2)', replace: asset('source-sans-3-latin-wght-normal-'), why: 'text font' },
    { find: 'url(https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2)', replace: asset('noto-mono-latin-400-normal-'), why: 'code font' },
    { find: 'url(https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2)', replace: asset('material-symbols-outlined-latin-wght-normal-'), why: 'icon font (without it, icons show as words)' },
    { find: '`https://unpkg.com/@shikijs`', replace: `\`${OFFLINE}/@shikijs\``, why: 'syntax grammar fallback (the bundle carries the grammars)' },
    { find: '`https://unpkg.com/@sveltia/ui`', replace: `\`${OFFLINE}/@sveltia/ui\``, why: 'highlighter engine fallback' },
    { find: '`https://unpkg.com/${e}`', replace: `\`${OFFLINE}/\${e}\``, why: 'map marker and image worker fallbacks' },
    { find: '`https://www.githubstatus.com/api/v2/status.json`', replace: '`data:application/json,{"status":{"indicator":"none"}}`', why: "GitHub's status, polled every 5 minutes: answered locally" },
    { find: '`https://status-api.hostedstatus.com/1.0/status/5b36dc6502d06804c08349f7`', replace: '`data:application/json,{"result":{"status_overall":{"status_code":100}}}`', why: "GitLab's status: answered locally" },
  ];
}

/** Applies the rewrites; throws when one is not found exactly once, or a CDN address is left. */
export function rewriteSource(source: string, list: readonly Rewrite[]): string {
  let out = source;
  for (const { find, replace, why } of list) {
    const count = out.split(find).length - 1;
    if (count !== 1) throw new Error(`the editor's ${why} was expected once in @sveltia/cms npm/index.js as ${find}, found ${count} times; check the new version's CDN addresses before upgrading`);
    out = out.split(find).join(replace);
  }
  const left = out.match(/https:\/\/(cdn\.jsdelivr\.net|unpkg\.com\/@(shikijs|sveltia\/ui))[^`'")\s]*/g);
  if (left) throw new Error(`a CDN address is left in the editor: ${left.join(', ')}`);
  return out;
}

/**
 * The bundled editor's folder (index.js, chunks/, assets/), built on first use and cached by the
 * package version and this file's rewrites. Builds are written aside and renamed into place, so
 * two builds at once never see half a bundle.
 */
export async function editorBundle(siteDir?: string): Promise<string> {
  const pkg = sveltiaPackage(siteDir);
  const assetsDir = join(pkg.dir, 'npm', 'assets');
  const list = rewrites(readdirSync(assetsDir));
  const key = createHash('sha256').update(pkg.version).update(JSON.stringify(list)).digest('hex').slice(0, 12);
  const dir = join(cacheRoot(pkg.dir), 'editor', `${pkg.version}-${key}`);
  if (existsSync(join(dir, 'index.js'))) return dir;

  const aside = `${dir}.tmp-${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  const esbuild = await import('esbuild');
  const entry = join(pkg.dir, 'npm', 'index.js');
  await esbuild.build({
    entryPoints: { index: entry },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: aside,
    entryNames: '[name]',
    // One level down, as in the package, so their new URL('../assets/…', import.meta.url) still holds.
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'error',
    plugins: [{
      name: 'editor-offline',
      setup(build) {
        build.onLoad({ filter: /[\\/]@sveltia[\\/]cms[\\/]npm[\\/]index\.js$/ }, (args) => ({ contents: rewriteSource(readFileSync(args.path, 'utf8'), list), loader: 'js' }));
      },
    }],
  });
  // esbuild leaves new URL('assets/…', import.meta.url) alone: the fonts, WebAssembly and worker are copied beside it.
  cpSync(assetsDir, join(aside, 'assets'), { recursive: true });
  cpSync(join(pkg.dir, 'LICENSE.txt'), join(aside, 'LICENSE.txt'));
  writeFileSync(join(aside, 'VERSION'), `@sveltia/cms ${pkg.version}\n`);
  mkdirSync(dirname(dir), { recursive: true });
  try {
    renameSync(aside, dir);
  } catch (error) {
    // Another build got there first: its bundle is the same.
    rmSync(aside, { recursive: true, force: true });
    if (!existsSync(join(dir, 'index.js'))) throw error;
  }
  return dir;
}

/** Every file of the bundle, relative to its folder. */
export function bundleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

