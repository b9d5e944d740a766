// Every mistake on the command line gets one or two plain sentences (what is wrong, what to do), a
// non-zero exit and no stack trace; ports and folders are checked before any build starts.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureCopy, ROOT, runCli } from './helpers/fixtures.ts';
import { startDev } from './helpers/dev.ts';

/** A stack trace, or Node's banner after an uncaught error. */
const STACK = /\n\s+at |node:internal|Node\.js v\d+/;

let occupied: Server;
let busyPort: number;
beforeAll(async () => {
  occupied = createServer();
  await new Promise<void>((done) => occupied.listen(0, '127.0.0.1', () => done()));
  busyPort = (occupied.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => occupied.close(() => done())));

async function refused(args: string[], message: string | RegExp): Promise<string> {
  const { code, stdout, stderr } = await runCli(args);
  expect(code, `${args.join(' ')}\n${stderr}`).not.toBe(0);
  expect(stderr).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
  expect(stderr, stderr).not.toMatch(STACK);
  expect(stdout).not.toContain('Built');
  return stderr;
}

describe('the command line', () => {
  it('refuses a port that is not a number from 0 to 65535', async () => {
    for (const value of ['abc', '99999', '-1']) await refused(['serve', '--port', value], `--port expects a number from 0 to 65535 (0 picks a free one), got "${value}".`);
    await refused(['dev', '--port', 'abc'], '--port expects a number from 0 to 65535');
  });

  it('says a port is in use, and which to try, before dev builds anything', async () => {
    await refused(['serve', '--dir', inject('distDir'), '--port', String(busyPort)], `port ${busyPort} is in use on 127.0.0.1; stop the other server or pass --port ${busyPort + 1}.`);
    const stderr = await refused(['dev', '--port', String(busyPort), '--out', 'test/scratch/never-built'], `port ${busyPort} is in use`);
    expect(stderr).not.toContain('build');
  });

  it('says a host is not an address of this machine', async () => {
    await refused(['serve', '--dir', inject('distDir'), '--host', '999.1.1.1'], '--host 999.1.1.1 is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).');
  });

  it('repeats a refused flag value with its control characters shown escaped, never passed to the terminal', async () => {
    for (const args of [['build', '--precompress', '\u001b]0;owned\u0007'], ['build', '--now', '\u001b[2J'], ['serve', '--port', 'x\u001b[31m']]) {
      const stderr = await refused(args, /is invalid/);
      expect(stderr, args.join(' ')).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
      expect(stderr).toContain(JSON.stringify(args[2]).slice(1, -1).replace(/\\u00/g, '\\u00'));
    }
  });

  it('refuses a base URL that is not an absolute http(s) URL', async () => {
    await refused(['build', '--base-url', 'notaurl', '--out', 'test/scratch/never-built'], '--base-url expects an absolute http(s) URL like https://www.example.org, got "notaurl".');
  });

  it('names a content or static folder that does not exist', async () => {
    await refused(['build', '--content', 'nowhere', '--out', 'test/scratch/never-built'], '--content nowhere: there is no such folder.');
    await refused(['build', '--static', 'nowhere', '--out', 'test/scratch/never-built'], '--static nowhere: there is no such folder.');
  });

  it('says there is nothing to serve before a build', async () => {
    await refused(['serve', '--dir', 'test/scratch/no-such-dist'], 'nothing to serve: test/scratch/no-such-dist/index.html does not exist. Run "site build" first');
  });

  it('prints its version, with -v, -V and --version', async () => {
    for (const flag of ['-v', '-V', '--version']) {
      const { code, stdout } = await runCli([flag]);
      expect(code).toBe(0);
      expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    }
  });

  it('init writes a starter site into a new folder, and refuses a folder that is not empty, changing nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-init-'));
    try {
      // (With the engine as a version range: packing it into vendor/, the default, is the package
      // test's, the one file that packs this checkout, so no two packs of it ever run at once.)
      const made = await runCli(['init', join(dir, 'my-site'), '--engine', 'registry']);
      expect(made.code, made.stderr).toBe(0);
      for (const file of ['site.config.ts', 'package.json', '.gitignore', 'README.md', 'tsconfig.json', 'content/en/pages/about.md', 'content/es/pages/about.md', 'templates/Counter.tsx']) expect(existsSync(join(dir, 'my-site', file)), file).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, 'my-site/package.json'), 'utf8')).dependencies.sitewright).toBe('^0.4.0');
      // The "Next:" lines run as printed, from a folder name with a space and an apostrophe.
      const named = join(dir, "موقع Ana's");
      const next = await runCli(['init', named, '--engine', 'registry']);
      const cd = next.stdout.split('\n').find((line) => line.trim().startsWith('cd '))!;
      expect(execFileSync('bash', ['-c', `${cd} && pwd`], { encoding: 'utf8' }).trim()).toBe(named);

      await mkdir(join(dir, 'theirs'));
      await writeFile(join(dir, 'theirs', 'site.config.ts'), 'their own');
      const refused = await runCli(['init', join(dir, 'theirs')]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^site: \S+theirs is not empty \(site\.config\.ts\); init writes a new site into an empty or new folder, and nothing was written\./);
      expect(readdirSync(join(dir, 'theirs'))).toEqual(['site.config.ts']);
      expect(readFileSync(join(dir, 'theirs', 'site.config.ts'), 'utf8')).toBe('their own');

      // --force adds the starter's files beside them, and still overwrites nothing.
      const forced = await runCli(['init', join(dir, 'theirs'), '--force', '--engine', 'registry']);
      expect(forced.code).toBe(0);
      expect(JSON.parse(readFileSync(join(dir, 'theirs/package.json'), 'utf8')).dependencies.sitewright).toBe('^0.4.0');
      expect(forced.stdout).toContain('kept 1 that were there: site.config.ts');
      expect(readFileSync(join(dir, 'theirs', 'site.config.ts'), 'utf8')).toBe('their own');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('init into a place no folder can be made returns at once with a sentence, writing nothing', async () => {
    const proc = await runCli(['init', '/proc/new-site']);
    expect(proc.code).toBe(2);
    expect(proc.stderr).toBe('site: cannot make /proc/new-site (ENOENT); nothing was written. Choose a folder you can write to.\n');
    const nowhere = await runCli(['init', '/no/such/parent/site']);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toBe('site: /no/such/parent is not a folder; init makes the new site\'s folder inside an existing one. Make it first, or choose another place.\n');
  }, 15_000);

  it('builds a site that has React of its own with this checkout\'s command: one React, the engine\'s, so hooks work', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-own-react-'));
    try {
      const site = join(dir, 'site');
      await cp(join(ROOT, 'starter'), site, { recursive: true });
      // Copies, not links: a second React on disk, as npm install in the site makes.
      for (const name of ['react', 'react-dom']) await cp(join(ROOT, 'node_modules', name), join(site, 'node_modules', name), { recursive: true });
      const built = await runCli(['build', '--out', join(dir, 'out'), '-q'], site);
      expect(built.stderr).toBe('');
      expect(built.code).toBe(0);
      expect(readdirSync(join(dir, 'out')).length).toBeGreaterThan(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('says when a cache folder is not used (others may write to it), and builds all the same without writing into it', async () => {
    const site = await fixtureCopy('open-cache');
    try {
      // The site's own node_modules holds the cache the build would keep (packages still resolve from above).
      const cache = join(site.dir, 'node_modules/.cache', JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).name as string);
      await mkdir(cache, { recursive: true });
      await chmod(cache, 0o777);
      const out = join(site.dir, 'dist');
      // The private folder that stands in is left in no temporary folder: this test's own.
      const tmp = join(site.dir, 'tmp');
      await mkdir(tmp);
      const env = { TMPDIR: tmp };
      const built = await runCli(['build', '--site', site.site, '--out', out, '-q'], ROOT, env);
      expect(built.code, built.stderr).toBe(0);
      expect(built.stderr).toContain(`site: the cache folder ${cache} may be written by other users (mode 777), so this run did not use it`);
      expect(built.stderr).toContain('chmod 700');
      expect(existsSync(join(out, 'index.html'))).toBe(true);
      expect(readdirSync(cache)).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
      // dev too, whose builds run in a worker: told once, however many threads refused it.
      const dev = await startDev(join(ROOT, 'bin/site'), ['--site', site.site, '--port', '0', '--out', join(site.dir, 'dev-out')], { cwd: site.dir, env: { ...process.env, ...env } });
      try {
        await dev.waitFor('/', (body) => body.includes('<html'));
        const lines = dev.output().split('\n').filter((line) => line.includes(`the cache folder ${cache} may be written by other users`));
        expect(lines, dev.output()).toHaveLength(1);
      } finally {
        await dev.stop();
      }
      expect(readdirSync(tmp)).toEqual([]);
      expect(readdirSync(cache)).toEqual([]);
      // Once it is this user's alone, it is used, and nothing is said.
      await chmod(cache, 0o700);
      const again = await runCli(['build', '--site', site.site, '--out', out, '-q']);
      expect(again.stderr).toBe('');
      expect(readdirSync(cache).length).toBeGreaterThan(0);
    } finally {
      await site.cleanup();
    }
  }, 60_000);
});
