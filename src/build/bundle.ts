// Bundles the site's islands with the engine's reviver (Preact in place of React: ~7 KB instead of
// ~69 KB gzip) and the site's stylesheet with esbuild: minified, content-hashed names, nothing
// written to disk here. A bundle is reused while none of its input files changed, so dev rebuilds
// and repeated builds in one process do not pay for esbuild again.
import { build, type Plugin } from 'esbuild';
import { statSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const engineRoot = fileURLToPath(new URL('../../', import.meta.url));
const REVIVER = fileURLToPath(new URL('../client/revive.ts', import.meta.url));
const ENTRY = 'site-client-entry';

export interface BundledAsset {
  /** Public URL, e.g. "/assets/main-3F2A1B.js". */
  url: string;
  contents: Uint8Array;
}

export interface Bundle {
  js: BundledAsset;
  css: BundledAsset;
}

export interface BundleInput {
  /** The module exporting the site's islands as `islands`. */
  islands: URL;
  styles: URL;
  minify?: boolean;
}

/** The client entry: the engine's reviver given the site's island registry. */
function clientEntry(islandsModule: string): Plugin {
  return {
    name: 'site-client-entry',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: ENTRY, namespace: ENTRY }));
      b.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({
        contents: `import { revive } from ${JSON.stringify(REVIVER)};\nimport { islands } from ${JSON.stringify(islandsModule)};\nrevive(islands);\n`,
        resolveDir: dirname(islandsModule),
        loader: 'ts',
      }));
    },
  };
}

const memo = new Map<string, { bundle: Bundle; inputs: [string, number][] }>();
const unchanged = (inputs: [string, number][]) => inputs.every(([file, mtime]) => {
  try {
    return statSync(file).mtimeMs === mtime;
  } catch {
    return false;
  }
});

export async function bundleAssets({ islands, styles, minify = true }: BundleInput): Promise<Bundle> {
  const key = `${islands.href}\n${styles.href}\n${minify}`;
  const known = memo.get(key);
  if (known && unchanged(known.inputs)) return known.bundle;
  const stylesPath = fileURLToPath(styles);
  const cssName = basename(stylesPath, extname(stylesPath));
  const result = await build({
    absWorkingDir: engineRoot,
    entryPoints: { main: ENTRY, [cssName]: stylesPath },
    plugins: [clientEntry(fileURLToPath(islands))],
    bundle: true,
    minify,
    format: 'esm',
    target: ['es2022', 'safari15'],
    outdir: 'assets',
    entryNames: '[name]-[hash]',
    write: false,
    metafile: true,
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
  });
  const find = (ext: string): BundledAsset => {
    const file = result.outputFiles.find((f) => f.path.endsWith(ext))!;
    return { url: `/assets/${file.path.split(/[\\/]/).pop()}`, contents: file.contents };
  };
  const bundle = { js: find('.js'), css: find('.css') };
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith(`${ENTRY}:`))
    .map((f) => resolve(engineRoot, f))
    .map((f): [string, number] => [f, statSync(f).mtimeMs]);
  memo.set(key, { bundle, inputs });
  return bundle;
}
