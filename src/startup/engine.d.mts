// Types of engine.mjs (what it passes on of about.mjs is typed there).
export { COMPILED_SITE, DEFAULT_SITE_FILE, ENGINE, ENGINE_DOOR, ENGINE_ROOT, SHARED } from './about.mjs';
export function findSite(from: string): string | undefined;
export function cacheRoot(from: string): string;
export function trustedCache(dir: string): string;
export const untrustedCaches: string[];
export interface Layers {
  /** The engine layer's folder. */
  engine: string;
  /** The engine's version: its layer's folder name, or a packed engine's manifest hash. */
  engineId: string;
  /** The folder of the engine's V8 code cache. */
  codeCache: string;
  /** The site layer's folder, when a site is compiled. */
  site?: string;
  /** The site definition compiled into the site layer. */
  siteFile?: string;
}
export function exportLayers(layers: Layers, definitionFile?: string): void;
export function compiledLayers(): Layers | undefined;
/** Writes a file whole or not at all (`write` fills a temporary file of this thread's, renamed over it); false when it cannot be written. */
export function writeKept(file: string, write: (temporary: string) => void): boolean;
/** writeKept with the file's bytes at hand. */
export function replaceKept(file: string, data: string | Uint8Array): boolean;
