// Run at `npm pack` (prepack): the engine compiled for the package, one JavaScript module per source
// file in lib/ (relative imports renamed .ts → .js) and its declarations in types/, so an installed
// engine runs on plain Node, which strips no types inside node_modules. A checkout runs src/ as it is.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// --noCheck: `npm run typecheck` and the tests check the types; packing only emits.
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.lib.json', '--noCheck'], { cwd: root, stdio: 'inherit' });
