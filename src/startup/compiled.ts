// What the compiled code running now is: its folder (bin/site's launcher sets SITE_COMPILED_DIR; none
// under tsx or vitest, which run the TypeScript sources) and the site definition compiled into it.
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
