// Bundles the island reviver (Preact in place of React: ~7 KB instead of ~69 KB gzip) and the
// stylesheet with esbuild: minified, content-hashed names. The result is cached under the hash of
// every input file esbuild read, so an unchanged client costs a few file reads and no esbuild start.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface BundledAsset {
  /** Public URL, e.g. "/assets/main-3F2A1B.js". */
  url: string;
  contents: Uint8Array;
}

export interface Bundle {
  js: BundledAsset;
  css: BundledAsset;
}

export async function bundleAssets({ minify = true, cacheDir = join(root, 'node_modules/.cache/site/bundle') } = {}): Promise<Bundle> {
  const options: BuildOptions = {
    absWorkingDir: root,
    entryPoints: { main: 'src/client/main.ts', site: 'templates/styles/site.css' },
    bundle: true,
    minify,
    format: 'esm',
    target: ['es2022', 'safari15'],
    outdir: 'assets',
    entryNames: '[name]-[hash]',
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
  const esbuildVersion = (JSON.parse(readFileSync(join(root, 'node_modules/esbuild/package.json'), 'utf8')) as { version: string }).version;
  const cacheFile = join(cacheDir, `${sha256(JSON.stringify({ esbuildVersion, options }))}.json`);
  const cached = readCache(cacheFile);
  if (cached) return cached;
  const { build } = await import('esbuild');
  const result = await build({ ...options, metafile: true });
  const find = (ext: string): BundledAsset => {
    const file = result.outputFiles!.find((f) => f.path.endsWith(ext))!;
    return { url: `/assets/${file.path.split(/[\\/]/).pop()}`, contents: file.contents };
  };
  const bundle = { js: find('.js'), css: find('.css') };
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((f) => [f, sha256(readFileSync(join(root, f)))]));
  writeCache(cacheFile, { inputs, js: { url: bundle.js.url, contents: Buffer.from(bundle.js.contents).toString('base64') }, css: { url: bundle.css.url, contents: Buffer.from(bundle.css.contents).toString('base64') } });
  return bundle;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

interface CacheEntry {
  /** Every file the bundle was made from (relative to the root) and its content hash. */
  inputs: Record<string, string>;
  js: { url: string; contents: string };
  css: { url: string; contents: string };
}

/** The cached bundle when every input still has the content it was built from. */
function readCache(file: string): Bundle | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as CacheEntry;
    for (const [input, hash] of Object.entries(entry.inputs)) if (sha256(readFileSync(join(root, input))) !== hash) return undefined;
    const asset = (a: CacheEntry['js']) => ({ url: a.url, contents: new Uint8Array(Buffer.from(a.contents, 'base64')) });
    return { js: asset(entry.js), css: asset(entry.css) };
  } catch {
    return undefined; // no cache yet, an input was removed, or a damaged file: bundle again
  }
}

/** Written then renamed, so a concurrent build never reads half a file. */
function writeCache(file: string, entry: CacheEntry): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(entry));
  renameSync(temp, file);
}
