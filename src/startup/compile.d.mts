// Types of compile.mjs, for the TypeScript that imports it (spawn.ts, tests).
export const ROOT: string;
export const SOURCE_ROOTS: string[];
export const ENTRY_POINTS: string[];
export function cacheDir(root?: string): string;
export function sourceHash(root?: string): string;
export function compile(options?: { root?: string; cache?: string }): Promise<{ dir: string; compiled: boolean }>;
export function compiledPath(dir: string, sourcePath: string, root?: string): string;
