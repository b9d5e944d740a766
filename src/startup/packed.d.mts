// Types of packed.mjs, for the TypeScript that imports it (tests).
export interface PackRecord {
  sources: Record<string, string>;
  packages: Record<string, { version: string; files: Record<string, string>; also?: string[] }>;
}
/** esbuild's metafile inputs: each input (a path relative to root) with what it imports. */
export type MetaInputs = Record<string, { imports: { path: string; external?: boolean }[] }>;
export function packRecord(root: string, inputs: MetaInputs): PackRecord;
export function checkPackedLayer(options: { root: string; packed: string; stamp: string; settled?: number }): { stale?: string; by?: 'stamp' | 'hashes' };
