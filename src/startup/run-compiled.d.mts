// Types of run-compiled.mjs, for the TypeScript that imports it (tests).
/** Runs a compiled bundle through V8's code cache; with keep, writes the cache at exit after a run that ended well. */
export function runCompiled(file: string, options?: { keep?: boolean; sha256?: string }): { exports: unknown; cache: 'none' | 'used' | 'rejected' };
export class BundleMismatch extends Error {}
