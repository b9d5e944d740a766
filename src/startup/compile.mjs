// Compiles the engine (its CLI and worker modules) and a site's definition with everything it imports
// ahead of time, so a start neither transforms TypeScript again nor loads hundreds of small modules:
// one CommonJS bundle per engine entry, each with the site definition compiled in (registered on
// globalThis before the engine runs, see compiled.ts), run by run-compiled.mjs through V8's code
// cache. The engine sets up what a site would otherwise have to: the JSX transform, the module
// format, and one copy of React and zod, taken from the site's own folder, so engine and templates
// share its contexts (both bundled in: React's production or development build, as NODE_ENV says at
// compile time, which is part of the cache's key). A site needs no tsconfig.json and no "type" field.
// Plain JavaScript on purpose: it runs before anything is compiled.
//
// The output is cached per engine and site location (a copied checkout never runs the original's
// code) and used while every file it was made from has the size and time it had; a changed file is
// recompiled first, into a new version folder, so a running dev keeps the code it has loaded.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheRoot, ENGINE, ENGINE_ROOT, trustedCache } from './engine.mjs';

/** The engine's modules that are started on their own: the CLI and each worker thread's module. */
export const ENGINE_ENTRIES = {
  'engine-cli': 'src/cli/main.ts',
  'engine-render-worker': 'src/pipeline/render-worker.ts',
  'engine-build-worker': 'src/dev/build-worker.ts',
};
/** Where a bundle leaves the site definition compiled into it, for loadSite (compiled.ts reads it). */
export const COMPILED_SITE = Symbol.for(`${ENGINE.name}.compiled-site`);
/**
 * Packages the site owns and the engine shares: resolved from the site's folder (else the engine's),
 * one copy for both, bundled into each compiled bundle as ES modules or CommonJS wrapped by esbuild.
 * Loaded by Node instead, React's CommonJS cost ~20 ms a start (its module loader, and the lexer
 * reading even the development builds to find their exports).
 */
const BUNDLED_SHARED = /^(zod|react|react-dom)(\/.*)?$/;
const KEEP = 4; // compiled versions kept, so a process started from an older one (a running `dev`) still starts its worker threads from it

const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Where the compiled output for an engine and site lives: SITE_COMPILE_CACHE, or the project's cache. */
export function cacheDir(siteFile) {
  const base = process.env.SITE_COMPILE_CACHE ? trustedCache(resolve(process.env.SITE_COMPILE_CACHE)) : join(cacheRoot(siteFile ? dirname(siteFile) : process.cwd()), 'compiled');
  // Keyed by where the engine and the site live, and by this compiler and Node's version.
  return join(base, sha(`${ENGINE_ROOT}\0${siteFile ?? ''}\0${ENGINE.version}\0${process.version}\0${process.env.NODE_ENV ?? ''}\0${readFileSync(fileURLToPath(import.meta.url), 'utf8')}`));
}

