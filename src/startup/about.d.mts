// Types of about.mjs.
export const ENGINE_ROOT: string;
export const ENGINE: { name: string; version: string; peerDependencies?: Record<string, string> };
export const DEFAULT_SITE_FILE: string;
/** The registry of modules the compiled layers share (globalThis[SHARED]). */
export const SHARED: symbol;
/** Where the launcher leaves the CLI's compiled bundle its way to the engine's modules (globalThis[ENGINE_DOOR]). */
export const ENGINE_DOOR: symbol;
/** Where the site's compiled layer leaves the site definition's loader (globalThis[COMPILED_SITE]). */
export const COMPILED_SITE: symbol;
