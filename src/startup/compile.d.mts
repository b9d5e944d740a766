// Types of compile.mjs, for the TypeScript that imports it (spawn.ts, compiled.ts, tests).
export const ENGINE_ENTRIES: Record<string, string>;
export function cacheDir(siteFile?: string): string;
export function compile(options?: { site?: string; distrust?: string }): Promise<{ dir: string; compiled: boolean }>;
export function compiledPath(dir: string, sourcePath: string): string;
export function compiledBundle(dir: string, sourcePath: string): { file: string; sha256: string };
export function describeCompileError(error: unknown): Promise<string>;
/** Where a compiled bundle leaves the site definition compiled into it (globalThis[COMPILED_SITE]). */
export const COMPILED_SITE: symbol;