/** The version folder in use, when every input still has the size and time it was compiled from. */
function current(dir) {
  try {
    const { version } = JSON.parse(readFileSync(join(dir, 'current.json'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(dir, version, 'manifest.json'), 'utf8'));
    for (const [file, [size, mtime]] of Object.entries(manifest.inputs)) {
      const stat = statSync(file);
      if (stat.size !== size || stat.mtimeMs !== mtime) return undefined;
    }
    return join(dir, version);
  } catch {
    return undefined; // nothing compiled yet, or an input was removed
  }
}

/**
 * The compiled output of the engine and of the site definition `site` (a path; none for commands
 * that need no site): reused when fresh, else built now. Returns its folder.
 */
export async function compile({ site, distrust } = {}) {
  const siteFile = site ? resolve(site) : undefined;
  const dir = cacheDir(siteFile);
  // A version whose bundle did not match its checksum is removed and made again, never run.
  if (distrust) rmSync(distrust, { recursive: true, force: true });
  const fresh = current(dir);
  if (fresh) return { dir: fresh, compiled: false };
  mkdirSync(dir, { recursive: true });
  // Built beside the final folder and renamed into place, so concurrent starts never see half of it.
  const staging = join(dir, `.tmp-${process.pid}-${Date.now()}`);
  const { build } = await import('esbuild');
  try {
    // Each engine entry behind a small module that first registers the site definition: the bundle
    // evaluates the site (and the engine modules and React it imports) before the entry's own code.
    const entryPoints = Object.fromEntries(Object.keys(ENGINE_ENTRIES).map((name) => [name, `${ENTRY_NAMESPACE}:${name}`]));
    const result = await build({
      absWorkingDir: ENGINE_ROOT,
      entryPoints,
      outdir: staging,
      entryNames: '[name]',
      outExtension: { '.js': '.cjs' },
      bundle: true,
      // CommonJS, so run-compiled.mjs can run it through V8's code cache (vm.Script), which Node 20 has for scripts only.
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      // import() of a module in the bundle becomes its lazy initialiser; of esbuild (outside), a require.
      supported: { 'dynamic-import': false },
      jsx: 'automatic',
      // The site's tsconfig.json may say anything (or not exist): the engine decides how its code compiles.
      tsconfigRaw: {},
      define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'development') },
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [entries(siteFile), packages(siteFile ? dirname(siteFile) : process.cwd()), keepSourceUrls],
    });
    const inputs = {};
    for (const input of Object.keys(result.metafile.inputs)) {
      const file = resolve(ENGINE_ROOT, input.replace(/^[a-z-]+:/, ''));
      if (!existsSync(file)) continue;
      const stat = statSync(file);
      inputs[file] = [stat.size, stat.mtimeMs];
    }
    // The tools that compiled it count too: another esbuild may write other code.
    for (const file of [fileURLToPath(import.meta.url), join(ENGINE_ROOT, 'package.json')]) inputs[file] = [statSync(file).size, statSync(file).mtimeMs];
    const compiled = Object.fromEntries(Object.entries(ENGINE_ENTRIES).map(([name, file]) => [join(ENGINE_ROOT, file), `${name}.cjs`]));
    // Each bundle's SHA-256, checked before it runs (run-compiled.mjs): a damaged or swapped bundle is never run.
    const sha256 = Object.fromEntries(Object.values(compiled).map((name) => [name, createHash('sha256').update(readFileSync(join(staging, name))).digest('hex')]));
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify({ entries: compiled, sha256, inputs }));
    const version = sha(JSON.stringify(inputs));
    try {
      renameSync(staging, join(dir, version));
    } catch (error) {
      if (!existsSync(join(dir, version))) throw error; // another start finished the same version first
    }
    writeFileSync(join(dir, `current.json.${process.pid}`), JSON.stringify({ version }));
    renameSync(join(dir, `current.json.${process.pid}`), join(dir, 'current.json'));
    prune(dir, version);
    return { dir: join(dir, version), compiled: true };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const ENTRY_NAMESPACE = 'engine-entry';
const ZOD_CONFIG = 'src/content/zod-config.ts';

