// Starts the CLI from its compiled layers (see compile.mjs), compiling first when a source changed.
// For `build` and `dev` the site's layer is compiled too: --site, or the default definition file
// (engine.mjs) in the current folder or the nearest folder above it.
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CLI_ENTRY, compile, describeCompileError, ENGINE_ENTRIES } from './compile.mjs';
import { ENGINE_DOOR, ENGINE_ROOT, exportLayers, findSite, untrustedCaches } from './engine.mjs';
import { BundleMismatch, startCompiled, startEntry } from './run-compiled.mjs';

const args = process.argv.slice(2);
const started = performance.now();
const needsSite = ['build', 'dev'].includes(args[0] ?? '') && !args.includes('--help') && !args.includes('-h');
const site = needsSite ? siteOption(args) ?? findSite(process.cwd()) : undefined;
// --debug before the compile: the engine's layer is then compiled with its source maps (compile.mjs).
if (args.includes('--debug')) process.env.SITE_DEBUG = '1';
let result;
try {
  // A --site that does not exist is the CLI's to report, in a sentence.
  result = await compile({ site: site && existsQuiet(site) ? site : undefined });
} catch (error) {
  const what = Array.isArray(error?.errors) ? 'A template or source file does not compile' : 'The sources could not be compiled';
  console.error(`${failedWhat(args)} ${what}:\n\n${await describeCompileError(error)}`);
  process.exit(1);
}
for (const why of untrustedCaches) console.error(`site: not using the cache folder ${why}; working in a private temporary folder instead (each start compiles afresh until the folder is yours alone).`);
if (process.env.SITE_TIMINGS) {
  console.error(`startup: ${result.compiled ? 'compiled the sources' : 'reused the compiled sources'} in ${Math.round(performance.now() - started)} ms`);
}
// Stack traces point at the TypeScript of the site and the engine, not at the compiled bundle: the
// engine maps the frames it shows when it shows them (problems/stack.ts); Node maps every stack,
// reading each module's map as it loads (~90 ms of every start), only with --debug.
if (process.env.SITE_DEBUG) process.setSourceMapsEnabled(true);
// Worker threads inherit the environment, and spawn.ts starts them from the same compiled layers.
// The CLI runs from its own small bundle; the engine's is started when a command first asks for one
// of its modules (src/cli/modules.ts), so `--help` loads none of it.
let layers = announce(result);
let engine;
globalThis[ENGINE_DOOR] = async (name) => {
  engine ??= start(resolve(ENGINE_ROOT, ENGINE_ENTRIES.modules), 'the engine', startEntry).catch(async (error) => {
    throw await engineStartError(error);
  });
  return (await engine).loadModule(name);
};
await start(resolve(ENGINE_ROOT, CLI_ENTRY), 'the CLI', startCompiled);

/**
 * Starts an entry from the compiled layers (`how`: startCompiled, the site's layer first; or
 * startEntry) and returns its exports. A bundle damaged or swapped since it was compiled is never
 * run: it is made again from the sources, then run.
 */
async function start(entry, what, how) {
  let run;
  try {
    run = how(layers, entry, { keep: true });
  } catch (error) {
    if (!(error instanceof BundleMismatch)) throw error;
    console.error(`site: ${error.message}; compiling again.`);
    layers = announce(await compile({ site: site && existsQuiet(site) ? site : undefined, distrust: dirname(error.file) }));
    run = how(layers, entry, { keep: true });
  }
  if (process.env.SITE_TIMINGS) console.error(`startup: code cache of ${what} ${run.cache}`);
  return run.exports;
}

/**
 * Why the engine's bundle did not start, as the CLI tells it (main.ts): code that does not compile
 * (compiled again after its bundle was refused) exits 1 like a build's; anything else (a folder that
 * cannot be removed, a bundle refused again) exits 2, with what happened.
 */
async function engineStartError(error) {
  const compiling = Array.isArray(error?.errors);
  const told = new Error(compiling ? `a template or source file does not compile:\n\n${await describeCompileError(error)}` : `the engine's compiled bundle could not be started: ${error?.message ?? error}`);
  return Object.assign(told, { name: 'EngineStartError', exitCode: compiling ? 1 : 2 });
}

/** The compiled layers, told to this process's engine and its worker threads (compiled.ts reads them) and returned for startCompiled. */
function announce(layers) {
  const told = { ...layers, siteFile: site && layers.site ? resolve(site) : undefined };
  exportLayers(told, site && resolve(site));
  return told;
}

function existsQuiet(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The value of --site, if given. */
function siteOption(list) {
  const i = list.findIndex((a) => a === '--site' || a.startsWith('--site='));
  if (i < 0) return undefined;
  return list[i].startsWith('--site=') ? list[i].slice(7) : list[i + 1];
}

/** Says what was left undone, like the CLI does when a module fails to load. */
function failedWhat(list) {
  if (list[0] !== 'build') return 'Could not start.';
  return 'Build failed; nothing was written.';
}
