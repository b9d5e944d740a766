// node scripts/tool.mjs <audit|mutate>: installs a developer tool that CI and a fresh clone never run
// (Lighthouse, Stryker) into tools/<name>/node_modules from its own lockfile, the first time it is
// used and again when its lockfile, package.json or .npmrc changes. In the project's dependencies,
// they made every `npm ci` install 272 more packages (~160 MB, ~11 s of a 33 s install here).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOLS = fileURLToPath(new URL('../tools/', import.meta.url));
const name = process.argv[2];
if (!name || !/^[a-z]+$/.test(name) || !existsSync(join(TOOLS, name, 'package.json'))) {
  // The name as typed, quoted as JSON: a control character in it is shown escaped, never run by the terminal.
  console.error(`scripts/tool.mjs: no tool ${JSON.stringify(name ?? '')} in tools/ (one of the folders there, e.g. audit or mutate)`);
  process.exit(2);
}
const folder = join(TOOLS, name);
// What an install is made from: the lockfile, the tool's package.json and its npm settings (.npmrc).
const hash = createHash('sha256');
for (const file of ['package-lock.json', 'package.json', '.npmrc']) hash.update(`${file}\0`).update(existsSync(join(folder, file)) ? readFileSync(join(folder, file)) : '');
const wanted = hash.digest('hex');
// What the last install was made from, kept inside what it installed (a new node_modules has none).
const stamp = join(folder, 'node_modules', '.installed-from-lock');
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
if (installed !== wanted) {
  console.error(`Installing ${name}'s tools into tools/${name}/ (npm ci there; once, and again when its lockfile, package.json or .npmrc changes)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit', shell: process.platform === 'win32' });
  if (run.status !== 0) {
    console.error(`Could not install ${name}'s tools (npm ci in tools/${name}/ ended with ${run.status ?? run.signal}); nothing was run.`);
    process.exit(1);
  }
  mkdirSync(join(folder, 'node_modules'), { recursive: true }); // a tool of no packages has none
  writeFileSync(stamp, wanted);
}