/** The engine entries, each registering the site definition (when there is one) before it runs. */
function entries(siteFile) {
  return {
    name: 'engine-entries',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${ENTRY_NAMESPACE}:`) }, (args) => ({ path: args.path.slice(ENTRY_NAMESPACE.length + 1), namespace: ENTRY_NAMESPACE }));
      b.onResolve({ filter: /^engine-site$/, namespace: ENTRY_NAMESPACE }, () => ({ path: 'site', namespace: ENTRY_NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, (args) => {
        if (args.path === 'site') {
          return {
            contents: `import * as site from ${JSON.stringify(siteFile)};\nglobalThis[Symbol.for(${JSON.stringify(COMPILED_SITE.description)})] = { file: ${JSON.stringify(siteFile)}, module: site };\n`,
            resolveDir: dirname(siteFile),
            loader: 'js',
          };
        }
        const entry = join(ENGINE_ROOT, ENGINE_ENTRIES[args.path]);
        // zod's configuration first: it is read as each schema is made, the site's among them.
        const first = siteFile ? `import ${JSON.stringify(join(ENGINE_ROOT, ZOD_CONFIG))};\nimport 'engine-site';\n` : '';
        return { contents: `${first}import ${JSON.stringify(entry)};\n`, resolveDir: ENGINE_ROOT, loader: 'js' };
      });
    },
  };
}

/**
 * How bare imports are found. The engine's own name means its sources (a site imports the engine by
 * name, and gets the very modules the engine runs); React, React DOM and zod come from the site's
 * folder (else the engine's), once, for engine and site alike, bundled; esbuild stays outside (it
 * runs a native binary). A package the site imports but does not have installed is an error naming the line to add.
 */
function packages(siteDir) {
  const fromEngine = createRequire(join(ENGINE_ROOT, 'package.json'));
  const own = new RegExp(`^${ENGINE.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
  return {
    name: 'engine-packages',
    setup(b) {
      b.onResolve({ filter: own }, () => ({ path: join(ENGINE_ROOT, 'src/index.ts') }));
      b.onResolve({ filter: /^esbuild$/ }, () => ({ path: fromEngine.resolve('esbuild'), external: true }));
      // The engine renders with renderToStaticMarkup only: React DOM's legacy server renderer, without
      // the streaming one that react-dom/server also loads (~8 ms of every start). Where a React has
      // another layout, react-dom/server as it is.
      b.onResolve({ filter: /^react-dom\/server$/ }, async (args) => {
        if (args.pluginData === 'shared') return undefined;
        const found = await b.resolve('react-dom/package.json', { kind: args.kind, resolveDir: siteDir, importer: args.importer, pluginData: 'shared' });
        const dir = found.errors.length ? dirname(fromEngine.resolve('react-dom/package.json')) : dirname(found.path);
        const legacy = join(dir, 'cjs', `react-dom-server-legacy.node.${process.env.NODE_ENV === 'production' ? 'production' : 'development'}.js`);
        return existsSync(legacy) ? { path: legacy } : undefined;
      });
      // Bundled: loading zod's CommonJS build took ~60 files and ~90 ms at every start, React's ~20 ms.
      b.onResolve({ filter: BUNDLED_SHARED }, async (args) => {
        if (args.pluginData === 'shared') return undefined;
        for (const resolveDir of [siteDir, ENGINE_ROOT]) {
          const found = await b.resolve(args.path, { kind: args.kind, resolveDir, importer: args.importer, pluginData: 'shared' });
          if (!found.errors.length) return found;
        }
        return undefined; // esbuild reports it, with the importing file and line
      });
    },
  };
}

/**
 * Each module of the engine and the site keeps its source file's import.meta.url, so
 * `new URL('./x.ts', import.meta.url)` and paths to the site's files mean what they mean when the
 * sources run directly. (A plain text replacement: it would also rewrite those words inside a string.)
 */
const keepSourceUrls = {
  name: 'keep-source-urls',
  setup(build) {
    const engineSources = join(ENGINE_ROOT, 'src');
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes('/node_modules/') && !args.path.startsWith(engineSources)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const loader = /\.[cm]?tsx$/.test(args.path) ? 'tsx' : /\.[cm]?ts$/.test(args.path) ? 'ts' : /x$/.test(args.path) ? 'jsx' : 'js';
      return { contents: source.replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

/** Removes all but the newest few compiled versions. */
function prune(dir, keep) {
  const versions = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== keep && !entry.name.startsWith('.tmp-'))
    .map((entry) => ({ name: entry.name, mtime: statSync(join(dir, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of versions.slice(KEEP - 1)) rmSync(join(dir, name), { recursive: true, force: true });
}

/**
 * esbuild's errors with file, line and the offending code; a package the site imports but has not
 * installed, with the command that installs it; any other error as it is.
 */
export async function describeCompileError(error) {
  if (!Array.isArray(error?.errors) || error.errors.length === 0) return error?.stack ?? String(error);
  const { formatMessages } = await import('esbuild');
  const messages = error.errors.map((message) => {
    const missing = /^Could not resolve "([^"]+)"/.exec(message.text);
    if (!missing || missing[1].startsWith('.') || missing[1].startsWith('/')) return message;
    const name = missing[1].startsWith('@') ? missing[1].split('/').slice(0, 2).join('/') : missing[1].split('/')[0];
    return { ...message, text: `"${missing[1]}" is not installed for this site`, notes: [{ text: `Install it in the site's folder: npm install ${name} (this adds "${name}" to the dependencies in its package.json).` }] };
  });
  return (await formatMessages(messages, { kind: 'error', color: false })).join('\n').trimEnd();
}

const manifests = new Map();

/** The compiled bundle of an engine entry (the CLI or a worker's module), run by run-compiled.mjs. */
export function compiledPath(dir, sourcePath) {
  return compiledBundle(dir, sourcePath).file;
}

/** The compiled bundle of an engine entry and the SHA-256 its bytes must have. */
export function compiledBundle(dir, sourcePath) {
  let manifest = manifests.get(dir);
  if (!manifest) manifests.set(dir, (manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))));
  const out = manifest.entries[resolve(sourcePath)];
  if (!out) throw new Error(`${relative(process.cwd(), sourcePath)} is not compiled on its own: only the engine's entries are (the site definition is compiled into each)`);
  return { file: join(dir, out), sha256: manifest.sha256?.[out] ?? '' };
}
