// Islands (Preact in place of React) and the stylesheet, by esbuild; cached with the hash of every input esbuild read.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { BuildOptions, Plugin } from 'esbuild';
import type { Bundle, BundledAsset } from '../site/plugin.ts';
import { ENGINE_ROOT } from '../files/about.ts';
import { cacheRoot, readSealed, sha256, writeSealed } from '../files/cache.ts';

// Its TypeScript, which the package carries too: the same input makes the same bundle, installed or not.
const REVIVER = join(ENGINE_ROOT, 'src/client/revive.ts');
const ENTRY = 'site-client-entry';


export interface BundleInput {
  /** The module exporting the site's islands as `islands`; a site without any has none. */
  islands?: URL;
  styles: URL;
  minify?: boolean;
  cacheDir?: string;
}

/** Preact (the JSX runtime, React aliased to preact/compat) resolves from the engine wherever the site is: sites need no Preact. */
const enginePreact: Plugin = {
  name: 'engine-preact',
  setup(b) {
    b.onResolve({ filter: /^preact(\/.*)?$/ }, (args) => {
      if (args.pluginData === 'from-engine') return undefined;
      // esbuild's own resolver (browser conditions, ES modules), from the engine's folder.
      return b.resolve(args.path, { resolveDir: ENGINE_ROOT, kind: args.kind, pluginData: 'from-engine' });
    });
  },
};

function clientEntry(islandsModule: string | undefined, resolveDir: string): Plugin {
  return {
    name: 'site-client-entry',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: ENTRY, namespace: ENTRY }));
      b.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({
        contents: islandsModule ? `import { revive } from ${JSON.stringify(REVIVER)};\nimport { islands } from ${JSON.stringify(islandsModule)};\nrevive(islands);\n` : `import { revive } from ${JSON.stringify(REVIVER)};\nrevive({});\n`,
        resolveDir,
        loader: 'ts',
      }));
    },
  };
}

export async function bundleAssets({ islands, styles, minify = true, cacheDir }: BundleInput): Promise<Bundle> {
  const stylesPath = fileURLToPath(styles);
  const islandsPath = islands ? fileURLToPath(islands) : undefined;
  const cacheFolder = cacheDir ?? join(cacheRoot(dirname(islandsPath ?? stylesPath)), 'bundle');
  const options: BuildOptions = {
    absWorkingDir: ENGINE_ROOT,
    entryPoints: { main: ENTRY, [basename(stylesPath, extname(stylesPath))]: stylesPath },
    bundle: true,
    minify,
    format: 'esm',
    target: ['es2022', 'safari15'],
    outdir: 'assets',
    entryNames: '[name]',
    write: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  };
  // esbuild's version is part of the key: another version may write other bytes from the same inputs.
  const esbuildVersion = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8')) as { version: string }).version;
  const cacheFile = join(cacheFolder, `${sha256(JSON.stringify({ esbuildVersion, options, islandsPath }))}.json`);
  const cached = readCache(cacheFile);
  if (cached) return cached;
  const { build } = await import('esbuild');
  const read = new Map<string, string>();
  const result = await build({ ...options, plugins: [clientEntry(islandsPath, dirname(islandsPath ?? stylesPath)), enginePreact, readInputs(read)], metafile: true });
  const find = (ext: string): BundledAsset => {
    const file = result.outputFiles!.find((f) => f.path.endsWith(ext))!;
    // Named by their bytes alone (esbuild's [hash] also covers input paths): the same name wherever the site lives.
    const name = file.path.split(/[\\/]/).pop()!.replace(/\.(js|css)$/, '');
    return { url: `/assets/${name}-${sha256(file.contents).slice(0, 8).toUpperCase()}${ext}`, contents: file.contents };
  };
  const bundle = { js: find('.js'), css: find('.css') };
  const inputs: Record<string, string> = {};
  for (const input of Object.keys(result.metafile.inputs).filter((f) => !f.startsWith(`${ENTRY}:`))) {
    const hash = read.get(resolve(ENGINE_ROOT, input));
    // Not read through readInputs (another plugin's namespace): no hash of what it was, so not kept.
    if (hash === undefined) return bundle;
    inputs[input] = hash;
  }
  const entry = (a: BundledAsset) => ({ url: a.url, contents: Buffer.from(a.contents).toString('base64') });
  writeSealed(cacheFile, JSON.stringify({ inputs, js: entry(bundle.js), css: entry(bundle.css) } satisfies CacheEntry));
  return bundle;
}

/** Hashes the bytes esbuild is given: hashed after bundling, a file rewritten in between (a formatter's second save in dev)
 * would be recorded with its new hash against the bundle of its old text. */
function readInputs(read: Map<string, string>): Plugin {
  return {
    name: 'client-inputs',
    setup(b) {
      b.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
        const contents = await readFile(args.path);
        read.set(args.path, sha256(contents));
        // The loader esbuild picks by the file's name, as when it reads the file itself.
        return { contents, loader: 'default' };
      });
    },
  };
}


interface CacheEntry {
  /** Every file the bundle was made from (relative to the engine's root) and its content hash. */
  inputs: Record<string, string>;
  js: CachedAsset;
  css: CachedAsset;
}

interface CachedAsset {
  url: string;
  /** base64 */
  contents: string;
}

/** The cached bundle when its file is as it was written and every input still has the content it was built from. */
function readCache(file: string): Bundle | undefined {
  const kept = readSealed(file);
  if (!kept) return undefined; // none yet, or damaged: bundle again
  try {
    const entry = JSON.parse(kept.toString('utf8')) as CacheEntry;
    for (const [input, hash] of Object.entries(entry.inputs)) if (sha256(readFileSync(resolve(ENGINE_ROOT, input))) !== hash) return undefined;
    const asset = (a: CachedAsset) => ({ url: a.url, contents: new Uint8Array(Buffer.from(a.contents, 'base64')) });
    return { js: asset(entry.js), css: asset(entry.css) };
  } catch {
    return undefined; // an input was removed: bundle again
  }
}
