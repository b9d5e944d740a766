// Types of engine.mjs.
export const ENGINE_ROOT: string;
export const ENGINE: { name: string; version: string; peerDependencies?: Record<string, string> };
export const DEFAULT_SITE_FILE: string;
export function findSite(from: string): string | undefined;
export function cacheRoot(from: string): string;
export function trustedCache(dir: string): string;
export const untrustedCaches: string[];
