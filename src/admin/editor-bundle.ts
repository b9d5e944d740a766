// The editor's code (Sveltia CMS), served from /admin/cms/: its npm/ build as it is, with each public CDN address made local
// (each expected exactly once, so an upgrade that moves one fails here instead of quietly reaching a CDN) and each bare
// import pointed at a local file. Made once per Sveltia version and cached; placed only while every file keeps its size and
// time (outputs hard-link these files: one changed through an output is made again, not published).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { copyTree } from '../files/copy-tree.ts';
import { walk } from '../files/walk.ts';
import { settled } from '../files/settled.ts';
import { isStamp, stampOf, unchanged, type Stamp } from '../files/stamp.ts';
import { cacheRoot, readSealedJson, writeSealed } from '../files/cache.ts';
import { running } from '../output/publish.ts';

const require = createRequire(import.meta.url);

/** The editor's folder in the output, and the URL its page loads it from. */
export const EDITOR_DIR = 'admin/cms';
/** Where a dead fallback now points: a path on this origin that nothing serves (never a CDN). */
const OFFLINE = '/admin/cms/offline';

/** The installed package's folder (found from its entry: package.json is not exported): the site's own, else the engine's. */
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
    // Written into code read a byte a character (readCode): ASCII only.
    if (!/^[\w.-]+$/.test(found[0]!)) throw new Error(`the editor's font file ${JSON.stringify(found[0])} has a name of other characters than letters, digits, dots and dashes; the editor package changed`);
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
  // All places found in the source as read, then the text joined once (not a new copy of it per replacement).
  const places = list.map(({ find, replace, why }) => {
    const at = source.indexOf(find);
    if (at < 0 || source.includes(find, at + 1)) {
      throw new Error(`the editor's ${why} was expected once in @sveltia/cms npm/index.js as ${find}, found ${source.split(find).length - 1} times; check the new version's CDN addresses before upgrading`);
    }
    return { at, end: at + find.length, replace };
  });
  places.sort((a, b) => a.at - b.at);
  const parts: string[] = [];
  let from = 0;
  for (const { at, end, replace } of places) {
    if (at < from) throw new Error(`the editor's rewrites overlap at character ${at} of @sveltia/cms npm/index.js; check the new version's CDN addresses before upgrading`);
    parts.push(source.slice(from, at), replace);
    from = end;
  }
  parts.push(source.slice(from));
  const out = parts.join('');
  const left = out.match(/https:\/\/(cdn\.jsdelivr\.net|unpkg\.com\/@(shikijs|sveltia\/ui))[^`'")\s]*/g);
  if (left) throw new Error(`a CDN address is left in the editor: ${left.join(', ')}`);
  return out;
}

/** Part of the cache key: changed when the way the folder is made changes. */
const ASSEMBLY = 'npm-build+local-imports-2';

/** The record of each file's stamp as made (never placed in an output). */
const MADE = '.made.json';

/** import(`…`) with a literal specifier: the form of every bare import in the editor's build. */
const DYNAMIC_IMPORT = /import\(`([^`$]*)`\)/g;
/** A statement that imports or re-exports a module. */
const STATIC_IMPORT = /(?:^|[;\n])\s*(?:import|export)\b[^;"'`]*?["']([^"']+)["']/g;
const isBare = (specifier: string) => !/^(\.{1,2}\/|\/|data:|https?:)/.test(specifier);
/** Where each grammar package's files go in the editor's folder. */
const SHIKI = /^@shikijs\/(langs|themes)\/([\w.-]+)$/;

/** index.js with every bare import made local, the grammar folders to copy and the libraries to bundle (name → specifier). */
function localImports(source: string, resolveFrom: string): { source: string; shiki: Map<string, string>; vendor: Map<string, string>; json: Map<string, string> } {
  const req = createRequire(resolveFrom);
  // Each grammar package's exports read once: "./abap" → "./dist/abap.mjs".
  const packages = new Map<string, { dir: string; exports: Record<string, unknown> }>();
  const grammarFile = (kind: string, name: string): string => {
    let pkg = packages.get(kind);
    if (!pkg) {
      const file = req.resolve(`@shikijs/${kind}/${name}`);
      let dir = dirname(file);
      while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
      pkg = { dir, exports: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> }).exports ?? {} };
      packages.set(kind, pkg);
    }
    const target = pkg.exports[`./${name}`];
    if (typeof target !== 'string' || !/^\.\/dist\/[\w.-]+\.mjs$/.test(target)) throw new Error(`@shikijs/${kind} exports no plain file for "${name}"; the grammar package changed (check it before upgrading the editor)`);
    return join(pkg.dir, target);
  };
  const shiki = new Map<string, string>();
  const vendor = new Map<string, string>();
  const json = new Map<string, string>();
  const out = source.replace(DYNAMIC_IMPORT, (whole, specifier: string) => {
    // Translations (../locales/de.json) become modules (./locales/de.js): a browser imports no JSON without an attribute.
    const translation = /^\.\.\/locales\/([\w-]+)\.json$/.exec(specifier);
    if (translation) {
      json.set(`locales/${translation[1]}.js`, join(dirname(resolveFrom), specifier));
      return `import(\`./locales/${translation[1]}.js\`)`;
    }
    if (specifier.startsWith('../')) throw new Error(`the editor's npm/index.js imports ${specifier}, outside its folder; the editor package changed (check its build before upgrading)`);
    if (!isBare(specifier)) return whole;
    const grammar = SHIKI.exec(specifier);
    if (grammar) {
      const file = grammarFile(grammar[1]!, grammar[2]!);
      shiki.set(grammar[1]!, dirname(file));
      return `import(\`./shiki/${grammar[1]}/${basename(file)}\`)`;
    }
    const name = specifier.replace(/[^\w-]+/g, '-');
    vendor.set(name, specifier);
    return `import(\`./vendor/${name}.js\`)`;
  });
  const staticBare = [...out.matchAll(STATIC_IMPORT)].map((m) => m[1]!).filter(isBare);
  if (staticBare.length) throw new Error(`the editor's npm/index.js imports ${staticBare.join(', ')} by name; the editor package changed (check its build before upgrading)`);
  return { source: out, shiki, vendor, json };
}

/** Drops the source map comment: the maps are not copied (only staff load the editor). */
const withoutMap = (code: string) => code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');

/**
 * Code is read and written as Latin-1, a byte a character, so its bytes come back exactly; every search and rewrite is
 * ASCII (of UTF-8's other bytes only 0xA0, \s, is special, and only ever a continuation byte). Faster than UTF-8 strings.
 */
const readCode = async (file: string) => (await readFile(file)).toString('latin1');
const codeBytes = (code: string) => Buffer.from(code, 'latin1');

/** Bundles the on-demand libraries (name → specifier) into outdir, each on its own. */
async function bundleVendor(npm: string, outdir: string, vendor: Map<string, string>): Promise<void> {
  if (!vendor.size) return;
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: npm, // resolved as the editor's own imports would be
    entryPoints: Object.fromEntries(vendor),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'error',
  });
}

