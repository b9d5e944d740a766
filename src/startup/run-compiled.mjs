// Runs a compiled bundle (compile.mjs: one CommonJS file per layer) through V8's code cache.
// The bytecode of the functions a whole run compiled is kept beside the bundle, so a later start
// neither parses ~2 MB of JavaScript nor compiles each function again as it is first called (the
// build of a 68-page site: ~65 ms of ~0.44 s). Node 20 offers this for scripts only (vm.Script), not
// for ES modules. V8 checks a cache against its flags and the source's length only (a cache of
// another source of the same length runs that source's code), and its own checksum in debug builds
// only, so the file is sealed as every file a cache keeps whole (sealed.mjs) and starts with the
// SHA-256 of the bundle it was made from. A damaged or foreign cache is not used, costs a cold start,
// and is written again. Plain JavaScript: it runs before anything is compiled.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { compiledBundle } from './compile.mjs';
import { COMPILED_SITE, ENGINE_ROOT, SHARED } from './engine.mjs';
import { readSealed, sha256 as sha256Of, writeSealed } from './sealed.mjs';

/** A compiled bundle whose bytes are not the ones its compile recorded: never run. */
export class BundleMismatch extends Error {
  constructor(file) {
    super(`${file} is not the bundle that was compiled (its SHA-256 differs): it is not run. Delete ${dirname(file)} to have it compiled afresh`);
    this.name = 'BundleMismatch';
    this.file = file;
  }
}

/**
 * Runs `file` and returns its exports. With `sha256`, only when its bytes have that SHA-256 (the
 * compile's record; ~3 ms for a 2 MB bundle). With `keep`, the code cache is written at exit when
 * there was none (or V8 refused it) and the run ended well: a run that stopped early would keep little.
 * The code cache is kept beside the bundle, or in `codeCache` (a folder). Packages are required from
 * `requireFrom` (a file; the bundle by default), after the registry of shared modules (compile.mjs).
 */
export function runCompiled(file, { keep = false, sha256, codeCache, requireFrom = file } = {}) {
  const cacheFile = codeCache ? join(codeCache, `${basename(file)}.v8cache`) : `${file}.v8cache`;
  const source = readFileSync(file);
  const sourceSha = sha256Of(source);
  if (sha256 !== undefined && sourceSha !== sha256) throw new BundleMismatch(file);
  const cachedData = readCache(cacheFile, sourceSha);
  // The wrapper on the bundle's first line: line numbers (stack frames, source maps) stay the file's.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source.toString('utf8')}\n})`, { filename: file, cachedData });
  const cache = !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
  if (keep && cache !== 'used') {
    process.once('exit', (code) => {
      if (code === 0) save(cacheFile, script, sourceSha);
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, guardedRequire(requireFrom), module, file, dirname(file));
  return { exports: module.exports, cache };
}

/** The code cache kept for this bundle, when it is whole: none when missing, not as sealed, or made from other bytes. */
function readCache(cacheFile, sourceSha) {
  const payload = readSealed(cacheFile);
  if (!payload || payload.length <= sourceSha.length || payload.toString('latin1', 0, sourceSha.length) !== sourceSha) return undefined;
  return payload.subarray(sourceSha.length);
}

/** Keeps the cache V8 makes now, after the SHA-256 (hex) of the bundle it was made from. */
function save(cacheFile, script, sourceSha) {
  try {
    writeSealed(cacheFile, Buffer.concat([Buffer.from(sourceSha, 'latin1'), script.createCachedData()]));
  } catch {
    // no cache data: the next start is cold, nothing else
  }
}

/**
 * The bundle's require: a module the layers share from their registry (the engine's bundle leaves
 * React and zod to the site's layer, whose copy they must use when there is one), else Node's, for
 * its built-in modules, esbuild, and React or zod where no site is compiled (serve, init). Never
 * esprima: js-yaml 3 (gray-matter's) loads it, when installed, for a YAML type that builds functions
 * from text; content is never code, and it cost ~7 ms a start. The engine's layer no longer holds js-yaml
 * 3 at all (compile.mjs, grayMatterYaml): this refusal stays as a second line.
 */
function guardedRequire(from) {
  const real = createRequire(from);
  return Object.assign((id) => {
    const shared = globalThis[SHARED];
    if (shared && Object.hasOwn(shared, id)) return shared[id];
    if (id === 'esprima') throw new Error('esprima is never loaded: content is not code');
    if (globalThis[COMPILED_SITE] && /^(react|react-dom|zod)(\/|$)/.test(id)) throw new Error(`${id} is not among the modules the site's compiled layer shares with the engine: a second copy would not share React's contexts or zod's schemas`);
    return real(id);
  }, real);
}

/**
 * Starts an engine entry from the compiled layers (compile.mjs): the site's layer first, when there
 * is one, registering the shared modules and the site definition's loader, then the entry's bundle.
 * `layers`: compile's result with the site definition's file; `entry`: the engine entry's source file.
 * Throws BundleMismatch, naming the file, when a bundle is not the one compiled.
 */
export function startCompiled(layers, entry, { keep = false } = {}) {
  const site = layers.site ? compiledBundle(layers.site, layers.siteFile) : undefined;
  // Once in a thread: started again after the engine's bundle was refused and compiled again, it has run already.
  if (site && !started.has(site.file)) {
    const { exports } = runCompiled(site.file, { keep, sha256: site.sha256, requireFrom: ENGINE_PACKAGE });
    started.add(site.file);
    // Getters: each shared module is evaluated when the engine first requires it.
    globalThis[SHARED] = Object.defineProperties(globalThis[SHARED] ?? {}, Object.getOwnPropertyDescriptors(exports.shared));
    globalThis[COMPILED_SITE] = { file: layers.siteFile, load: exports.load };
  }
  return startEntry(layers, entry, { keep });
}

/**
 * Starts one more entry of the engine's layer, after startCompiled started the site's (the CLI's
 * bundle, then the commands' from the engine's bundle). Each bundle runs once in a thread.
 */
export function startEntry(layers, entry, { keep = false } = {}) {
  const bundle = compiledBundle(layers.engine, entry);
  if (started.has(bundle.file)) throw new Error(`${bundle.file} already runs in this thread: a second copy would not share its modules`);
  const { exports, cache } = runCompiled(bundle.file, { keep, sha256: bundle.sha256, codeCache: layers.codeCache, requireFrom: ENGINE_PACKAGE });
  started.add(bundle.file);
  return { exports: exports.start(bundle.entry), cache };
}

const ENGINE_PACKAGE = join(ENGINE_ROOT, 'package.json');
const started = new Set();
