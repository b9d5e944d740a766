// Types of packed.mjs, for the TypeScript that imports it (tests).
export interface PackRecord {
  sources: Record<string, string>;
  packages: Record<string, { version: string; files: Record<string, string> }>;
}
export function packRecord(root: string, files: string[]): PackRecord;
export function packedLayerStale(options: { root: string; packed: string; stamp: string }): string | undefined;
