// Types of compile.mjs, for the TypeScript that imports it (spawn.ts, tests).
import type { Layers } from './engine.mjs';
export const ENGINE_ENTRIES: Record<string, string>;
export const SHARED_MODULES: string[];
export const SITE_BUNDLE: string;
export const ENGINE_BUNDLE: string;
export const CLI_ENTRY: string;
export const CLI_BUNDLE: string;
export const PACKED_ENGINE: string;
export function cacheDir(siteFile: string): string;
export function compile(options?: { site?: string; distrust?: string }): Promise<Omit<Layers, 'siteFile'> & { compiled: boolean }>;
export function compileEngineForPack(): Promise<void>;
export function compiledBundle(dir: string, sourcePath: string): { file: string; sha256: string; entry: string };
export function describeCompileError(error: unknown): Promise<string>;
/** The esbuild plugin that leaves zod's translations out of the site's layer (required when first used). */
export const zodLocales: import('esbuild').Plugin;
/** The esbuild plugin that leaves gray-matter's own YAML engine out of the engine's layer (it throws if reached). */
export const grayMatterYaml: import('esbuild').Plugin;
/** Whether a file's modification time falls while a compile ran (from `started` to `finished`, give or take the file system clock's lag). */
export function writtenDuring(mtimeMs: number, started: number, finished: number): boolean;
