// The launcher (src/startup/): bin/site runs the compiled sources, recompiles when a source file
// changes (never stale code), reuses the cache otherwise, reports a source that does not compile, and
// runs worker threads and dev's fresh build worker from the compiled output. On a scratch copy of
// the project with its own compile cache, so the real sources and cache are left alone. In the slow
// set: it compiles the engine from cold about a dozen times, and builds 470 pages.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench.ts';
import { FIXTURE, ROOT } from './helpers/fixtures.ts';
import { startDev } from './helpers/dev.ts';

let dir: string;
const cache = () => join(dir, '.compiled');
const env = () => ({ ...process.env, SITE_COMPILE_CACHE: cache(), SITE_TIMINGS: '1', SITE_NO_COMPILE: '' });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-startup-'));
  for (const entry of ['bin', 'src', 'templates', 'content', 'static', 'site.config.ts', 'package.json']) await cp(join(ROOT, entry), join(dir, entry), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the scratch copy's bin/site; resolves with its exit code and output even when it fails. */
async function site(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return siteIn(dir, ...args);
}

async function siteIn(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join(dir, 'bin/site'), args, { cwd, env: env() });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function edit(rel: string, change: (text: string) => string): Promise<void> {
  const path = join(dir, rel);
  await writeFile(path, change(await readFile(path, 'utf8')));
}

describe('launcher', () => {
  it("compiles on the first start, reuses the cache on the next, and recompiles after a source edit: an engine edit the engine's layer, a template edit the site's only", async () => {
    const first = await site('--help');
    expect(first.stderr).toContain('startup: compiled the sources');
    const second = await site('--help');
    expect(second.stderr).toContain('startup: reused the compiled sources');
    // One folder per layer and location (the engine's; a site's), holding one version per set of sources.
    const versions = async (layer: 'engine' | 'site') => {
      const locations = (await readdir(cache())).filter((name) => name.startsWith(`${layer}-`));
      expect(locations.length).toBeLessThanOrEqual(1);
      return locations.length ? (await readdir(join(cache(), locations[0]!), { withFileTypes: true })).filter((e) => e.isDirectory()).length : 0;
    };
    expect([await versions('engine'), await versions('site')]).toEqual([1, 0]); // --help needs no site

    await edit('src/cli/main.ts', (t) => t.replace('Builds a static site from its definition', 'Builds an edited site from its definition'));
    const third = await site('--help');
    expect(third.stderr).toContain('startup: compiled the sources');
    expect(third.stdout).toContain('Builds an edited site from its definition');
    expect([await versions('engine'), await versions('site')]).toEqual([2, 0]);

    const out = join(dir, 'dist-layers');
    expect((await site('build', '-o', out)).code).toBe(0);
    expect([await versions('engine'), await versions('site')]).toEqual([2, 1]);
    await edit('templates/layout/Layout.tsx', (t) => t.replace('<main id="main"', '<main data-layer="site" id="main"'));
    try {
      const edited = await site('build', '-o', out);
      expect(edited.stderr).toContain('startup: compiled the sources');
      expect(await readFile(join(out, 'index.html'), 'utf8')).toContain('<main data-layer="site" id="main"');
      expect([await versions('engine'), await versions('site')]).toEqual([2, 2]);
    } finally {
      await edit('templates/layout/Layout.tsx', (t) => t.replace('<main data-layer="site" id="main"', '<main id="main"'));
    }
  });

  it('reports a template that does not compile with its file and line, and leaves the output alone', async () => {
    let line = 0;
    await edit('templates/layout/Layout.tsx', (t) => {
      line = t.split('\n').findIndex((l) => l.includes('<main id="main"')) + 1;
      return t.replace('<main id="main"', '<main id="main" {');
    });
    try {
      const result = await site('build', '--out', join(dir, 'out'));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Build failed; nothing was written. A template or source file does not compile:');
      expect(result.stderr).toContain('[ERROR] Expected "..." but found "tabIndex"');
      expect(result.stderr).toContain(`templates/layout/Layout.tsx:${line}:24:`);
    } finally {
      await edit('templates/layout/Layout.tsx', (t) => t.replace('<main id="main" {', '<main id="main"'));
    }
  });

  it('builds a site from any folder, with its own content and static files, whatever tsconfig.json that folder has', async () => {
    await writeFile(join(tmpdir(), 'tsconfig.json'), '{ "compilerOptions": { "jsx": "react" } }').catch(() => undefined);
    const result = await siteIn(tmpdir(), 'build', '--site', join(dir, 'site.config.ts'), '-o', join(dir, 'elsewhere'));
    await rm(join(tmpdir(), 'tsconfig.json'), { force: true });
    expect(result.stdout).toMatch(/^Built \d+ pages/m);
    expect(result.code).toBe(0);
    expect(await readFile(join(dir, 'elsewhere', 'favicon.svg'), 'utf8')).toBe(await readFile(join(dir, 'static', 'favicon.svg'), 'utf8'));
  });

  it('builds a site copied out of the checkout with no package.json, node_modules or tsconfig.json of its own', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'site-elsewhere-'));
    try {
      await cp(FIXTURE, copy, { recursive: true });
      const result = await siteIn(copy, 'build');
      expect(result.stderr).not.toMatch(/ERR_REQUIRE_CYCLE_MODULE|React is not defined|Cannot find package/);
      expect(result.stdout).toMatch(/^Built \d+ pages into dist \(fr: \d+, en: \d+, de: \d+\)/m);
      expect(result.code).toBe(0);

      // A package the site imports that is installed nowhere it can be found: the file, the line, and the command.
      const absent = 'left-pad-never-installed'; // written into the copy's template, installed nowhere
      // The template's text, written out: this test file itself imports nothing by that name.
      const statement = ['import', 'pad', 'from', `'${absent}';`].join(' ');
      await writeFile(join(copy, 'templates/extra.ts'), `${statement}\nexport const padded = pad('1', 3);\n`);
      await writeFile(join(copy, 'site.config.ts'), `import './templates/extra.ts';\n${await readFile(join(copy, 'site.config.ts'), 'utf8')}`);
      const missing = await siteIn(copy, 'build');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`"${absent}" is not installed for this site`);
      expect(missing.stderr).toContain('templates/extra.ts:1:16');
      expect(missing.stderr).toContain(`npm install ${absent}`);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('keeps the V8 code cache of a whole build beside the compiled CLI, and starts cold from a damaged one', async () => {
    const out = join(dir, 'dist-code-cache');
    const first = await site('build', '-o', out);
    expect(first.stderr).toMatch(/startup: code cache of the engine (none|used)/);
    const built = await readFile(join(out, 'index.html'), 'utf8');
    const second = await site('build', '-o', out);
    expect(second.stderr).toContain('startup: code cache of the engine used');
    // Damaged in the middle, its length unchanged: never handed to V8, the build as before, the cache written again.
    // (Every kept cache of the engine's layer: the CLI's bundle's, which --help above kept too, and the engine's.)
    const kept = async () => (await readdir(cache(), { recursive: true })).filter((f) => /(cli|engine)\.cjs\.v8cache$/.test(f));
    for (const file of await kept()) {
      const bytes = await readFile(join(cache(), file));
      bytes.fill(0x5a, bytes.length >> 1, (bytes.length >> 1) + 64);
      await writeFile(join(cache(), file), bytes);
    }
    expect((await kept()).length).toBeGreaterThanOrEqual(2);
    const damaged = await site('build', '-o', out);
    expect(damaged.code).toBe(0);
    expect(damaged.stderr).toContain('startup: code cache of the CLI none');
    expect(damaged.stderr).toContain('startup: code cache of the engine none');
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe(built);
    expect((await site('build', '-o', out)).stderr).toContain('startup: code cache of the engine used');
    // A failed build keeps no cache: it would hold little of what a build runs.
    for (const file of await kept()) await rm(join(cache(), file));
    await edit('content/en/ui.yaml', (t) => `${t}\nnot valid: [yaml`);
    try {
      expect((await site('build', '-o', out)).code).toBe(1);
      expect(await kept()).toEqual([]);
    } finally {
      await edit('content/en/ui.yaml', (t) => t.replace('\nnot valid: [yaml', ''));
    }
  });

  it('never runs a compiled bundle whose bytes are not the ones compiled: it compiles again', async () => {
    const out = join(dir, 'dist-tampered');
    expect((await site('build', '-o', out)).code).toBe(0);
    const bundles = (await readdir(cache(), { recursive: true })).filter((f) => f.endsWith('engine.cjs'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const file of bundles) await writeFile(join(cache(), file), `${await readFile(join(cache(), file), 'utf8')}\nconsole.log('PLANTED CODE RAN');\n`);
    // The CLI's own bundle answers --help without reading the engine's: nothing is said of it, nor run.
    const help = await site('--help');
    expect(help.stdout).toContain('Usage: site [options] [command]');
    expect(help.stdout + help.stderr).not.toMatch(/PLANTED CODE RAN|engine\.cjs/);
    const run = await site('build', '-o', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('PLANTED CODE RAN');
    expect(run.stderr).toMatch(/engine\.cjs is not the bundle that was compiled \(its SHA-256 differs\): it is not run\. Delete \S+ to have it compiled afresh; compiling again\./);
    expect((await site('build', '-o', out)).stdout).not.toContain('PLANTED CODE RAN');

    // The CLI's own bundle, which every start runs, is checked the same way.
    const clis = (await readdir(cache(), { recursive: true })).filter((f) => f.endsWith('cli.cjs'));
    expect(clis.length).toBeGreaterThan(0);
    for (const file of clis) await writeFile(join(cache(), file), `${await readFile(join(cache(), file), 'utf8')}\nconsole.log('PLANTED CODE RAN');\n`);
    const helped = await site('--help');
    expect(helped.code, helped.stderr).toBe(0);
    expect(helped.stdout).toContain('Usage: site [options] [command]');
    expect(helped.stdout).not.toContain('PLANTED CODE RAN');
    expect(helped.stderr).toMatch(/cli\.cjs is not the bundle that was compiled \(its SHA-256 differs\): it is not run\. Delete \S+ to have it compiled afresh; compiling again\./);
  });

  it("says what became of a start whose engine bundle was refused and could not be compiled again, and exits as a build that does not compile", async () => {
    const out = join(dir, 'dist-refused');
    // A source given a time in whole seconds, and compiled so: a time the edit below can give back exactly.
    const source = join(dir, 'src/cli/commands/serve.ts');
    const when = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await utimes(source, when, when);
    expect((await site('build', '-o', out)).code).toBe(0);
    for (const file of (await readdir(cache(), { recursive: true })).filter((f) => f.endsWith('engine.cjs'))) await writeFile(join(cache(), file), `${await readFile(join(cache(), file), 'utf8')}\n// changed\n`);
    // A source changed without a change of size or time (its compiled layer is still taken as current): read when it is compiled again.
    const text = await readFile(source, 'utf8');
    await writeFile(source, text.replace('export ', 'expor t'));
    await utimes(source, when, when);
    try {
      const result = await site('build', '-o', out);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/engine\.cjs is not the bundle that was compiled .*; compiling again\./);
      expect(result.stderr).toContain('Could not start: a template or source file does not compile:');
      expect(result.stderr).toContain('src/cli/commands/serve.ts:');
    } finally {
      await writeFile(source, text);
    }
    expect((await site('build', '-o', out)).code).toBe(0);
  });

  it("answers --help and --version from the CLI's own bundle: no engine module, no child_process or worker_threads loaded", async () => {
    expect((await site('--help')).code).toBe(0); // compiled first, if a test before changed a source (a compile starts esbuild's process)
    const probe = join(dir, 'loaded-builtins.cjs');
    await writeFile(probe, "process.on('exit', () => process.stderr.write('builtins: ' + process.moduleLoadList.join('|') + '\\n'));\n");
    for (const flag of ['--help', '--version']) {
      const { stdout, stderr } = await promisify(execFile)(join(dir, 'bin/site'), [flag], { cwd: dir, env: { ...env(), NODE_OPTIONS: `--require ${probe}` } });
      expect(stdout).toMatch(flag === '--help' ? /^Usage: site/ : /^\d+\.\d+\.\d+/);
      expect(stderr).toContain('startup: code cache of the CLI');
      expect(stderr).not.toContain('startup: code cache of the engine');
      const builtins = /^builtins: (.*)$/m.exec(stderr)![1]!.split('|');
      expect(builtins).toContain('NativeModule vm'); // the probe sees the launcher's modules
      expect(builtins.filter((m) => /^NativeModule (child_process|worker_threads)$/.test(m))).toEqual([]);
    }
  });

  it("refuses to compile a CLI whose bundle would hold a copy of the engine's modules", async () => {
    await edit('src/cli/main.ts', (t) => `import { build as buildSite } from '../pipeline/build.ts';\nvoid buildSite;\n${t}`);
    try {
      const result = await site('--help');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("the CLI's bundle would hold engine sources that are not in CLI_SOURCES (src/cli/main.ts imports src/pipeline/build.ts)");
      expect(result.stderr).toContain('through src/cli/modules.ts');
    } finally {
      await edit('src/cli/main.ts', (t) => t.replace("import { build as buildSite } from '../pipeline/build.ts';\nvoid buildSite;\n", ''));
    }
  });

  it('loads React from its compiled bundle, and never esprima, which js-yaml would use to build functions from YAML text', async () => {
    // Listed at exit: every CommonJS module Node loaded (the compiled bundle holds the rest).
    const probe = join(dir, 'loaded-modules.cjs');
    await writeFile(probe, "process.on('exit', () => process.stderr.write('loaded: ' + Object.keys(require.cache).join(' ') + '\\n'));\n");
    const { stdout, stderr } = await promisify(execFile)(join(dir, 'bin/site'), ['build', '-o', join(dir, 'dist-probe')], { cwd: dir, env: { ...env(), NODE_OPTIONS: `--require ${probe}` } });
    expect(stdout).toMatch(/^Built \d+ pages/m);
    const loaded = /^loaded: (.*)$/m.exec(stderr)![1]!;
    expect(loaded).toContain('loaded-modules.cjs');
    expect(loaded).not.toMatch(/node_modules\/react/);
    // The legacy server renderer only (renderToStaticMarkup): React DOM's streaming one is not even compiled in.
    const compiled = (await readdir(cache(), { recursive: true })).filter((f) => f.endsWith('.cjs'));
    const code = (await Promise.all(compiled.map((f) => readFile(join(cache(), f), 'utf8')))).join('\n');
    expect(code).toMatch(/^\/\/ \S*node_modules\/react-dom\/cjs\/react-dom-server-legacy\.node\.(production|development)\.js$/m);
    expect(code).not.toMatch(/^\/\/ \S*node_modules\/react-dom\/cjs\/react-dom-server\.node\./m);
    expect(existsSync(join(ROOT, 'node_modules/esprima'))).toBe(true); // installed (gray-matter's js-yaml asks for it), so leaving it out is a choice
    expect(loaded).not.toContain('esprima');
  });

  it('builds when NODE_EXTRA_CA_CERTS names a file that is missing: Node warns once as the launcher starts, and the build goes on', async () => {
    // The launcher is plain Node (Windows too), so Node loads the file before any of our code runs.
    const missing = join(dir, 'no-such-bundle.pem');
    await rm(cache(), { recursive: true, force: true }); // a compile, as after a pull
    const { stdout, stderr } = await promisify(execFile)(join(dir, 'bin/site'), ['build', '-o', join(dir, 'dist-certs')], { cwd: dir, env: { ...env(), NODE_EXTRA_CA_CERTS: missing } });
    expect(stdout).toMatch(/^Built \d+ pages/m);
    expect(stderr.split(missing).length - 1).toBe(1);
  });

  it('says there is no site where none is, and how to start one', async () => {
    const result = await siteIn(tmpdir(), 'build');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^site: there is no site here: no site\.config\.ts in \S+ or a folder above it\. Run it from your site's folder, pass --site FILE, or start a site with "site init <folder>"\./m);
  });

  it('renders in worker threads started from the compiled output', async () => {
    // 200 extra services per locale pass the threshold of 400 content files for worker threads.
    const corpus = join(dir, 'corpus');
    await generate(corpus, 200);
    const result = await site('build', '-c', join(corpus, 'content'), '-s', join(corpus, 'static'), '-o', join(corpus, 'dist'));
    expect(result.stderr).toMatch(/worker \d: \d+ pages in/);
    expect(result.stdout).toMatch(/^Built \d+ pages/m);
    expect(result.code).toBe(0);
    // (A worker starts from the engine's one bundle, checked as the main thread's is: run-compiled.test.ts.)
  });

  it('dev recompiles a changed template and starts its build worker on the new output', async () => {
    const dev = await startDev(join(dir, 'bin/site'), ['--port', '0', '--out', join(dir, 'dev-out')], { cwd: dir, env: env() });
    const waitFor = (check: (body: string) => boolean) => dev.waitFor('/about', check, 20_000);
    try {
      await edit('templates/layout/Layout.tsx', (t) => t.replace('<main id="main"', '<main data-edited="yes" id="main"'));
      await waitFor((body) => body.includes('<main data-edited="yes" id="main"'));
      // A template that does not compile shows the error page; the next good save recovers.
      await edit('templates/layout/Layout.tsx', (t) => t.replace('<main data-edited="yes"', '<main data-edited="yes" {'));
      expect(await waitFor((body) => body.includes('Unexpected Application Error!'))).toContain('Layout.tsx');
      await edit('templates/layout/Layout.tsx', (t) => t.replace('<main data-edited="yes" {', '<main data-edited="again"'));
      await waitFor((body) => body.includes('<main data-edited="again" id="main"'));
    } finally {
      await dev.stop();
    }
  });
});
