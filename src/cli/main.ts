// The command line: init, build, check, stage, serve and dev.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { inertLines } from '../problems/inert.ts';
import { DEFAULT_SITE_FILE, ENGINE } from '../files/about.ts';
import type { Encoding } from '../site/definition.ts';

// Each command loads its modules when it runs: `build` never loads the servers, `--help` none of the engine.
type Action<T> = (opts: T, args: string[]) => Promise<void>;
const lazy = <T>(load: () => Promise<Action<T>>) => async (...received: unknown[]) => {
  // commander passes the positional arguments first, then the options, then the command.
  const opts = received.at(-2) as T;
  const args = received.slice(0, -2) as string[];
  const action = await load();
  try {
    await action(opts, args);
  } catch (error) {
    // A mistake in the command line is told in a sentence; anything else is a bug and keeps its stack.
    if (!(error instanceof Error && error.name === 'UsageError')) {
      if (error instanceof Error && error.stack) error.stack = (await import('../loader/stack.ts')).mappedStack(error.stack);
      throw error;
    }
    console.error(`site: ${inertLines(error.message)}`);
    process.exitCode = 2;
  } finally {
    // A cache folder refused (another user's, or writable by others) is told, or every run would be slow unexplained.
    const { refusalTold, untrustedCaches } = await import('../files/cache.ts');
    for (const refused of untrustedCaches) console.error(`site: ${refusalTold(refused)}`);
  }
};
const runInit = lazy(async () => (await import('./commands/init.ts')).runInit);
const runBuild = lazy(async () => (await import('./commands/build.ts')).runBuild);
const runServe = lazy(async () => (await import('./commands/serve.ts')).runServe);
const runDev = lazy(async () => (await import('./commands/dev.ts')).runDev);
const runStage = lazy(async () => (await import('./commands/stage.ts')).runStage);
const runCheck = lazy(async () => (await import('./commands/check.ts')).runCheck);

const program = new Command()
  .name('site')
  .version(ENGINE.version, '-v, --version', 'print the version')
  .description(`Builds a static site from its definition (${DEFAULT_SITE_FILE}) and content into plain files, previews it, and rebuilds it on every change. Paths default to folders beside the site definition.`)
  .showHelpAfterError('(add --help for the options)')
  .addHelpText('after', `
Exit codes:
  0  success
  1  the site has problems: content, templates, links, budgets, placeholders under --strict
  2  the command was used wrongly, or the environment is wrong: flags, paths, ports, permissions, a full disk`)
  // commander's own refusals (an unknown option, a bad --port) are mistakes in the command: exit 2.
  .exitOverride()
  // They echo what was typed: control characters escaped, never run by the terminal.
  .configureOutput({ outputError: (text, write) => write(inertLines(text)) });

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

/** A day stays a day: the build takes it in the site's time zone. A date-time names its zone. */
const moment = (v: string): Date | string => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v; // its calendar checked by the build (lifecycle.ts)
  const date = new Date(v);
  if (Number.isNaN(date.getTime()) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(v)) throw new InvalidArgumentError(`--now expects a day like 2026-12-24 or a date-time with its zone like 2026-12-24T09:00:00-05:00, got "${v}".`);
  return date;
};

const encodingList = (v: string) => {
  const list = v === 'none' ? [] : v.split(',').map((e) => e.trim());
  const wrong = list.filter((e) => e !== 'br' && e !== 'gzip');
  if (wrong.length || !v) throw new InvalidArgumentError(`--precompress expects br, gzip, br,gzip or none, got "${v}".`);
  return list as Encoding[];
};

const siteOption = () => new Option('--site <file>', `the site definition (default: ${DEFAULT_SITE_FILE} here or in a folder above)`);

program
  .command('init')
  .description('start a new site in a folder: a definition, templates, content in two languages, an island')
  .argument('<dir>', 'the folder to create (it must be empty, or not exist)')
  .option('--force', 'write into a folder that is not empty (existing files are never overwritten)', false)
  .addOption(new Option('--engine <where>', "how the site depends on the engine: vendor (a copy of this engine in the site's vendor/ folder, installed from there) or registry (a version range from the npm registry, once the engine is published there)").choices(['vendor', 'registry']).default('vendor'))
  .action(runInit);

