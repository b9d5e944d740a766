// Where to find one of our entry modules from: its compiled file when the CLI runs compiled
// (bin/site: the launcher sets SITE_COMPILED_DIR), its TypeScript source otherwise (tsx, vitest).
import { COMPILED_SITE } from './compile.mjs';

/** The folder of the compiled code running now (named by a hash of every file it was compiled from); none when run from source. */
export function compiledDir(): string | undefined {
  return process.env.SITE_COMPILED_DIR || undefined;
}

/**
 * The module of the site definition `file` when it is compiled into the code running now: the bundle
 * registers it before the engine runs (compile.mjs), so both share the modules they have in common.
 */
export function compiledSite(file: string): unknown {
  const compiled = (globalThis as Record<symbol, { file: string; module: unknown } | undefined>)[COMPILED_SITE];
  return compiled?.file === file ? compiled.module : undefined;
}
