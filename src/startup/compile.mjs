// Compiles the CLI, the engine and the templates ahead of time with esbuild, so a start does not
// transform every TypeScript file again. The output is cached under a hash of every source file and
// of this file, so an edited (or pulled) source is recompiled before it runs: never stale code.
// Plain JavaScript on purpose: it must run before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, renameSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Everything the compiled code is made of: folders and files relative to the project root. */
export const SOURCE_ROOTS = ['src', 'templates', 'site.config.ts'];

/**
 * The modules started on their own: the CLI and each worker thread's module. They are built
 * together with code splitting, so a module they share (React contexts, the content types' helpers)
 * exists once per thread, and a dynamic import stays a lazily loaded chunk.
 */
export const ENTRY_POINTS = ['src/cli/main.ts', 'src/build/render-worker.ts', 'src/dev/build-worker.ts', 'site.config.ts'];

const COMPILED = /\.(?:[cm]?[jt]sx?|json)$/;
const KEEP = 4; // compiled versions kept, so a running `dev` keeps its lazily loaded chunks

/** The cache folder: SITE_COMPILE_CACHE, or node_modules/.cache/site/compiled in the project. */
export function cacheDir(root = ROOT) {
  return process.env.SITE_COMPILE_CACHE || join(root, 'node_modules/.cache/site/compiled');
}

/** Source files below the roots, sorted, as paths relative to root. */
function sourceFiles(root) {
  const files = [];
  // A plain walk: readdirSync's { recursive } is several times slower on Node 20.
  const walk = (rel) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (COMPILED.test(entry.name)) files.push(path);
    }
  };
  for (const entry of SOURCE_ROOTS) {
    const path = join(root, entry);
    if (!existsSync(path)) continue;
    if (statSync(path).isFile()) files.push(entry);
    else walk(entry);
  }
  return files.sort();
}

/**
 * A hash of where the sources live, every source file's path and content, and this compiler. The
 * location counts: compiled modules keep their sources' URLs, so a copied checkout (with a copied
 * node_modules) must never run the original's code.
 */
export function sourceHash(root = ROOT) {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).update(`\0${root}\0`);
  for (const file of sourceFiles(root)) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The compiled output of root's current sources: reused when cached, else built now. Returns its folder. */
export async function compile({ root = ROOT, cache = cacheDir(root) } = {}) {
  const hash = sourceHash(root);
  const dir = join(cache, hash);
  if (existsSync(dir)) return { dir, compiled: false };
  // Built beside the final folder and renamed into place, so concurrent starts never see half of it.
  const staging = `${dir}.tmp-${process.pid}-${Date.now()}`;
  const { build } = await import('esbuild');
  try {
    await build({
      absWorkingDir: root,
      entryPoints: ENTRY_POINTS.filter((e) => existsSync(join(root, e))),
      outdir: staging,
      outbase: '.',
      entryNames: '[dir]/[name]',
      chunkNames: 'chunks/[name]-[hash]',
      // Outside a package scope Node reads .js as CommonJS: .mjs says ES module wherever the cache is.
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      sourcemap: 'linked',
      logLevel: 'silent',
      plugins: [keepSourceUrls],
    });
    mkdirSync(cache, { recursive: true });
    try {
      renameSync(staging, dir);
    } catch (error) {
      if (!existsSync(dir)) throw error; // another start finished the same version first
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  prune(cache, hash);
  return { dir, compiled: true };
}

/**
 * Each module keeps its source file's import.meta.url, so `new URL('./x.ts', import.meta.url)` and
 * paths to the project's files mean what they mean when the sources run directly. (A plain text
 * replacement: it would also rewrite those words inside a string literal.)
 */
const keepSourceUrls = {
  name: 'keep-source-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const loader = /\.[cm]?tsx$/.test(args.path) ? 'tsx' : /\.[cm]?ts$/.test(args.path) ? 'ts' : /x$/.test(args.path) ? 'jsx' : 'js';
      return { contents: source.replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

/** Removes all but the newest few compiled versions. */
function prune(cache, keep) {
  const versions = readdirSync(cache)
    .filter((name) => name !== keep && !name.includes('.tmp-'))
    .map((name) => ({ name, mtime: statSync(join(cache, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of versions.slice(KEEP - 1)) rmSync(join(cache, name), { recursive: true, force: true });
}

/** The compiled file of a source module, e.g. src/build/render-worker.ts → <dir>/src/build/render-worker.mjs. */
export function compiledPath(dir, sourcePath, root = ROOT) {
  const rel = relative(root, sourcePath);
  if (!ENTRY_POINTS.includes(rel.split('\\').join('/'))) {
    throw new Error(`${rel} is not compiled on its own: add it to ENTRY_POINTS in src/startup/compile.mjs`);
  }
  return join(dir, rel.replace(/\.[cm]?[jt]sx?$/, '.mjs'));
}
