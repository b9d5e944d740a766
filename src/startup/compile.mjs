// Compiles the engine and a site ahead of time, so a start neither transforms TypeScript again nor
// loads hundreds of small modules. Two layers of CommonJS bundles, run by run-compiled.mjs through
// V8's code cache:
// - the engine, the same for every site: the CLI's own small bundle (commander and the command
//   definitions: `--help` and a mistyped flag load nothing else), and one bundle holding every module
//   started on its own (the commands', reached from the CLI through src/cli/modules.ts, and each worker
//   thread's). A packed engine carries them (lib/engine/, made at `npm pack`); a checkout compiles them
//   on its first start and keeps them in its cache.
// - the site: its definition with everything it imports, and one copy of React, React DOM's server
//   renderer and zod, taken from the site's own folder (else the engine's) and shared with the engine
//   through a registry (the engine's bundle leaves those packages out): engine and templates share
//   React's contexts and zod's schemas. React's production or development build, as NODE_ENV says at
//   compile time, which is part of this layer's key. A site needs no tsconfig.json and no "type" field.
// Plain JavaScript on purpose: it runs before anything is compiled.
//
// Each layer is cached per engine (and site) location (a copied checkout never runs the original's
// code) and used while every file it was made from has the size and time it had; a changed file is
// recompiled first, into a new version folder, so a running dev keeps the code it has loaded. The two
// layers compile at once, and a template edit recompiles the site's layer only.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheRoot, COMPILED_SITE, ENGINE, ENGINE_DOOR, ENGINE_ROOT, SHARED, trustedCache } from './engine.mjs';
import { readSealedJson, sha256, writeSealed } from './sealed.mjs';

/** The command line, compiled into a bundle of its own (CLI_BUNDLE) that loads the engine's only when a command runs. */
export const CLI_ENTRY = 'src/cli/main.ts';
export const CLI_BUNDLE = 'cli.cjs';
/**
 * What the CLI's bundle may hold of the engine's sources besides its entry: modules of constants and
 * pure functions, whose copy there is as good as the engine's. Any other is reached through src/cli/modules.ts.
 */
const CLI_SOURCES = ['src/cli/main.ts', 'src/problems/inert.ts', 'src/startup/about.mjs'];
/** The engine's modules that are started on their own: the CLI's door to the commands (modules.ts) and each worker thread's module. */
export const ENGINE_ENTRIES = {
  modules: 'src/cli/modules.ts',
  'render-worker': 'src/pipeline/render-worker.ts',
  'build-worker': 'src/dev/build-worker.ts',
};
/**
 * The bundle holding every engine entry (each evaluated only when started): one bundle instead of one
 * per entry is compiled in ~400 ms instead of ~465 here, and a worker thread starts from the code cache
 * the main thread keeps (a worker's own bundle had none).
 */
export const ENGINE_BUNDLE = 'engine.cjs';
/** The site layer's one bundle. */
export const SITE_BUNDLE = 'site.cjs';
/**
 * The modules the engine's bundle leaves out and takes from the site's layer (one copy for both):
 * exactly these, as the engine's sources import them (the engine's compile fails on another).
 */
export const SHARED_MODULES = ['react', 'react/jsx-runtime', 'react-dom/server', 'zod'];
const SHARED_PACKAGES = /^(zod|react|react-dom)(\/.*)?$/;
/** Where a packed engine carries its compiled layer (scripts/build-lib.mjs writes it at `npm pack`). */
export const PACKED_ENGINE = join(ENGINE_ROOT, 'lib', 'engine');
const KEEP = 4; // compiled versions kept, so a process started from an older one (a running `dev`) still starts its worker threads from it

const sha = (text) => sha256(text).slice(0, 16);
/** This compiler's own source: part of every key (another compile.mjs may write other code). */
const COMPILER = readFileSync(fileURLToPath(import.meta.url), 'utf8');

