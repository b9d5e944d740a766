// --engine vendor packs the engine into vendor/, so the site installs with `npm ci` anywhere; registry writes a range (^0.4.0).
// An option, not a guess: npm records no `resolved` source for a tarball or registry install.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { walk } from '../../files/walk.ts';
import { UsageError } from '../../problems/usage-error.ts';
import { ENGINE, ENGINE_ROOT } from '../../files/about.ts';
import { shown } from '../site-paths.ts';

const STARTER = join(ENGINE_ROOT, 'starter');
/** Files npm would drop from a package under their real names (`.gitignore`): stored without the dot. */
const DOTTED = new Set(['gitignore']);

const fromEngine = createRequire(join(ENGINE_ROOT, 'package.json'));

/** The version installed beside the engine (so npm has it cached), else the engine's own range for it. */
function installedVersion(name: string): string {
  const own = ENGINE as { peerDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  try {
    // Up from the package's entry to its own package.json (not every package exports that file).
    for (let dir = dirname(fromEngine.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
      const file = join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const found = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (found.name === name && found.version) return found.version;
    }
  } catch {
    // not installed beside the engine
  }
  return own.peerDependencies?.[name] ?? (own.devDependencies?.[name] ? `^${own.devDependencies[name]}` : '*');
}

const caret = (version: string) => (/^\d/.test(version) ? `^${version}` : version);

/** Packs this engine into the site's vendor/ folder; returns the file's name. */
function vendorEngine(site: string): string {
  const vendor = join(site, 'vendor');
  mkdirSync(vendor, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // An installed engine is packed as is (its prepack needs the engine's dev tools); a checkout (with the script) builds afresh.
  const built = !existsSync(join(ENGINE_ROOT, 'scripts', 'build-lib.mjs'));
  const packed = spawnSync(npm, ['pack', ...(built ? ['--ignore-scripts'] : []), '--json', '--pack-destination', vendor, ENGINE_ROOT], { encoding: 'utf8', shell: process.platform === 'win32' });
  let file: string | undefined;
  try {
    file = (JSON.parse(packed.stdout.slice(packed.stdout.lastIndexOf('\n[') + 1)) as { filename: string }[])[0]?.filename;
  } catch {
    // no JSON: npm failed, and said why on stderr
  }
  if (packed.status !== 0 || !file || !existsSync(join(vendor, file))) {
    throw new UsageError(`could not pack the engine into ${shown(vendor)}/ (npm pack: ${(packed.stderr || packed.error?.message || 'no output').trim().split('\n')[0]}); run init again with --engine registry once the engine is published, or check that npm is on the PATH.`);
  }
  return `vendor/${file}`;
}

function packageJson(dir: string, engine: string): string {
  const name = basename(dir).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'my-site';
  return `${JSON.stringify(
    {
      name,
      private: true,
      type: 'module',
      scripts: { dev: 'site dev', build: 'site build', serve: 'site serve', check: 'site check' },
      dependencies: {
        // The engine this folder was made with: a file in the site (vendor), or a range from the registry.
        [ENGINE.name]: engine,
        react: installedVersion('react'),
        'react-dom': installedVersion('react-dom'),
        zod: installedVersion('zod'),
        // The images plugin's photo processing (an optional peer of the engine: a site without photos can drop it).
        sharp: installedVersion('sharp'),
      },
      // For `site check` (the build itself needs neither): a caret range of the version beside the engine,
      // the same whether init runs from a checkout or from create-sitewright (the engine's devDependencies).
      devDependencies: {
        typescript: caret(installedVersion('typescript')),
        '@types/react': caret(installedVersion('@types/react')),
      },
      // The install scripts the site runs, approved (npm 11 asks of each): esbuild's and sharp's check their binaries.
      allowScripts: { esbuild: true, sharp: true },
    },
    null,
    2,
  )}\n`;
}

export async function runInit(opts: { force: boolean; engine?: 'vendor' | 'registry' }, [dir]: string[]): Promise<void> {
  const target = resolve(dir!);
  // Made on its own in an existing folder: Node's recursive mkdir never returns on some file systems that refuse it (/proc).
  const parent = dirname(target);
  if (!existsSync(parent) || !statSync(parent).isDirectory()) throw new UsageError(`${shown(parent)} is not a folder; init makes the new site's folder inside an existing one. Make it first, or choose another place.`);
  if (!existsSync(target)) {
    try {
      await mkdir(target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`cannot make ${shown(target)} (${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EROFS' ? 'read-only file system' : code ?? 'refused'}); nothing was written. Choose a folder you can write to.`);
    }
  } else {
    if (!statSync(target).isDirectory()) throw new UsageError(`${shown(target)} is a file; init writes a new site into an empty or new folder. Choose another name.`);
    const entries = readdirSync(target).filter((name) => name !== '.git');
    if (entries.length && !opts.force) {
      throw new UsageError(`${shown(target)} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}); init writes a new site into an empty or new folder, and nothing was written. Choose another folder, or pass --force to add the starter's files beside them (existing files are never overwritten).`);
    }
  }
  const files = new Map<string, string | (() => Promise<Buffer>)>();
  for (const rel of (await walk(STARTER)).files) {
    const name = DOTTED.has(basename(rel)) ? join(dirname(rel), `.${basename(rel)}`) : rel;
    files.set(name, () => readFile(join(STARTER, rel)));
  }
  const engine = opts.engine === 'registry' ? `^${ENGINE.version}` : `file:${vendorEngine(target)}`;
  files.set('package.json', packageJson(target, engine));
  const written: string[] = [];
  const kept: string[] = [];
  for (const [rel, contents] of files) {
    const path = join(target, rel);
    await mkdir(dirname(path), { recursive: true });
    try {
      // "wx": fails when the file exists, so nothing is ever overwritten, even in a race.
      await writeFile(path, typeof contents === 'string' ? contents : await contents(), { flag: 'wx' });
      written.push(rel);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      kept.push(rel);
    }
  }
  console.log(`Wrote a new site into ${shown(target)}/ (${written.length} files${kept.length ? `; kept ${kept.length} that were there: ${kept.join(', ')}` : ''}). Next:\n\n  cd ${forShell(shown(target))}\n  npm install\n  npx site dev\n`);
}

/** A path as a shell reads it back: quoted where it holds a space or a character the shell would read. */
const forShell = (path: string) => (/^[\p{L}\p{N}_@%+=:,./-]+$/u.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`);
