// The engine's modules the command line loads when a command runs. Compiled, the CLI is a bundle of
// its own (compile.mjs): commander and the command definitions, so `--help`, `--version` and a
// mistyped flag never load the engine; this module is then the door to the engine's bundle, which
// the launcher starts on the first call (launch.mjs). From the sources, plain imports.
const modules = {
  init: () => import('./commands/init.ts'),
  build: () => import('./commands/build.ts'),
  serve: () => import('./commands/serve.ts'),
  dev: () => import('./commands/dev.ts'),
  stage: () => import('./commands/stage.ts'),
  check: () => import('./commands/check.ts'),
  /** For a bug's stack: its frames at the engine's TypeScript. */
  stack: () => import('../problems/stack.ts'),
};

export type EngineModules = typeof modules;

/** One of the engine's modules, loaded now. */
export function loadModule<K extends keyof EngineModules>(name: K): ReturnType<EngineModules[K]> {
  return modules[name]() as ReturnType<EngineModules[K]>;
}
