// Starts the CLI from its compiled output (see compile.mjs), compiling first when a source changed.
// For `build` and `dev` the site definition is compiled with the engine: --site, or the default
// definition file (engine.mjs) in the current folder or the nearest folder above it.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile, compiledPath, ENGINE_ENTRIES } from './compile.mjs';
import { ENGINE_ROOT, findSite } from './engine.mjs';

const args = process.argv.slice(2);
const started = performance.now();
const needsSite = ['build', 'dev'].includes(args[0] ?? '') && !args.includes('--help') && !args.includes('-h');
const site = needsSite ? siteOption(args) ?? findSite(process.cwd()) : undefined;
let result;
try {
  // A --site that does not exist is the CLI's to report, in a sentence.
  result = await compile({ site: site && existsQuiet(site) ? site : undefined });
} catch (error) {
  const what = Array.isArray(error?.errors) ? 'A template or source file does not compile' : 'The sources could not be compiled';
  console.error(`${failedWhat(args)} ${what}:\n\n${await describe(error)}`);
  process.exit(1);
}
if (process.env.SITE_TIMINGS) {
  console.error(`startup: ${result.compiled ? 'compiled the sources' : 'reused the compiled sources'} in ${Math.round(performance.now() - started)} ms`);
}
// Worker threads inherit the environment, and spawn.ts starts them from the same compiled output.
process.env.SITE_COMPILED_DIR = result.dir;
if (site) process.env.SITE_DEFINITION_FILE = resolve(site);
await import(pathToFileURL(compiledPath(result.dir, resolve(ENGINE_ROOT, ENGINE_ENTRIES['engine-cli']))).href);

function existsQuiet(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The value of --site, if given. */
function siteOption(list) {
  const i = list.findIndex((a) => a === '--site' || a.startsWith('--site='));
  if (i < 0) return undefined;
  return list[i].startsWith('--site=') ? list[i].slice(7) : list[i + 1];
}

/** Says what was left undone, like the CLI does when a module fails to load. */
function failedWhat(list) {
  if (list[0] !== 'build') return 'Could not start.';
  return 'Build failed; nothing was written.';
}

/**
 * esbuild's errors with file, line and the offending code; a package the site imports but has not
 * installed, with the command that installs it; any other error as it is.
 */
async function describe(error) {
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
