// What the engine knows about itself: its folder, name and version, the names of the registries its
// compiled layers meet in, and the one site file name it looks for. Constants only, nothing that
// changes as it runs: the CLI's own bundle holds a copy of it beside the engine's (compile.mjs,
// CLI_SOURCES). Plain JavaScript: the launcher reads it before anything is compiled.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's package folder (where its package.json is). */
export const ENGINE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The engine's package name and version. */
export const ENGINE = JSON.parse(readFileSync(join(ENGINE_ROOT, 'package.json'), 'utf8'));

/**
 * The registry of modules the engine and the site's compiled layers share (compile.mjs): React, React
 * DOM's server renderer and zod from the site's layer, the engine's public contract from the engine's.
 */
export const SHARED = Symbol.for(`${ENGINE.name}.shared`);
/** Where the launcher leaves the CLI's compiled bundle its way to the engine's modules: (name) => a promise of the module (compile.mjs, engineDoor). */
export const ENGINE_DOOR = Symbol.for(`${ENGINE.name}.engine-modules`);
/** Where the site's layer leaves the site definition's loader, for loadSite (compiled.ts reads it). */
export const COMPILED_SITE = Symbol.for(`${ENGINE.name}.compiled-site`);

/** The file a site's definition is looked for in, from the current folder up: the one site file name the engine knows. */
export const DEFAULT_SITE_FILE = 'site.config.ts';