/** Where compiled layers are kept: SITE_COMPILE_CACHE, or the project's cache. */
function cacheBase(siteFile) {
  return process.env.SITE_COMPILE_CACHE ? trustedCache(resolve(process.env.SITE_COMPILE_CACHE)) : join(cacheRoot(siteFile ? dirname(siteFile) : process.cwd()), 'compiled');
}

/** The folder of the site layer for a site definition: keyed by where the engine and the site live, the compiler, Node's version and NODE_ENV. */
export function cacheDir(siteFile) {
  return join(cacheBase(siteFile), `site-${sha(`${ENGINE_ROOT}\0${siteFile}\0${ENGINE.version}\0${process.version}\0${process.env.NODE_ENV ?? ''}\0${COMPILER}`)}`);
}

/**
 * Whether the engine's layer is compiled with source maps: only for --debug (SITE_DEBUG), the one view
 * that shows the engine's own frames. A message shows the site's frames, from the site's layer, which
 * always has its maps; the engine's cost a cold start ~0.1 s to write (and a packed engine has none).
 */
const engineMaps = () => Boolean(process.env.SITE_DEBUG);

/** The folder of the engine layer compiled in a cache (a checkout's): keyed by where the engine lives, the compiler, Node's version and whether it has maps. */
function engineCacheDir(siteFile) {
  return join(cacheBase(siteFile), `engine-${sha(`${ENGINE_ROOT}\0${ENGINE.version}\0${process.version}\0${COMPILER}\0${engineMaps()}`)}`);
}

