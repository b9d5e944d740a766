// The command line: build, serve and dev.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';

// Each command loads its own modules when it runs, so `build` never loads the servers' code. A
// template or source file that does not compile fails here: say which, without a loader stack.
type Action<T> = (opts: T) => Promise<void>;
const lazy = <T>(load: () => Promise<Action<T>>) => async (opts: T) => {
  let action: Action<T>;
  try {
    action = await load();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const out = (opts as { out?: string }).out;
    console.error(`${out ? `Build failed; ${out}/ was left as it was.` : 'Could not start.'} A template or source file does not compile:\n\n${message}`);
    process.exitCode = 1;
    return;
  }
  try {
    await action(opts);
  } catch (error) {
    // A mistake in the command line is told in a sentence; anything else is a bug and keeps its stack.
    if (!(error instanceof Error && error.name === 'UsageError')) throw error;
    console.error(`site: ${error.message}`);
    process.exitCode = 2;
  }
};
const runBuild = lazy(async () => (await import('./commands/build.ts')).runBuild);
const runServe = lazy(async () => (await import('./commands/serve.ts')).runServe);
const runDev = lazy(async () => (await import('./commands/dev.ts')).runDev);

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command()
  .name('site')
  .version(version, '-V, --version', 'print the version')
  .description('Builds a site from its definition (site.config.ts), content/ and templates/ into static files, previews it, and rebuilds on change.')
  .showHelpAfterError('(add --help for the options)');

const port = (fallback: string) => new Option('-p, --port <number>', 'port to listen on').default(fallback).argParser((v) => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`--port expects a number from 0 to 65535 (0 picks a free one), got "${v}".`);
  return String(n);
});

const baseUrl = (v: string) => {
  let url: URL | undefined;
  try {
    url = new URL(v);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw new InvalidArgumentError(`--base-url expects an absolute http(s) URL like https://www.example.org, got "${v}".`);
  return v;
};

// The project's own site definition, wherever the command is run from.
const PROJECT_SITE = fileURLToPath(new URL('../../site.config.ts', import.meta.url));
const siteOption = () => new Option('--site <file>', 'the site definition module').default(PROJECT_SITE, 'site.config.ts in the project');

program
  .command('build')
  .description('build every page of every locale into the output folder')
  .addOption(siteOption())
  .option('-c, --content <dir>', 'content folder', 'content')
  .option('-o, --out <dir>', 'output folder', 'dist')
  .option('-s, --static <dir>', 'static files copied as they are', 'static')
  .addOption(new Option('-b, --base-url <url>', 'production origin for canonical URLs, sitemap and social cards (overrides content/site.yaml)').argParser(baseUrl))
  .option('--strict', 'fail on warnings: placeholder values the site lists, files of static/ left out', false)
  .option('--empty-out-dir', 'replace an output folder that holds files this tool did not write (it has no .site-output marker)', false)
  .action(runBuild);

program
  .command('serve')
  .description('preview the built site: precompressed files, cache headers, per-locale 404 pages')
  .addOption(port('8080'))
  .option('-H, --host <host>', 'interface to listen on', '127.0.0.1')
  .option('-d, --dir <dir>', 'folder to serve', 'dist')
  .action(runServe);

program
  .command('dev')
  .description("build, serve and rebuild on every change to content/, static/ or the site's code, reloading open pages")
  .addOption(siteOption())
  .addOption(port('3000'))
  .option('-H, --host <host>', 'interface to listen on', '127.0.0.1')
  .option('-c, --content <dir>', 'content folder', 'content')
  .option('-s, --static <dir>', 'static files', 'static')
  .option('-o, --out <dir>', 'output folder for the dev build', '.site-dev')
  .option('--empty-out-dir', 'replace an output folder that holds files this tool did not write', false)
  .action(runDev);

await program.parseAsync();
