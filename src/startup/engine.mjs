// Where the engine keeps its caches, and what it knows about itself (about.mjs, passed on). Plain
// JavaScript: the launcher reads it before anything is compiled.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, parse } from 'node:path';
import { DEFAULT_SITE_FILE, ENGINE } from './about.mjs';

export { COMPILED_SITE, DEFAULT_SITE_FILE, ENGINE, ENGINE_DOOR, ENGINE_ROOT, SHARED } from './about.mjs';

/** The nearest site definition, looking in `from` and the folders above it. */
export function findSite(from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, DEFAULT_SITE_FILE);
    if (existsSync(file)) return file;
    if (dir === parse(dir).root) return undefined;
  }
}

/**
 * The engine's cache folder for a project: node_modules/.cache/<engine>/ in the nearest folder (from
 * `from` up) that has a node_modules, where tools keep their caches and what a fresh install removes;
 * else the user's own cache folder ($XDG_CACHE_HOME, ~/.cache). Compiled code runs from there, so the
 * folder must be this user's alone (trustedCache): never a shared temporary folder.
 */
export function cacheRoot(from) {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return trustedCache(join(dir, 'node_modules', '.cache', ENGINE.name));
    if (dir === parse(dir).root) return trustedCache(join(userCacheHome(), ENGINE.name));
  }
}

/** $XDG_CACHE_HOME when it is an absolute path (the XDG rule), else ~/.cache. */
function userCacheHome() {
  const xdg = process.env.XDG_CACHE_HOME;
  return xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
}

const checked = new Map();
/** Why a cache folder was not used, once per folder: the CLI prints these. */
export const untrustedCaches = [];

/**
 * The folder itself when it is this user's alone: made with mode 0700 when missing; refused when it is
 * a link or not a folder, belongs to another user, or others may write to it (they could plant code
 * that runs as us). A refused folder is replaced, for this process only, by a private temporary
 * folder (mkdtemp makes it 0700) removed at exit: the build runs, cold, and trusts nothing it did not write.
 */
export function trustedCache(dir) {
  const known = checked.get(dir);
  if (known) return known;
  const why = cacheProblem(dir);
  let use = dir;
  if (why) {
    untrustedCaches.push(`${dir} ${why}`);
    use = mkdtempSync(join(tmpdir(), `${ENGINE.name}-private-`));
    process.once('exit', () => rmSync(use, { recursive: true, force: true }));
  }
  checked.set(dir, use);
  return use;
}

function cacheProblem(dir) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return `cannot be made (${error.code ?? error.message})`;
  }
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink() || !stat.isDirectory()) return 'is not a folder (a link, or a file)';
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return `belongs to another user (uid ${stat.uid})`;
  if (stat.mode & 0o022) return `may be written by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/**
 * Tells this process and the worker threads it starts (they inherit the environment) which compiled
 * layers run (compile.mjs's result, with the site definition's file) and which definition was asked for.
 */
export function exportLayers(layers, definitionFile) {
  process.env.SITE_COMPILED_DIR = layers.engine;
  process.env.SITE_ENGINE_ID = layers.engineId;
  process.env.SITE_CODE_CACHE_DIR = layers.codeCache;
  process.env.SITE_COMPILED_SITE_DIR = layers.site ?? '';
  process.env.SITE_COMPILED_SITE_FILE = layers.siteFile ?? '';
  if (definitionFile) process.env.SITE_DEFINITION_FILE = definitionFile;
}

/** The compiled layers running now (exportLayers); none when run from the sources (tsx, vitest). */
export function compiledLayers() {
  const env = process.env;
  if (!env.SITE_COMPILED_DIR) return undefined;
  return { engine: env.SITE_COMPILED_DIR, engineId: env.SITE_ENGINE_ID || '', codeCache: env.SITE_CODE_CACHE_DIR || env.SITE_COMPILED_DIR, site: env.SITE_COMPILED_SITE_DIR || undefined, siteFile: env.SITE_COMPILED_SITE_FILE || undefined };
}

/**
 * Writes a file a cache keeps (a code cache, a pointer, a cache's record) whole or not at all: `write`
 * fills a temporary file of this thread's own (render and dev build workers are threads of one
 * process), then it is renamed over the file, so the last writer wins. One that cannot be written is
 * left as it was (false): it costs the next start or build time, nothing else.
 */
export function writeKept(file, write) {
  // worker_threads asked for here, not imported: the launcher's every start (`--help`) would load it.
  const temporary = `${file}.${process.pid}-${process.getBuiltinModule('node:worker_threads').threadId}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    write(temporary);
    renameSync(temporary, file);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // no folder to hold it (a file where the folder should be): nothing was written
    }
    return false;
  }
}

/** writeKept with the file's bytes at hand. */
export function replaceKept(file, data) {
  return writeKept(file, (temporary) => writeFileSync(temporary, data));
}
