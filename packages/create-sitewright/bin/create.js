#!/usr/bin/env node
// `npm create sitewright@latest my-site`: runs the engine's own `site init my-site` (the starter, a
// package.json, and the engine as a file in the site's vendor/ folder or, with --engine registry, a
// version range), so there is one way a site is started, whichever command starts it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
if (!args.length || args.includes('--help') || args.includes('-h')) {
  console.log('Usage: npm create sitewright@latest <folder> [-- --engine vendor|registry]\n\nStarts a new site in <folder> (it must be empty, or not exist): the same as `npx site init <folder>`.');
  process.exit(args.length ? 0 : 2);
}
const engine = dirname(createRequire(import.meta.url).resolve('sitewright/package.json'));
const run = spawnSync(process.execPath, [join(engine, 'bin', 'site'), 'init', ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
