// Run at `npm pack` (prepack): the engine's public contract (src/index.ts) compiled to one ES module,
// lib/index.js, so a plain Node program can import the package (its types are types/, from tsc).
// Every package the engine depends on or expects from the site (React, zod, sharp, …) stays an import:
// the site's own copies are used. In this checkout, which is never packed, `sitewright` means the
// sources (the "source" condition, which the npm scripts, vitest and the CLI's compile step use).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * Each engine module finds its neighbours from its own import.meta.url (../../package.json, the
 * client's reviver, the worker files): in the one bundle it means that module's own file in the
 * package's src/ (which ships), worked out from where lib/index.js is installed.
 */
const keepSourceUrls = {
  name: 'keep-source-urls',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.(ts|tsx|mjs)$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const url = `new URL(${JSON.stringify(`../${relative(root, args.path).split('\\').join('/')}`)}, import.meta.url).href`;
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.mjs') ? 'js' : 'ts';
      return { contents: source.replace(/\bimport\.meta\.url\b/g, url), loader };
    });
  },
};

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})].flatMap((name) => [name, `${name}/*`]);
await build({
  entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
  outfile: new URL('../lib/index.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [keepSourceUrls],
  // CommonJS packages bundled in (none today) would need require: give the module one.
  banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
});

// The engine's compiled layer (src/startup/compile.mjs): a site that installs the package compiles
// only its own code on its first build, not the engine's ~250 modules and their dependencies.
const { compileEngineForPack } = await import('../src/startup/compile.mjs');
await compileEngineForPack();
