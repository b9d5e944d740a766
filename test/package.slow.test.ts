// The engine as a package, as a new user meets it: packed (npm pack), installed into an empty folder
// outside this checkout, a site started with `site init`, its dependencies installed offline, built,
// served, and a page added as one Markdown file per locale. Then the clinic site itself, copied out
// of the checkout with the engine installed as a package, builds the same files byte for byte.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';
import { get } from './helpers/http.ts';

const run = promisify(execFile);
/** The engine's package name, as its package.json gives it (paths below are built from it). */
const ENGINE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).name as string;
// npm and npx as a user runs them: no audit or funding talk, and never this checkout's node_modules/.bin.
// npm's cache first where it has a package (as every install here asks with --prefer-offline, and the
// README's lines, run as written, through npm's own setting): the registry is asked only for what it lacks.
// A user's shell has none of the npm_* variables `npm test` sets: with them, npm would put the folder of
// the Node that ran `npm test` (a machine's older one) first on the PATH it gives, not this test's Node.
const userEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE'));
const env = { ...userEnv, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_prefer_offline: 'true' };
const sh = (command: string, args: string[], cwd: string, more: NodeJS.ProcessEnv = {}) => run(command, args, { cwd, env: { ...env, ...more }, maxBuffer: 16 * 1024 * 1024 });
// The installed command itself, which npx runs: each kind of run goes through npx once as a user types
// it, repeats call the command (npx costs about a second a start before it).
const siteCommand = (dir: string) => join(dir, 'node_modules/.bin/site');

// Each test installs with npm (three to five installs and builds): minutes on a busy 2-core machine, where
// the suite's 60 s default was exceeded with the browser tests beside it.
const INSTALL_TIMEOUT = 300_000;

let work: string;
let app: string;
let tarball: string;
let createTarball: string;
const CLINIC_PACKAGES = ['react', 'react-dom', 'zod', 'lucide', '@sveltia/cms', 'sharp'];

/**
 * The lines of a README command block under a heading, as a reader copies them: comments after `#` dropped.
 */
function readmeBlock(heading: string): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const from = readme.indexOf('```sh', readme.indexOf(heading));
  const block = readme.slice(readme.indexOf('\n', from) + 1, readme.indexOf('```', from + 5));
  return block.split('\n').map((line) => line.replace(/\s+#\s.*$/, '').trim()).filter(Boolean);
}
const START_OWN = readmeBlock('## Start your own site');
/** The README's checkout: its tracked files (as a clone has them), with this checkout's node_modules. */
let checkout: string;
const bash = (lines: string[], cwd: string) => sh('bash', ['-euo', 'pipefail', '-c', lines.join('\n')], cwd);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'site-package-'));
  checkout = join(work, 'checkout');
  const tracked = (await run('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 })).stdout.split('\0').filter(Boolean);
  for (const file of tracked) if (existsSync(join(ROOT, file))) await cp(join(ROOT, file), join(checkout, file));
  await symlink(join(ROOT, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  // The README's first line packs the two packages in the checkout, as a reader runs it.
  expect(START_OWN[0]).toMatch(/^npm pack/);
  await bash(START_OWN.slice(0, 1), checkout);
  tarball = join(checkout, (await readdir(checkout)).find((f) => f.startsWith(`${ENGINE}-`) && f.endsWith('.tgz'))!);
  createTarball = join(checkout, (await readdir(checkout)).find((f) => f.startsWith('create-sitewright-') && f.endsWith('.tgz'))!);
  app = join(work, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  // The engine's own dependencies come from npm's cache where it has them.
  await sh('npm', ['install', tarball, '--prefer-offline'], app);
}, 240_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every file below dir with a hash of its bytes. */
async function filesOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(dir.length + 1), createHash('sha1').update(await readFile(path)).digest('hex'));
  }
  return files;
}

/** Every package (name@version) installed in the node_modules folders below these folders. */
async function installedPackages(...dirs: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const dir of dirs) {
    const files = await readdir(join(dir, 'node_modules'), { recursive: true }).catch(() => [] as string[]);
    for (const file of files) {
      if (!/(^|\/)node_modules\/(@[^/]+\/)?[^/@][^/]*\/package\.json$/.test(`node_modules/${file}`)) continue;
      const manifest = JSON.parse(await readFile(join(dir, 'node_modules', file), 'utf8').catch(() => '{}')) as { name?: string; version?: string };
      if (manifest.name && manifest.version) found.add(`${manifest.name}@${manifest.version}`);
    }
  }
  return found;
}