/** The version folder in use, when every input still has the size and time it was compiled from. */
function current(dir) {
  try {
    // Both sealed (sealed.mjs): a damaged or older record is a miss, and the layer is compiled again.
    const version = readSealedJson(join(dir, 'current.json'))?.version;
    const manifest = typeof version === 'string' ? readSealedJson(join(dir, version, 'manifest.json')) : undefined;
    if (!manifest) return undefined;
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
 * The engine layer a packed engine carries, when this engine is an installed package (a folder in a
 * node_modules: a checkout, linked or not, always compiles its own) and every source and package it
 * was bundled from is installed as it was packed (packed.mjs); `stamp` keeps that verdict.
 */
async function packedEngine(stamp) {
  if (!ENGINE_ROOT.includes(`${sep}node_modules${sep}`)) return undefined;
  // Imported here: a checkout's every start (`--help`) would load it for nothing (~5 ms).
  const { checkPackedLayer } = await import('./packed.mjs');
  return checkPackedLayer({ root: ENGINE_ROOT, packed: PACKED_ENGINE, stamp }).stale ? undefined : PACKED_ENGINE;
}

/**
 * The compiled engine and site (a path; none for commands that need no site): each layer reused when
 * fresh, else built now, both at once. `distrust`: a folder whose bundle did not match its checksum,
 * removed and made again, never run (a packed engine's is left alone and compiled into the cache).
 * Returns the layers' folders, the engine's version and where the engine's code cache goes.
 */
export async function compile({ site, distrust } = {}) {
  const siteFile = site ? resolve(site) : undefined;
  // V8's code cache of a packed engine is the user's, in the cache (never written into the package).
  const packedCache = join(cacheBase(siteFile), `packed-${sha(`${ENGINE_ROOT}\0${process.version}`)}`);
  const packed = distrust === PACKED_ENGINE ? undefined : await packedEngine(join(packedCache, 'verified.json'));
  if (distrust && distrust !== PACKED_ENGINE) rmSync(distrust, { recursive: true, force: true });
  // The site's layer asked for first: the longer of the two here (React DOM and zod in it), it starts
  // ~40 ms sooner than when its build waited for the engine's to start (the compile ends sooner by as much).
  const siteLayerPending = siteFile ? compileLayer(cacheDir(siteFile), siteBuild(siteFile)) : undefined;
  siteLayerPending?.catch(() => undefined); // told by Promise.all below, also when the engine's part throws first
  const [engine, siteLayer] = await Promise.all([
    packed ? { dir: packed, compiled: false, id: `packed-${sha(readFileSync(join(packed, 'manifest.json')))}` } : compileLayer(engineCacheDir(siteFile), engineBuild({ maps: engineMaps() })),
    siteLayerPending,
  ]);
  const codeCache = packed ? packedCache : engine.dir;
  // engineId names the engine's version (content parses are kept per engine and site version).
  return { engine: engine.dir, engineId: engine.id ?? basename(engine.dir), site: siteLayer?.dir, codeCache, compiled: engine.compiled || Boolean(siteLayer?.compiled) };
}

/**
 * One layer's current version folder in `dir`, compiled with its `builds` (esbuild's options and a
 * check of what each bundled) when stale: built beside the final folder and renamed into place, so
 * concurrent starts never see half of it. Its manifest names each entry's bundle, the SHA-256 each
 * bundle must have when it runs, and the inputs' sizes and times.
 */
async function compileLayer(dir, { builds, entries }) {
  const fresh = current(dir);
  if (fresh) return { dir: fresh, compiled: false };
  mkdirSync(dir, { recursive: true });
  // A name of its own (mkdtemp): dev's build workers are threads of one process and may compile at once.
  const staging = mkdtempSync(join(dir, '.tmp-'));
  try {
    const { build } = await import('esbuild');
    const started = Date.now();
    const metafiles = await runBuilds(build, builds, staging);
    const stamps = [];
    /** A file's size and time, when it is one (not an entry of esbuild's own namespace). */
    const record = (file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      if (stat) stamps.push([file, stat.size, stat.mtimeMs]);
    };
    const read = mergedInputs(metafiles);
    // A layer's builds work in one folder (the engine's, or the site's), which their inputs are relative to.
    for (const input of Object.keys(read)) record(resolve(builds[0].options.absWorkingDir, input.replace(/^[a-z-]+:/, '')));
    // Files the bundle requires as it runs (esbuild; zod's translations) count too: one removed or changed is another layer.
    for (const { imports } of Object.values(read)) for (const { path, external } of imports) if (external && isAbsolute(path)) record(path);
    // The tools that compiled it count too.
    for (const file of [fileURLToPath(import.meta.url), join(ENGINE_ROOT, 'package.json')]) record(file);
    // A file written between esbuild's read and its stamp here (a formatter's second save in dev) may have
    // been compiled from its old text: recorded as a stamp no file has, so the next start compiles again.
    const finished = Date.now();
    const inputs = Object.fromEntries(stamps.map(([file, size, mtime]) => [file, writtenDuring(mtime, started, finished) ? [-1, -1] : [size, mtime]]));
    if (!writeSealed(join(staging, 'manifest.json'), JSON.stringify({ ...bundleRecord(staging, entries), inputs }))) throw new Error(`could not write ${join(staging, 'manifest.json')}`);
    const version = sha(JSON.stringify(inputs));
    try {
      renameSync(staging, join(dir, version));
    } catch (error) {
      if (!existsSync(join(dir, version))) throw error; // another start finished the same version first
    }
    if (!writeSealed(join(dir, 'current.json'), JSON.stringify({ version }))) throw new Error(`could not write ${join(dir, 'current.json')}`);
    prune(dir, version);
    return { dir: join(dir, version), compiled: true };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs a layer's builds at once into `outdir`, checks what each bundled, and returns their metafiles. */
async function runBuilds(build, builds, outdir) {
  const results = await Promise.all(builds.map(({ options }) => build({ ...options, outdir, metafile: true, logLevel: 'silent' })));
  for (const [i, { metafile }] of results.entries()) builds[i].check?.(metafile);
  return results.map((result) => result.metafile);
}

/** How far a file's time may lag the clock: Linux stamps files from a clock a tick (up to 10 ms) behind. */
const CLOCK_SLACK_MS = 20;

/** Whether a file's modification time falls while a compile ran (a time after it is a skewed clock's, not a write). */
export function writtenDuring(mtimeMs, started, finished) {
  return mtimeMs >= started - CLOCK_SLACK_MS && mtimeMs <= finished + CLOCK_SLACK_MS;
}

/** Each entry's bundle, and the SHA-256 of each (checked before it runs, see run-compiled.mjs: a damaged or swapped bundle is never run). */
function bundleRecord(folder, entries) {
  const hashes = Object.fromEntries(Object.values(entries).map((name) => [name, sha256(readFileSync(join(folder, name)))]));
  return { entries, sha256: hashes };
}

/** What esbuild is asked for both layers: CommonJS, so run-compiled.mjs can run it through V8's code cache (vm.Script), which Node 20 has for scripts only. */
const COMMON = {
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() of a module in the bundle becomes its lazy initialiser; of esbuild (outside), a require.
  supported: { 'dynamic-import': false },
  jsx: 'automatic',
  // The site's tsconfig.json may say anything (or not exist): the engine decides how its code compiles.
  tsconfigRaw: {},
  sourcemap: 'linked',
  // A map is read to move a stack frame to its source's line (problems/stack.ts; Node's own mapping
  // with --debug reads a source from its file): the sources' text in it (1.3 MB for this repository's
  // site layer) cost each compile ~25 ms to write, for nothing.
  sourcesContent: false,
};

const ENTRY_NAMESPACE = 'engine-entry';
const ZOD_CONFIG = 'src/content/zod-config.ts';

/**
 * The engine layer, two bundles compiled at once: the engine's entries, each first configuring zod and
 * registering the engine's public contract for the site's layer; and the CLI's own.
 */
function engineBuild({ packing = false, maps = true } = {}) {
  const common = { ...COMMON, sourcemap: maps ? COMMON.sourcemap : false, absWorkingDir: ENGINE_ROOT, entryNames: '[name]' };
  return {
    builds: [
      {
        options: { ...common, entryPoints: { [ENGINE_BUNDLE.replace(/\.cjs$/, '')]: `${ENTRY_NAMESPACE}:engine` }, plugins: [entryModule(engineEntry()), enginePackages, grayMatterYaml, sourceUrls({ packing, layer: 'engine' })] },
        check: (metafile) => {
          const imported = new Set(Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external && SHARED_PACKAGES.test(i.path)).map((i) => i.path)));
          const unknown = [...imported].filter((id) => !SHARED_MODULES.includes(id));
          if (unknown.length) throw new Error(`the engine imports ${unknown.join(', ')}, which the site's layer does not provide: add it to SHARED_MODULES in ${relative(process.cwd(), fileURLToPath(import.meta.url))}`);
        },
      },
      {
        options: { ...common, entryPoints: { [CLI_BUNDLE.replace(/\.cjs$/, '')]: `${ENTRY_NAMESPACE}:cli` }, plugins: [entryModule(cliEntry()), engineDoor, lazyChildProcess, enginePackages, sourceUrls({ packing, layer: 'engine' })] },
        check: (metafile) => {
          const here = relative(process.cwd(), fileURLToPath(import.meta.url));
          // The door with imports of its own is modules.ts itself: the plugin that replaces it did not find it.
          if (metafile.inputs[ENGINE_ENTRIES.modules]?.imports.length) throw new Error(`the CLI's bundle holds ${ENGINE_ENTRIES.modules} itself, not the door to the engine's bundle that engineDoor in ${here} makes of it`);
          // Named by the imports that reach beyond what the CLI may hold (the rest follows from them).
          const allowed = (path) => !path.startsWith('src/') || CLI_SOURCES.includes(path) || path === ENGINE_ENTRIES.modules;
          const reaching = Object.entries(metafile.inputs).filter(([input]) => allowed(input)).flatMap(([input, { imports }]) => imports.filter((i) => !i.external && !allowed(i.path)).map((i) => `${input} imports ${i.path}`));
          if (reaching.length) throw new Error(`the CLI's bundle would hold engine sources that are not in CLI_SOURCES (${reaching.join('; ')}). Load them when a command runs, through ${ENGINE_ENTRIES.modules}, or, for a module of constants and pure functions, add it to CLI_SOURCES in ${here}`);
        },
      },
    ],
    // By path within the engine: the same in a packed engine wherever it is installed.
    entries: { ...Object.fromEntries(Object.values(ENGINE_ENTRIES).map((file) => [file, ENGINE_BUNDLE])), [CLI_ENTRY]: CLI_BUNDLE },
  };
}

/** A layer's entry module (`engine-entry:<name>`), made of these lines; its imports resolved from `resolveDir`. */
const entryModule = (lines, resolveDir = ENGINE_ROOT) => ({
  name: 'entry-module',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${ENTRY_NAMESPACE}:`) }, (args) => ({ path: args.path.slice(ENTRY_NAMESPACE.length + 1), namespace: ENTRY_NAMESPACE }));
    b.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({ contents: lines.join('\n'), resolveDir, loader: 'js' }));
  },
});

/**
 * The engine bundle's entry: zod's configuration first when a site runs (it is read as each schema is
 * made, the site's among them); the public contract, which the site's layer takes by the engine's name
 * (its very modules), evaluated when the site asks for it; then the entry that start() names
 * (run-compiled.mjs). Required, not imported, so each is evaluated only when reached: a command
 * without a site (serve) loads neither zod nor React, and a worker none of the commands.
 */
function engineEntry() {
  const starts = Object.values(ENGINE_ENTRIES).map((file) => `    case ${JSON.stringify(file)}: return require(${JSON.stringify(join(ENGINE_ROOT, file))});`);
  return [
    'exports.start = (entry) => {',
    `  const shared = (globalThis[Symbol.for(${JSON.stringify(SHARED.description)})] ??= {});`,
    `  if (globalThis[Symbol.for(${JSON.stringify(COMPILED_SITE.description)})]) require(${JSON.stringify(join(ENGINE_ROOT, ZOD_CONFIG))});`,
    `  Object.defineProperty(shared, ${JSON.stringify(ENGINE.name)}, { get: () => require(${JSON.stringify(join(ENGINE_ROOT, 'src/index.ts'))}), enumerable: true, configurable: true });`,
    '  switch (entry) {',
    ...starts,
    '  }',
    '  throw new Error(`${entry} is not an entry of the engine`);',
    '};',
  ];
}

/** The CLI bundle's entry: the command line, run when started. */
function cliEntry() {
  return [`exports.start = () => require(${JSON.stringify(join(ENGINE_ROOT, CLI_ENTRY))});`];
}

/**
 * In the CLI's bundle, src/cli/modules.ts is the door to the engine's bundle: each module asked for
 * is the engine's, which the launcher starts on the first call (ENGINE_DOOR, launch.mjs).
 */
const engineDoor = {
  name: 'engine-door',
  setup(b) {
    const modules = join(ENGINE_ROOT, ENGINE_ENTRIES.modules);
    b.onLoad({ filter: new RegExp(`^${modules.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) }, () => ({
      contents: `export const loadModule = (name) => globalThis[Symbol.for(${JSON.stringify(ENGINE_DOOR.description)})](name);\n`,
      loader: 'js',
    }));
  },
};

