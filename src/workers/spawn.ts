// Starts a worker thread on one of our modules. Run from the sources (tsx, vitest), the worker
// registers tsx itself (Node 20 does not apply --import loader hooks to a worker's entry module) and
// resolves `sitewright` to the sources (--conditions=source).
// Run compiled (bin/site), it starts the module's compiled bundle from the layers the launcher chose.
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { compiledLayers } from '../startup/engine.mjs';

const COMPILER = new URL('../startup/compile.mjs', import.meta.url).href;
const RUNNER = new URL('../startup/run-compiled.mjs', import.meta.url).href;
const ENGINE_MODULE = new URL('../startup/engine.mjs', import.meta.url).href;

export interface SpawnOptions {
  /** Compiled mode: load the current sources, compiling them if they changed (dev's template edits). */
  fresh?: boolean;
  /** The worker's heap limits (Node's resourceLimits). */
  limits?: ResourceLimits;
}

export function spawnTsWorker(moduleUrl: URL, workerData?: unknown, { fresh = false, limits }: SpawnOptions = {}): Worker {
  const layers = compiledLayers();
  const source = JSON.stringify(fileURLToPath(moduleUrl));
  let load: string;
  if (!layers) {
    load = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
  } else if (fresh) {
    // The worker's own threads inherit its layers through the environment.
    // A site's code that does not compile is told as esbuild tells it (file, line, code frame): an
    // Error whose message is that and whose stack is nothing more.
    load = `Promise.all([import(${JSON.stringify(COMPILER)}), import(${JSON.stringify(RUNNER)}), import(${JSON.stringify(ENGINE_MODULE)})]).then(async ([{ compile, describeCompileError }, { startCompiled }, { exportLayers }]) => {
      const site = process.env.SITE_DEFINITION_FILE;
      let layers;
      try {
        layers = await compile({ site });
      } catch (error) {
        const told = new Error('A template or source file does not compile:\\n\\n' + await describeCompileError(error));
        told.stack = told.message;
        throw told;
      }
      layers.siteFile = layers.site ? site : undefined;
      exportLayers(layers);
      return startCompiled(layers, ${source});
    })`;
  } else {
    load = `import(${JSON.stringify(RUNNER)}).then(({ startCompiled }) => startCompiled(${JSON.stringify(layers)}, ${source}))`;
  }
  // A module that fails to load (a template that does not compile) fails the first task it is
  // given, when the parent is listening, instead of an 'error' event nobody may be waiting for.
  const code = `${process.env.SITE_DEBUG ? 'process.setSourceMapsEnabled(true); ' : ''}${load}.catch((error) => require('node:worker_threads').parentPort.once('message', () => { throw error; }));`;
  // From the sources, the engine's own name means its sources (the package's "source" condition), as
  // in the thread that started it; compiled, every import is already resolved.
  return new Worker(code, { eval: true, execArgv: layers ? [] : ['--conditions=source'], workerData, env: process.env, resourceLimits: limits });
}