/** Where two files first differ (the checkout's and the package's): 160 characters of each from just before that point. */
async function firstDifference(expectedFile: string, actualFile: string, label: string): Promise<string> {
  const [expected, actual] = await Promise.all([expectedFile, actualFile].map((file) => readFile(file, 'utf8').catch(() => '(missing)')));
  let at = 0;
  while (at < expected!.length && expected![at] === actual![at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 120));
  return `${label}, from character ${at}:\n  checkout: ${around(expected!)}\n  package:  ${around(actual!)}`;
}

describe('the packed engine', () => {
  it('declares itself as a package: bin, exports with types, files, engines, peers', async () => {
    const manifest = JSON.parse(await readFile(join(app, 'node_modules', ENGINE, 'package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ site: 'bin/site' });
    expect(manifest.exports['.'].types).toBe('./types/index.d.ts');
    // Plain Node imports the package: compiled JavaScript (lib/, built as it was packed), not TypeScript.
    expect(manifest.exports['.'].default).toBe('./lib/index.js');
    // By the name the installed package gives itself, as a program that depends on it imports it.
    const imported = await sh('node', ['--input-type=module', '-e', `const m = await import(${JSON.stringify(manifest.name)}); console.log(typeof m.defineSite, typeof m.editor, typeof m.Picture)`], app);
    expect(imported.stdout.trim()).toBe('function function function');
    expect(await readFile(join(app, 'node_modules', ENGINE, 'types/index.d.ts'), 'utf8')).toMatch(/export \{ defineContentModel, defineSite \}/);
    expect(manifest.engines.node).toMatch(/^>=22/);
    // Publishable: MIT, not private, its licence and changelog in the tarball.
    expect([manifest.license, manifest.private]).toEqual(['MIT', undefined]);
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['@sveltia/cms', 'react', 'react-dom', 'sharp', 'zod']);
    // The editor's package and sharp are optional peers: a site that does not turn the editor or photos on never installs them.
    expect(manifest.peerDependenciesMeta).toEqual({ '@sveltia/cms': { optional: true }, sharp: { optional: true } });
    expect(manifest.dependencies.sharp).toBeUndefined();
    expect(manifest.dependencies['@sveltia/cms']).toBeUndefined();
    // The clinic is not part of the package.
    const packed = (await run('tar', ['tzf', tarball])).stdout;
    expect(packed).not.toMatch(/package\/(content|templates|static)\//);
    expect(packed).toContain('package/starter/site.config.ts');
    expect(packed).toMatch(/package\/LICENSE\n/);
    expect(packed).toContain('package/CHANGELOG.md');
    // What packing built for the tarball (lib/, types/) is not left in the checkout, where it would go
    // stale: TypeScript reads the package's own name through types/ before the sources.
    expect(packed).toContain('package/types/index.d.ts');
    expect([existsSync(join(ROOT, 'lib')), existsSync(join(ROOT, 'types'))]).toEqual([false, false]);
    expect((await sh('npx', ['site', '-v'], app)).stdout.trim()).toBe(manifest.version);
  });

  it('site init run from this checkout packs the engine into the new site (lib/ and types/ built for it), and leaves the checkout as it was', async () => {
    // The only other pack of this checkout is this file's beforeAll: never two at once (each builds
    // lib/ and types/ in the checkout, then removes them).
    const site = join(work, 'from-checkout');
    await sh(join(ROOT, 'bin/site'), ['init', site], work);
    expect(JSON.parse(await readFile(join(site, 'package.json'), 'utf8')).dependencies[ENGINE]).toBe(`file:vendor/${ENGINE}-0.4.0.tgz`);
    const vendored = (await run('tar', ['tzf', join(site, 'vendor', `${ENGINE}-0.4.0.tgz`)])).stdout;
    expect(vendored).toContain('package/lib/index.js');
    expect(vendored).toContain('package/lib/cli/main.js');
    expect(vendored).toContain('package/types/index.d.ts');
    expect([existsSync(join(ROOT, 'lib')), existsSync(join(ROOT, 'types'))]).toEqual([false, false]);
  }, INSTALL_TIMEOUT);

  it('README "Start your own site" runs as written: npm create sitewright from the two tarballs, npm install, site dev, site check; the site is the one site init writes', async () => {
    // The lines after the pack (beforeAll), run by bash from the checkout as a reader pastes them, up
    // to `site dev`, which runs until stopped: it is started here on a free port (the README's 3000
    // may be taken on a test machine), asked for a page in each language and stopped; then the rest.
    const dev = START_OWN.findIndex((line) => /^npx site dev\b/.test(line));
    expect(dev).toBeGreaterThan(1);
    const before = await bash([...START_OWN.slice(1, dev), 'pwd'], checkout);
    const site = before.stdout.trim().split('\n').at(-1)!;
    expect(site).toBe(join(work, 'sites', 'my-site'));
    expect(JSON.parse(await readFile(join(site, 'package.json'), 'utf8')).dependencies.sitewright).toBe('file:vendor/sitewright-0.4.0.tgz');
    // Its own process group: npx starts the server as a grandchild, which killing npx alone would leave running.
    const server = spawn('bash', ['-c', `${START_OWN[dev]} --port 0`], { cwd: site, env, detached: true });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`site dev did not start:\n${output}`)), 60_000);
        const read = (d: Buffer) => {
          output += d;
          const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
          if (match) resolve(match[1]!), clearTimeout(timer);
        };
        server.stdout.on('data', read);
        server.stderr.on('data', read);
      });
      expect((await get(base, '/')).body).toContain('<html lang="en"');
      expect((await get(base, '/es/about')).body).toContain('<html lang="es"');
    } finally {
      process.kill(-server.pid!, 'SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
    const after = await bash(START_OWN.slice(dev + 1), site);
    expect(after.stdout).toMatch(/No type errors in the site's \d+ files/);

    // The very files `site init` writes (a folder of the same name elsewhere), engine tarball included:
    // the next test installs, builds and serves those.
    const twin = join(work, 'init-twin', 'my-site');
    await mkdir(dirname(twin));
    await sh(siteCommand(app), ['init', twin], app);
    const written = await filesOf(twin);
    const made = await filesOf(site);
    expect(written.size).toBeGreaterThan(20);
    for (const [path, hash] of written) expect(made.get(path), path).toBe(hash);
    // Once the engine is published: a range of this version, for npm to fetch. (create-sitewright hands
    // its arguments to `site init` as they are, as above: the init it runs is asked directly.)
    await sh(siteCommand(app), ['init', join(work, 'from-registry'), '--engine', 'registry'], app);
    const registry = JSON.parse(await readFile(join(work, 'from-registry/package.json'), 'utf8'));
    expect(registry.dependencies.sitewright).toBe('^0.4.0');
    expect(existsSync(join(work, 'from-registry/vendor'))).toBe(false);
    // Both packages are publishable as they are.
    for (const dir of [ROOT, join(ROOT, 'packages/create-sitewright')]) await sh('npm', ['publish', '--dry-run', '--ignore-scripts'], dir);
  }, INSTALL_TIMEOUT);

  it('the site the README started (made as site init makes it) installs with its engine inside, builds, serves, type-checks and publishes a new page from one file per locale', async () => {
    // Installed by the README's `npm install` (the test above), outside the checkout.
    const site = join(work, 'sites', 'my-site');
    // Its lock file names the engine by the tarball inside the site, with its integrity: a clone
    // anywhere installs the same engine with npm ci (one install fewer here than installing again).
    const lock = JSON.parse(await readFile(join(site, 'package-lock.json'), 'utf8'));
    const locked = lock.packages[`node_modules/${ENGINE}`];
    expect(locked.resolved).toBe(`file:vendor/${ENGINE}-0.4.0.tgz`);
    expect(locked.integrity).toMatch(/^sha512-/);
    expect(JSON.stringify(lock)).not.toContain(work);
    const manifest = JSON.parse(await readFile(join(site, 'package.json'), 'utf8'));
    // The starter shows photos, so it installs sharp (an optional peer of the engine); never the editor's package.
    const installed = [...(await installedPackages(site))];
    expect(installed.filter((p) => p.startsWith('@sveltia/'))).toEqual([]);
    expect(installed).toContain(`sharp@${JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).peerDependencies.sharp}`);
    const built = await sh('npx', ['site', 'build'], site);
    expect(built.stdout).toMatch(/^Built 33 pages into dist \(en: 17, es: 16\)/);
    // The engine runs as it was packed, one JavaScript module per source (lib/): nothing of it is
    // compiled or kept again, and an engine edited by hand runs as edited (never stale code).
    expect(existsSync(join(site, 'node_modules', ENGINE, 'src/cli'))).toBe(false);
    const main = join(site, 'node_modules', ENGINE, 'lib/cli/main.js');
    const source = await readFile(main, 'utf8');
    await writeFile(main, source.replace('Builds a static site from its definition', 'Builds a STATIC site from its definition'));
    try {
      expect((await sh(siteCommand(site), ['--help'], site)).stdout).toContain('Builds a STATIC site from its definition');
    } finally {
      await writeFile(main, source);
    }

    // Its own process group: npx starts the server as a grandchild, which killing npx alone would leave running.
    const server = spawn('npx', ['site', 'serve', '--port', '0'], { cwd: site, env, detached: true });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 30_000);
        server.stdout.on('data', (d) => {
          output += d;
          const match = /at (http:\/\/[^/\s]+)\//.exec(output);
          if (match) resolve(match[1]!), clearTimeout(timer);
        });
      });
      expect((await get(base, '/')).status).toBe(200);
      expect((await get(base, '/es/about')).body).toContain('<html lang="es"');
    } finally {
      process.kill(-server.pid!, 'SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }

    for (const [locale, title] of [['en', 'Hello'], ['es', 'Hola']]) {
      await writeFile(join(site, 'content', locale!, 'pages', 'hello.md'), `---\ntitle: ${title}\ndescription: A page of one file per locale.\n---\n${title}, world.\n`);
    }
    // A typo in a template builds (esbuild does not check types) but does not pass the check.
    const pages = join(site, 'templates/pages.tsx');
    const template = await readFile(pages, 'utf8');
    await writeFile(pages, template.replace('{text.ui.home.title}', '{text.ui.home.titel}'));
    const typo = await sh(siteCommand(site), ['check'], site).then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/templates\/pages\.tsx:\d+:\d+ - error TS2551: Property 'titel' does not exist/);
    await writeFile(pages, template);
    const again = await sh(siteCommand(site), ['build'], site);
    expect(again.stdout).toMatch(/^Built 35 pages/);
    expect(await readFile(join(site, 'dist/hello.html'), 'utf8')).toContain('<h1>Hello</h1>');
    expect(await readFile(join(site, 'dist/es/hello.html'), 'utf8')).toContain('<h1>Hola</h1>');
  }, INSTALL_TIMEOUT);

  it('builds the clinic site copied out of the checkout byte for byte as the checkout does', async () => {
    // Inside the folder that installed the engine (beforeAll), which now adds what the clinic needs
    // beside it: it turns the editor and photos on, so it installs their packages itself (optional
    // peers of the engine), at the checkout's versions. Node finds them there as in the clinic's own
    // node_modules. (Only now: the tests above see the engine as installed alone.)
    const clinic = join(app, 'clinic');
    for (const entry of ['site.config.ts', 'templates', 'content', 'static']) await cp(join(ROOT, entry), join(clinic, entry), { recursive: true });
    const clinicPackages = await Promise.all(CLINIC_PACKAGES.map(async (name) => `${name}@${JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version}`));
    await sh('npm', ['install', ...clinicPackages, '--prefer-offline'], app);
    const copy = await sh('npx', ['site', 'build'], clinic);
    expect(copy.stdout).toMatch(/^Built \d+ pages/);
    // The checkout builds with the PATH npx gave the copy, so both run on the same Node: npm puts the
    // node_modules/.bin of every folder above the copy, up to /, before the PATH, and a machine may
    // have another `node` in one of them. What is compared is the packed engine, not two Nodes.
    const npxPath = (await sh('npx', ['--no', '--', 'node', '-p', 'process.env.PATH'], clinic)).stdout.trim();
    const here = await sh(join(ROOT, 'bin/site'), ['build', '--out', join(work, 'checkout-dist')], ROOT, { PATH: npxPath });
    expect(here.stdout).toMatch(/^Built \d+ pages/);
    // The editor's bundle (admin/cms/) is esbuild's, whose chunk names hash where @sveltia/cms and its
    // dependencies sit in node_modules: the same files and assets, under other chunk names. So it (and
    // the manifest, which lists it) is compared by its shape; everything else byte for byte.
    const ours = (files: Map<string, string>) => new Map([...files].filter(([path]) => !path.startsWith('admin/cms/') && path !== '.site-manifest'));
    const editor = (files: Map<string, string>) => [...files.keys()].filter((path) => path.startsWith('admin/cms/')).map((path) => path.replace(/-[A-Z0-9]{8}\.js$/, '.js')).sort();
    const copied = await filesOf(join(clinic, 'dist'));
    const checkout = await filesOf(join(work, 'checkout-dist'));
    // Said in words when it fails: the first file that differs, around its first difference, and the Nodes.
    const differing = [...ours(checkout)].filter(([path, hash]) => copied.get(path) !== hash).map(([path]) => path);
    if (differing.length) {
      const runtime = async (cwd: string, command: string[]) => (await sh(command[0]!, [...command.slice(1), 'node', '-p', 'process.execPath + " " + process.version + " icu " + process.versions.icu'], cwd)).stdout.trim();
      const file = differing.find((p) => !p.endsWith('.br')) ?? differing[0]!;
      let text = await firstDifference(join(work, 'checkout-dist', file), join(clinic, 'dist', file), file);
      // The island script is named by its bytes, so a page differs first by its name: the two scripts themselves say why.
      const script = (files: Map<string, string>) => [...files.keys()].find((path) => /^assets\/main-[0-9A-F]{8}\.js$/.test(path));
      const [checkoutScript, copiedScript] = [script(checkout), script(copied)];
      if (checkoutScript && copiedScript && checkoutScript !== copiedScript) text += `\n${await firstDifference(join(work, 'checkout-dist', checkoutScript), join(clinic, 'dist', copiedScript), `${checkoutScript} against ${copiedScript}`)}`;
      // Packages the copy has that the checkout has not (a version of its own, or one found from outside both).
      const checkoutPackages = await installedPackages(ROOT);
      const onlyCopy = [...(await installedPackages(clinic, app))].filter((p) => !checkoutPackages.has(p) && !p.startsWith(`${ENGINE}@`));
      expect.fail(`${differing.length} files differ (${differing.slice(0, 8).join(', ')}…)\n${text}\nnode of both builds (npx's PATH): ${await runtime(clinic, ['npx', '--no', '--'])}\nnode of the test: ${process.execPath} ${process.version} icu ${process.versions.icu}\npackages the copy has and the checkout has not: ${onlyCopy.join(', ') || 'none'}`);
    }
    expect(ours(copied)).toEqual(ours(checkout));
    expect(editor(copied)).toEqual(editor(checkout));
    expect(editor(copied)).toContain('admin/cms/index.js');
  }, INSTALL_TIMEOUT);
});
