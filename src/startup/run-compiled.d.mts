// Types of run-compiled.mjs, for the TypeScript that imports it (tests).
import type { Layers } from './engine.mjs';
/** Runs a compiled bundle through V8's code cache; with keep, writes the cache at exit after a run that ended well. */
export function runCompiled(file: string, options?: { keep?: boolean; sha256?: string; codeCache?: string; requireFrom?: string }): { exports: unknown; cache: 'none' | 'used' | 'rejected' };
/** Starts an engine entry from the compiled layers: the site's first, then the engine's bundle. */
export function startCompiled(layers: Layers, entry: string, options?: { keep?: boolean }): { exports: unknown; cache: 'none' | 'used' | 'rejected' };
export class BundleMismatch extends Error {
  file: string;
}
/** Starts one more entry of the engine's layer in this thread (each bundle runs once in a thread). */
export function startEntry(layers: Layers, entry: string, options?: { keep?: boolean }): { exports: unknown; cache: 'none' | 'used' | 'rejected' };