/**
 * The editor's folder, made on first use and cached by package version and rewrites (`cache`: another cache folder, for
 * tests; `remake`: the kept one changed). Made aside and renamed into place, so two builds at once never see half of it.
 */
export async function editorBundle(siteDir?: string, { cache, remake = false }: { cache?: string; remake?: boolean } = {}): Promise<string> {
  const pkg = sveltiaPackage(siteDir);
  const npm = join(pkg.dir, 'npm');
  const assetsDir = join(npm, 'assets');
  const list = rewrites(readdirSync(assetsDir));
  const key = createHash('sha256').update(pkg.version).update(ASSEMBLY).update(JSON.stringify(list)).digest('hex').slice(0, 12);
  const dir = join(cache ?? cacheRoot(pkg.dir), 'editor', `${pkg.version}-${key}`);
  if (!remake && existsSync(join(dir, MADE))) return dir;
  if (existsSync(dir)) {
    // Changed since it was made (or no record): renamed aside at once, so no build starting now takes it, then removed.
    const damaged = `${dir}.damaged-${process.pid}`;
    await rename(dir, damaged).catch(() => undefined);
    await rm(damaged, { recursive: true, force: true });
  }

  const aside = `${dir}.tmp-${process.pid}`;
  await rm(aside, { recursive: true, force: true });
  await mkdir(join(aside, 'chunks'), { recursive: true });
  const copies: Promise<unknown>[] = [];
  try {
    // Files go through libuv's threads and the libraries through esbuild's process, while the build renders on this thread.
    const entry = join(npm, 'index.js');
    const { source, shiki, vendor, json } = localImports(rewriteSource(await readCode(entry), list), entry);
    copies.push(bundleVendor(npm, join(aside, 'vendor'), vendor));
    await writeFile(join(aside, 'index.js'), codeBytes(withoutMap(source)));
    await mkdir(join(aside, 'locales'));
    copies.push(
      ...[...json].map(async ([to, from]) => {
        const text = await readFile(from, 'utf8');
        JSON.parse(text); // a translation that is not JSON fails here, not in a browser
        await writeFile(join(aside, to), `export default ${text.trim()};\n`);
      }),
      // The fonts, WebAssembly and worker, found by new URL('assets/…', import.meta.url): beside index.js as in the package.
      // Copied, not linked: outputs link to this folder, and must never share a file with the installed package.
      copyTree(assetsDir, join(aside, 'assets'), (from) => !from.endsWith('.map')),
      ...[...shiki].map(([kind, from]) => copyTree(from, join(aside, 'shiki', kind), (f) => !/\.d\.mts$|\.map$/.test(f))),
      copyFile(join(pkg.dir, 'LICENSE.txt'), join(aside, 'LICENSE.txt')),
      writeFile(join(aside, 'VERSION'), `@sveltia/cms ${pkg.version}\n`),
    );
    for (const name of (await readdir(join(npm, 'chunks'))).filter((n) => n.endsWith('.js'))) {
      const code = await readCode(join(npm, 'chunks', name));
      const bare = [...code.matchAll(STATIC_IMPORT), ...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!).filter(isBare);
      if (bare.length) throw new Error(`the editor's chunk ${name} imports ${bare.join(', ')} by name; the editor package changed (check its build before upgrading)`);
      copies.push(writeFile(join(aside, 'chunks', name), codeBytes(withoutMap(code))));
    }
    await settled(copies); // nothing is still writing when the folder is removed
    // Each file's stamp as made (renaming keeps them).
    const { files } = await walk(aside);
    if (!writeSealed(join(aside, MADE), JSON.stringify(Object.fromEntries(files.map((file) => [file, stampOf(join(aside, file))]))))) throw new Error(`could not write ${join(aside, MADE)}`);
    await mkdir(dirname(dir), { recursive: true });
    await rename(aside, dir);
    // Other versions' folders and ones a stopped process left half made are removed.
    for (const other of await readdir(dirname(dir))) {
      const pid = /\.tmp-(\d+)$/.exec(other)?.[1];
      if (join(dirname(dir), other) !== dir && (!pid || !running(Number(pid)))) await rm(join(dirname(dir), other), { recursive: true, force: true });
    }
  } catch (error) {
    await Promise.allSettled(copies); // nothing still writing into the folder removed next
    await rm(aside, { recursive: true, force: true });
    // Another build got there first: its folder is the same.
    if (!checkedFiles(dir)) throw error;
  }
  return dir;
}

/** A path the record may name: inside the folder, never its record. */
const inside = (file: string) => !isAbsolute(file) && !file.split(/[\\/]/).includes('..') && file !== MADE;

/** The files the folder's record names, if each is inside it and unchanged since made; else none (also for a bad record). */
export function checkedFiles(dir: string): string[] | undefined {
  const made = readSealedJson(join(dir, MADE)); // sealed: one not as written is none
  if (!made || typeof made !== 'object') return undefined;
  const files = Object.entries(made);
  if (!files.length || !files.every(([file, stamp]) => inside(file) && isStamp(stamp) && unchanged(join(dir, file), stamp))) return undefined;
  return files.map(([file]) => file);
}

/** The folder to place and its checked files; made again first when the kept one changed. */
export async function placeable(dir: string, siteDir?: string, options: { cache?: string } = {}): Promise<{ dir: string; files: string[] }> {
  const files = checkedFiles(dir);
  if (files) return { dir, files };
  const again = await editorBundle(siteDir, { ...options, remake: true });
  const remade = checkedFiles(again);
  if (!remade) throw new Error(`the editor's folder ${again} was changed as it was made; build again`);
  return { dir: again, files: remade };
}

