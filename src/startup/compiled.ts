// What the compiled code running now is: its layers' folders (bin/site's launcher sets them; none
// under tsx or vitest, which run the TypeScript sources) and the site definition in its layer.
import { COMPILED_SITE, compiledLayers } from './engine.mjs';

/** The folder of the compiled engine running now (named by a hash of every file it was compiled from); none when run from source. */
export function compiledDir(): string | undefined {
  return compiledLayers()?.engine;
}

/** The folders of every compiled layer running now, for mapping stack frames (the engine's and the site's). */
export function compiledDirs(): string[] {
  const layers = compiledLayers();
  return layers ? [layers.engine, layers.site].filter((d): d is string => Boolean(d)) : [];
}

/**
 * The module of the site definition `file` when its compiled layer runs here: its bundle registers a
 * loader before the engine runs (run-compiled.mjs), and it is evaluated on first use, after the engine
 * registered the modules the site imports from it.
 */
export function compiledSite(file: string): unknown {
  const compiled = (globalThis as Record<symbol, { file: string; load: () => unknown } | undefined>)[COMPILED_SITE];
  return compiled?.file === file ? compiled.load() : undefined;
}
