// Starts the CLI from its compiled output (see compile.mjs): compiles first when a source changed.
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { compile, compiledPath, ROOT } from './compile.mjs';

// A site definition other than the project's own (--site elsewhere) is not among the compiled
// sources: run everything from the sources through tsx, so engine and site share one module graph.
const site = siteOption(process.argv.slice(2));
if (site && resolve(site) !== join(ROOT, 'site.config.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, 'src/cli/main.ts')).href);
} else {
  await startCompiled();
}

async function startCompiled() {
const started = performance.now();
let result;
try {
  result = await compile();
} catch (error) {
  const what = Array.isArray(error?.errors) ? 'A template or source file does not compile' : 'The sources could not be compiled';
  console.error(`${failedWhat(process.argv.slice(2))} ${what}:\n\n${await describe(error)}`);
  process.exit(1);
}
if (process.env.SITE_TIMINGS) {
  console.error(`startup: ${result.compiled ? 'compiled the sources' : 'reused the compiled sources'} in ${Math.round(performance.now() - started)} ms`);
}
// Worker threads inherit the environment, and spawn.ts starts them from the same compiled output.
process.env.SITE_COMPILED_DIR = result.dir;
await import(pathToFileURL(compiledPath(result.dir, join(ROOT, 'src/cli/main.ts'))).href);
}

/** The value of --site, if given. */
function siteOption(args) {
  const i = args.findIndex((a) => a === '--site' || a.startsWith('--site='));
  if (i < 0) return undefined;
  return args[i].startsWith('--site=') ? args[i].slice(7) : args[i + 1];
}

/** Says what was left undone, like the CLI does when a module fails to load. */
function failedWhat(args) {
  if (args[0] !== 'build') return 'Could not start.';
  const i = args.findIndex((a) => a === '-o' || a === '--out' || a.startsWith('--out='));
  const out = i < 0 ? 'dist' : args[i].startsWith('--out=') ? args[i].slice(6) : args[i + 1];
  return `Build failed; ${out}/ was left as it was.`;
}

/** esbuild's errors with file, line and the offending code; any other error as it is. */
async function describe(error) {
  if (!Array.isArray(error?.errors) || error.errors.length === 0) return error?.stack ?? String(error);
  const { formatMessages } = await import('esbuild');
  return (await formatMessages(error.errors, { kind: 'error', color: false })).join('\n').trimEnd();
}