/**
 * commander loads child_process as it loads (for subcommands that are programs of their own, which this
 * CLI has none of), and with it net, dgram and streams: ~10 ms of every start. In the CLI's bundle, it
 * gets an object that loads child_process when first used.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) => (/[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let loaded;\nmodule.exports = new Proxy({}, { get: (_, key) => (loaded ??= require('node:child_process'))[key] });\n",
      loader: 'js',
    }));
  },
};

/** The engine's bare imports: its own name means its sources; React, React DOM and zod are the site layer's (left out); esbuild stays outside (it runs a native binary). */
const enginePackages = {
  name: 'engine-packages',
  setup(b) {
    const own = new RegExp(`^${ENGINE.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
    b.onResolve({ filter: own }, () => ({ path: join(ENGINE_ROOT, 'src/index.ts') }));
    // Required from the engine's folder as it runs (run-compiled.mjs), wherever the bundle is kept.
    b.onResolve({ filter: /^esbuild$/ }, () => ({ path: 'esbuild', external: true }));
    b.onResolve({ filter: SHARED_PACKAGES }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * gray-matter's own YAML engine (js-yaml 3, ~100 KB of the engine layer's input) is never run: the
 * engine hands gray-matter its own YAML parser and refuses every other front matter language
 * (content/read-file.ts). Left out, it costs each compile of the engine less; should gray-matter ever
 * reach for it, it throws instead of parsing with rules the engine does not check.
 */
export const grayMatterYaml = {
  name: 'gray-matter-yaml',
  setup(b) {
    b.onResolve({ filter: /^js-yaml$/ }, (args) => (/[\\/]gray-matter[\\/]/.test(args.importer) ? { path: 'js-yaml', namespace: 'gray-matter-yaml' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'gray-matter-yaml' }, () => ({
      contents: [
        'const refuse = () => {',
        "  throw new Error(\"gray-matter's own YAML engine is not part of this engine: front matter is read by the engine's parser (content/read-file.ts)\");",
        '};',
        'module.exports = { safeLoad: refuse, safeDump: refuse, load: refuse, dump: refuse };',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** The site layer: one bundle whose exports are the shared modules (each required when the engine asks) and the site definition (loaded when the engine loads the site). */
function siteBuild(siteFile) {
  const siteDir = dirname(siteFile);
  const entry = entryModule(
    [
      'module.exports = {',
      `  shared: { ${SHARED_MODULES.map((id) => `get ${JSON.stringify(id)}() { return require(${JSON.stringify(id)}); }`).join(', ')} },`,
      `  load: () => require(${JSON.stringify(siteFile)}),`,
      '};',
    ],
    siteDir,
  );
  return {
    builds: [
      {
        options: {
          ...COMMON,
          absWorkingDir: siteDir,
          entryPoints: { site: `${ENTRY_NAMESPACE}:site` },
          entryNames: '[name]',
          define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'development') },
          plugins: [entry, sitePackages(siteDir), zodLocales, sourceUrls({ layer: 'site' })],
        },
      },
    ],
    entries: { [siteFile]: SITE_BUNDLE },
  };
}

/**
 * How the site's bare imports are found. The engine's own name is the engine layer's (taken from the
 * registry when the site loads); React, React DOM and zod come from the site's folder (else the
 * engine's), once, bundled (loaded by Node instead, zod's CommonJS build took ~60 files and ~90 ms at
 * every start, React's ~20 ms); esbuild stays outside. A package the site imports but does not have
 * installed is an error naming the line to add.
 */
function sitePackages(siteDir) {
  const fromEngine = createRequire(join(ENGINE_ROOT, 'package.json'));
  const own = new RegExp(`^${ENGINE.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
  return {
    name: 'site-packages',
    setup(b) {
      b.onResolve({ filter: own }, () => ({ path: ENGINE.name, external: true }));
      b.onResolve({ filter: /^esbuild$/ }, () => ({ path: fromEngine.resolve('esbuild'), external: true }));
      // The engine renders with renderToStaticMarkup only: React DOM's legacy server renderer, without
      // the streaming one that react-dom/server also loads (~8 ms of every start). Where a React has
      // another layout, react-dom/server as it is.
      b.onResolve({ filter: /^react-dom\/server$/ }, async (args) => {
        if (args.pluginData === 'shared') return undefined;
        const found = await b.resolve('react-dom/package.json', { kind: 'import-statement', resolveDir: siteDir, importer: args.importer, pluginData: 'shared' });
        const dir = found.errors.length ? dirname(fromEngine.resolve('react-dom/package.json')) : dirname(found.path);
        const legacy = join(dir, 'cjs', `react-dom-server-legacy.node.${process.env.NODE_ENV === 'production' ? 'production' : 'development'}.js`);
        return existsSync(legacy) ? { path: legacy } : undefined;
      });
      // Resolved as an import wherever it is named (the entry's require too): a package with both
      // builds (zod) is then one copy, not its ES module for the site and its CommonJS for the engine.
      b.onResolve({ filter: SHARED_PACKAGES }, async (args) => {
        if (args.pluginData === 'shared') return undefined;
        for (const resolveDir of [siteDir, ENGINE_ROOT]) {
          const found = await b.resolve(args.path, { kind: 'import-statement', resolveDir, importer: args.importer, pluginData: 'shared' });
          if (!found.errors.length) return found;
        }
        return undefined; // esbuild reports it, with the importing file and line
      });
    },
  };
}

/** zod's index of its translations, `export { default as xx } from "./xx.js";` a line each. */
const ZOD_LOCALES = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const ZOD_LOCALE_LINE = /^export \{ default as (\w+) \} from "\.\/([\w-]+)\.js";$/;
/** How a CommonJS translation gives its function: as the module, or as its default. */
const CJS_EXPORT = /\b(module\.exports|exports\.default)\s*=/;
/** Whether a translation's CommonJS file is there and gives its function so. */
const givesLocale = (file) => {
  try {
    return CJS_EXPORT.test(readFileSync(file, 'utf8'));
  } catch {
    return false; // missing
  }
};

/**
 * zod's translations of its messages (z.locales.xx(), ~60 languages) are a quarter of what the site's
 * layer is compiled from, and cost each compile of it ~80 ms here (a template edit in dev too). They
 * are left out: z.locales gives each from the installed zod's CommonJS build when first called (which
 * then loads that build's util and core modules beside the bundled zod: the translations use only its
 * helpers, and zod keeps its configuration on globalThis, one for both). zod's default messages stay
 * in the bundle: its schemas import that translation themselves. Where the index is not the list of
 * lines it is today, or a translation's CommonJS file is missing or of another shape, it is bundled as it is.
 */
export const zodLocales = {
  name: 'zod-locales',
  setup(b) {
    const external = new Set();
    b.onLoad({ filter: ZOD_LOCALES }, (args) => {
      const lines = readFileSync(args.path, 'utf8').trim().split('\n');
      const locales = lines.map((line) => ZOD_LOCALE_LINE.exec(line.trim()));
      const files = locales.map((m) => m && join(dirname(args.path), `${m[2]}.cjs`));
      if (files.some((file) => !file || !givesLocale(file))) return undefined;
      for (const file of files) external.add(file);
      // Each locale a function that requires its file (evaluated then, once) and calls it: z.locales.xx()
      // gives what the bundled one would.
      const functions = files.map((file, i) => `function locale${i}(...args) { return made(require(${JSON.stringify(file)}))(...args); }`);
      const names = locales.map((m, i) => `locale${i} as ${m[1]}`);
      const contents = ["const made = (module) => (typeof module === 'function' ? module : module.default);", ...functions, `export { ${names.join(', ')} };`, ''].join('\n');
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
    b.onResolve({ filter: /\.cjs$/ }, (args) => (external.has(args.path) ? { path: args.path, external: true } : undefined));
  },
};

/**
 * Each module of the engine and the site keeps its source file's import.meta.url, so
 * `new URL('./x.ts', import.meta.url)` and paths to the site's files mean what they mean when the
 * sources run directly. (A plain text replacement: it would also rewrite those words inside a string.)
 * In a packed engine, an engine module's is its source file's in the installed package (src/ ships),
 * found from the bundle's own folder (lib/engine/) wherever it is installed.
 */
function sourceUrls({ packing = false, layer }) {
  const engineSources = join(ENGINE_ROOT, 'src');
  const loaderOf = (path) => (/\.[cm]?tsx$/.test(path) ? 'tsx' : /\.[cm]?ts$/.test(path) ? 'ts' : /x$/.test(path) ? 'jsx' : 'js');
  const urlOf = (path) => {
    if (!packing) return JSON.stringify(pathToFileURL(path).href);
    // Built-in modules by process.getBuiltinModule: a module may have a `require` of its own.
    return `(process.getBuiltinModule("node:url").pathToFileURL(process.getBuiltinModule("node:path").join(__dirname, ${JSON.stringify(relative(PACKED_ENGINE, path).split(sep).join('/'))})).href)`;
  };
  return {
    name: 'source-urls',
    setup(build) {
      const load = (args) => {
        const source = readFileSync(args.path, 'utf8');
        return { contents: source.replace(/\bimport\.meta\.url\b/g, urlOf(args.path)), loader: loaderOf(args.path) };
      };
      if (layer === 'site') {
        // The site's modules (any file outside node_modules; the engine is not in this layer).
        build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => (args.path.includes(`${sep}node_modules${sep}`) ? undefined : load(args)));
        return;
      }
      // The engine's modules that use it, found here: handing every file to a plugin cost ~150 ms a compile.
      const engineFiles = readdirSync(engineSources, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => /\bimport\.meta\.url\b/.test(readFileSync(file, 'utf8')));
      if (engineFiles.length) build.onLoad({ filter: new RegExp(`^(${engineFiles.map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`) }, load);
    },
  };
}

/**
 * Run at `npm pack` (scripts/build-lib.mjs): the engine layer into lib/engine/, so a site that
 * installs the package compiles only its own code. Its manifest records what it was bundled from
 * (packed.mjs), so an installed engine whose sources or packages differ compiles its own layer instead.
 */
export async function compileEngineForPack() {
  rmSync(PACKED_ENGINE, { recursive: true, force: true });
  const { build } = await import('esbuild');
  // No source maps: they would be two thirds of the package (1.1 of 1.7 MB compressed), and serve only
  // --debug's view of the engine's own frames (a message shows the site's frames, from the site's layer).
  const { packRecord } = await import('./packed.mjs');
  const { builds, entries } = engineBuild({ packing: true, maps: false });
  const inputs = mergedInputs(await runBuilds(build, builds, PACKED_ENGINE));
  writeFileSync(join(PACKED_ENGINE, 'manifest.json'), JSON.stringify({ ...bundleRecord(PACKED_ENGINE, entries), ...packRecord(ENGINE_ROOT, inputs) }));
}

/** The inputs of a layer's builds as one metafile's: a file both bundled has the imports either found in it. */
function mergedInputs(metafiles) {
  const merged = {};
  for (const { inputs } of metafiles) {
    for (const [file, input] of Object.entries(inputs)) {
      const seen = merged[file];
      merged[file] = seen ? { ...seen, imports: [...seen.imports, ...input.imports.filter((i) => !seen.imports.some((s) => s.path === i.path && s.kind === i.kind))] } : input;
    }
  }
  return merged;
}

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

/**
 * The compiled bundle of an engine entry (or of a site definition, in its layer), the SHA-256 its
 * bytes must have, and the entry's name in it (its path within the engine: what the engine bundle's start() takes).
 */
export function compiledBundle(dir, sourcePath) {
  let manifest = manifests.get(dir);
  // A packed engine's manifest is the package's own file (plain JSON); a compiled layer's in a cache is sealed.
  if (!manifest) {
    const file = join(dir, 'manifest.json');
    manifest = dir === PACKED_ENGINE ? JSON.parse(readFileSync(file, 'utf8')) : readSealedJson(file);
    if (!manifest) throw new Error(`${file} is not as it was written: delete ${dir} to have it compiled afresh`);
    manifests.set(dir, manifest);
  }
  const entry = relative(ENGINE_ROOT, resolve(sourcePath)).split(sep).join('/');
  const out = manifest.entries[entry] ?? manifest.entries[resolve(sourcePath)];
  if (!out) throw new Error(`${relative(process.cwd(), sourcePath)} is not compiled on its own: only the engine's entries are (the site definition is compiled into its own layer)`);
  return { file: join(dir, out), sha256: manifest.sha256?.[out] ?? '', entry };
}