program
  .command('build')
  .description('build every page of every locale into the output folder')
  .addOption(siteOption())
  .option('-c, --content <dir>', 'content folder (default: content/ beside the site definition)')
  .option('-o, --out <dir>', 'output folder (default: dist/ beside the site definition)')
  .option('-s, --static <dir>', 'static files copied as they are (default: static/ beside the site definition)')
  .addOption(new Option('-b, --base-url <url>', "production origin for canonical URLs, sitemap and social cards (overrides the site's own)").argParser(baseUrl))
  .option('--strict', 'fail on warnings: placeholder values the site lists, files of static/ left out', false)
  .option('--empty-out-dir', 'replace an output folder that holds files this tool did not write (it has no .site-output marker)', false)
  .option('--no-compress', 'write no .br and .gz twins, whatever the site says (like-for-like benchmarks)')
  .addOption(new Option('--precompress <encodings>', 'the .br/.gz twins to write: br, gzip, br,gzip or none (default: the site\'s output.precompress, else br for hosts that send twins, nginx and Caddy; none for those that compress as they serve)').argParser(encodingList))
  .option('--report <file>', 'write every problem and warning as JSON to this file (the terminal shows the first 20 of each kind)')
  .addOption(new Option('--now <when>', 'build as of another moment: entries published then, the sitemap\'s lastmod and the copyright year (a day like 2026-12-24, that day in the site\'s time zone, or a date-time with its zone)').argParser(moment))
  .option('-q, --quiet', 'print errors only', false)
  .option('--debug', "show whole stack traces, the engine's frames included", false)
  .action(runBuild);

program
  .command('check')
  .description("type-check the site's code (definition, templates, plugins) with its tsconfig.json: run it in CI before build, which does not check types")
  .addOption(siteOption())
  .action(runCheck);

program
  .command('stage')
  .description("copy what the host should get from the last build into a folder: no engine records, twins only for a host that sends them; for nginx and Caddy, their configuration beside it")
  .argument('<folder>', 'a new folder (or an earlier stage): the files go to <folder>/site/')
  .option('-o, --out <dir>', 'the build to stage (default: dist/ beside the site definition, or ./dist)')
  .option('--host <host>', 'another host than the site is built for: cloudflare-pages, netlify, github-pages, nginx, caddy')
  .option('--root <dir>', 'nginx, Caddy: where the published folder will be on the server (default: where it is staged)')
  .option('--listen <address>', 'nginx, Caddy: the port or address:port to listen on', '8080')
  .action(runStage);

program
  .command('serve')
  .description('preview a built site as a static host serves it: its _headers, precompressed files, per-locale 404 pages')
  .addOption(port('8080'))
  .option('-H, --host <host>', 'interface to listen on', '127.0.0.1')
  .option('-d, --dir <dir>', 'folder to serve (default: dist/ beside the site definition, or ./dist)')
  .action(runServe);

program
  .command('dev')
  .description("build, serve and rebuild on every change to the content, static files or the site's code, reloading open pages")
  .addOption(siteOption())
  .addOption(port('3000'))
  .option('-H, --host <host>', 'interface to listen on', '127.0.0.1')
  .option('-c, --content <dir>', 'content folder (default: content/ beside the site definition)')
  .option('-s, --static <dir>', 'static files (default: static/ beside the site definition)')
  .option('-o, --out <dir>', 'output folder for the dev build (default: .site-dev/ beside the site definition)')
  .option('--drafts', 'show entries marked draft: true (never built by build)', false)
  .addOption(new Option('--now <when>', 'show the site as of another moment, as build --now builds it (a day like 2026-12-24, or a date-time with its zone)').argParser(moment))
  .option('--allowed-host <name...>', 'answer requests for this host name too (localhost names and IP addresses always are; ".example.test" allows its subdomains)')
  .option('--empty-out-dir', 'replace an output folder that holds files this tool did not write', false)
  .option('--debug', "show whole stack traces, the engine's frames included", false)
  .action(runDev);

// -V (the first releases' spelling) still prints the version.
program.parseAsync(process.argv.map((arg, i) => (i === 2 && arg === '-V' ? '-v' : arg))).catch((error: unknown) => {
  if (!(error instanceof CommanderError)) throw error;
  // Help and the version end well; anything else commander refused is a mistake in the command.
  process.exitCode = error.exitCode === 0 ? 0 : 2;
});
