// `serve` answers as the default host (Cloudflare Pages) does, by the same checks the host-runtime
// test runs on Cloudflare's own runtime, nginx and Caddy (host-runtime.slow.test.ts): every page in
// both languages with its headers, one URL per page, each locale's 404 page, the editor's policy, no
// engine file. And `site stage` copies what a host should get, and nothing else.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stage } from '../src/deploy/stage.ts';
import type { BuildResult } from '../src/pipeline/build.ts';
import { createDistServer, listen } from '../src/serve/server.ts';
import { buildInto, runCli, sandbox, STATIC } from './helpers/fixtures.ts';
import { checkHost, withWellKnown } from './helpers/host-checks.ts';

let out: string;
let result: BuildResult;
let cleanup: () => Promise<void>;
let tmp: string;
beforeAll(async () => {
  // With twins (as for nginx): the stage for Cloudflare Pages must leave them out.
  tmp = await mkdtemp(join(tmpdir(), 'site-stage-'));
  ({ out, result, cleanup } = await buildInto({ precompress: ['br'], static: await withWellKnown(STATIC, join(tmp, 'static')) }));
}, 60_000);
afterAll(async () => {
  await cleanup();
  await rm(tmp, { recursive: true, force: true });
});

describe('serve, as the default host answers', () => {
  it('every page in both languages, one URL each, the 404 pages, the editor policy, no engine file', async () => {
    const staged = stage(out, join(tmp, 'serve'));
    const server = createDistServer(staged.site);
    try {
      const base = await listen(server, 0, '127.0.0.1');
      await checkHost({ base, urls: result.routes.map((r) => r.url), headersFile: await readFile(join(out, '_headers'), 'utf8') });
    } finally {
      server.close();
    }
  }, 60_000);
});

describe('site stage', () => {
  it('for Cloudflare Pages (the default): the pages and _headers, no engine record, no twin; no _redirects when there is nothing to redirect', async () => {
    const staged = stage(out, join(tmp, 'cf'));
    expect(staged.host).toBe('cloudflare-pages');
    const files = (await readdir(staged.site, { recursive: true })).map(String);
    expect(files).toContain('_headers');
    expect(files).toContain('es/404.html');
    expect(files.filter((f) => !/^\.well-known(\/|$)/.test(f) && /(^|\/)\.|\.br$|\.gz$/.test(f))).toEqual([]);
    expect(existsSync(join(out, 'index.html.br'))).toBe(true); // the build made twins: the stage left them out
    expect(existsSync(join(out, '_redirects'))).toBe(false);
    expect(staged.files).toBe((await readdir(staged.site, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length);
  });

  it('for nginx and Caddy: the twins kept, their configuration beside the published folder, never in it', async () => {
    for (const host of ['nginx', 'caddy'] as const) {
      const staged = stage(out, join(tmp, host), { host, listen: '127.0.0.1:9' });
      expect(staged.note).toBeUndefined();
      const files = (await readdir(staged.site, { recursive: true })).map(String);
      expect(files).toContain('index.html.br');
      for (const engineOrConfig of ['.site-output', '.site-manifest', '_headers', 'nginx.conf', 'Caddyfile']) expect(files).not.toContain(engineOrConfig);
      const config = await readFile(staged.config!, 'utf8');
      expect(config).toContain(staged.site);
      expect(config).toContain(host === 'nginx' ? 'add_header Content-Security-Policy' : 'header @rule');
    }
  });

  it('for nginx from a build made for Cloudflare Pages (no twins): says nginx would send every page uncompressed, and how to build for it', async () => {
    const plain = await buildInto();
    try {
      const staged = stage(plain.out, join(tmp, 'nginx-plain'), { host: 'nginx', listen: '127.0.0.1:9' });
      expect((await readdir(staged.site, { recursive: true })).map(String).filter((f) => f.endsWith('.br'))).toEqual([]);
      expect(staged.note).toBe('The build wrote no precompressed twins (it was made for cloudflare-pages), so nginx will send every page uncompressed: build with output.host "nginx" in the site definition, or with --precompress br.');
      // A manifest whose host was written by someone else is never printed as it is (an escape sequence, a line break).
      const manifest = join(plain.out, '.site-manifest');
      await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('"host":"cloudflare-pages"', '"host":"\\u001b]0;owned\\u0007\\nnginx"'));
      const told = stage(plain.out, join(tmp, 'nginx-plain-2'), { host: 'nginx', listen: '127.0.0.1:9' }).note!;
      expect(told).toContain('(it was made for another host)');
      expect(told).not.toMatch(/[\u0000-\u001f]/);
    } finally {
      await plain.cleanup();
    }
  });

  it('refuses a folder holding anything else, and the output folder itself, changing nothing', async () => {
    const mine = join(tmp, 'mine');
    await rm(mine, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(mine));
    await writeFile(join(mine, 'notes.txt'), 'mine');
    expect(() => stage(out, mine)).toThrow(/holds files that are not a stage of this engine/);
    expect(await readFile(join(mine, 'notes.txt'), 'utf8')).toBe('mine');
    expect(() => stage(out, join(out, 'inside'))).toThrow(/outside the build's output/);
    expect(() => stage(tmp, join(tmp, 'x'))).toThrow(/not a build of this engine/);
    // An earlier stage is replaced whole: what it staged for Cloudflare Pages (_headers) is gone from GitHub Pages'.
    const again = join(tmp, 'again');
    stage(out, again, { host: 'cloudflare-pages' });
    expect(existsSync(join(again, 'site/_headers'))).toBe(true);
    stage(out, again, { host: 'github-pages' });
    expect(existsSync(join(again, 'site/_headers'))).toBe(false);
    // What somebody else put in a stage (a file placed by hand, a .git to push from) is never removed with it.
    await writeFile(join(again, 'site/placed-by-hand.html'), 'mine');
    await import('node:fs/promises').then((fs) => fs.mkdir(join(again, '.git')));
    expect(() => stage(out, again)).toThrow(/^.*again holds files that are not a stage of this engine \(".git", "site\/placed-by-hand.html"\): choose a new folder, or move them \(nothing was changed\)\.$/);
    expect(await readFile(join(again, 'site/placed-by-hand.html'), 'utf8')).toBe('mine');
    // Its own names are its only when they are what it wrote: a folder named as nginx's configuration is somebody's.
    await import('node:fs/promises').then(async (fs) => { await fs.rm(join(again, '.git'), { recursive: true }); await fs.rm(join(again, 'site/placed-by-hand.html')); });
    stage(out, again, { host: 'nginx' });
    await import('node:fs/promises').then(async (fs) => { await fs.rm(join(again, 'nginx.conf')); await fs.mkdir(join(again, 'nginx.conf')); await fs.writeFile(join(again, 'Caddyfile'), 'mine'); });
    expect(() => stage(out, again)).toThrow(/holds files that are not a stage of this engine \(("nginx\.conf", "Caddyfile"|"Caddyfile", "nginx\.conf")\)/);
    // A file is no folder to stage into; a stage of a release that listed no files is said to be one.
    await writeFile(join(tmp, 'a-file'), 'mine');
    expect(() => stage(out, join(tmp, 'a-file'))).toThrow(/a-file is a file, not a folder: choose a new folder \(nothing was changed\)/);
    const older = join(tmp, 'older');
    await import('node:fs/promises').then(async (fs) => { await fs.mkdir(join(older, 'site'), { recursive: true }); await fs.writeFile(join(older, '.site-stage'), '{"host":"netlify"}\n'); });
    expect(() => stage(out, older)).toThrow(/older is a stage of an earlier release, which did not record the files it copied: remove the folder yourself once, then stage again \(nothing was changed\)/);
    // A marker alone (even a folder of that name) does not make a folder a stage.
    const victim = join(tmp, 'victim');
    await import('node:fs/promises').then(async (fs) => { await fs.mkdir(join(victim, '.site-stage'), { recursive: true }); await fs.writeFile(join(victim, 'important.txt'), 'keep'); });
    expect(() => stage(out, victim)).toThrow(/holds files that are not a stage of this engine/);
    expect(await readFile(join(victim, 'important.txt'), 'utf8')).toBe('keep');
  });

  it('a stage that fails leaves nothing half made beside the folder, and says so', async () => {
    // _headers a hand edit (or another tool) left with "$", which nginx reads as a variable: refused, never written.
    const edited = join(tmp, 'edited-dist');
    await import('node:fs/promises').then((fs) => fs.cp(out, edited, { recursive: true }));
    await writeFile(join(edited, '_headers'), `${await readFile(join(edited, '_headers'), 'utf8')}/x$y/*\n  X-A: 1\n`);
    expect(() => stage(edited, join(tmp, 'failed'), { host: 'nginx' })).toThrow(/failed was not staged \(nothing was changed\): a header or path holds a character a server configuration cannot carry safely/);
    expect((await readdir(tmp)).filter((name) => name.startsWith('failed'))).toEqual([]);
  });
});

describe('for GitHub Pages (no _headers)', () => {
  it('every page carries the Content-Security-Policy in a meta tag; the stage has no _headers or _redirects', async () => {
    const { build } = await import('../src/pipeline/build.ts');
    const { FIXTURE } = await import('./helpers/fixtures.ts');
    const dist = join(tmp, 'gh-dist');
    const built = await build({ site: join(FIXTURE, 'github-pages.config.ts'), contentDir: join(FIXTURE, 'content'), staticDir: join(FIXTURE, 'static'), outDir: dist, compress: false });
    const page = built.routes.find((r) => !r.notFound)!;
    const html = await readFile(join(dist, page.file), 'utf8');
    expect(html.replace(/&#x27;/g, "'")).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';[^"]*"\/>/);
    expect(html).not.toContain('frame-ancestors');
    const staged = stage(dist, join(tmp, 'gh-stage'));
    expect(staged.host).toBe('github-pages');
    expect(existsSync(join(staged.site, '_headers'))).toBe(false);
    expect(existsSync(join(staged.site, '_redirects'))).toBe(false);
    // The default host reads _headers: its pages carry no meta CSP (the 404 pages aside).
    expect(await readFile(join(out, 'about.html'), 'utf8')).not.toContain('http-equiv="Content-Security-Policy"');
  });
});

describe('publishing as the workflow does it (site build, then site stage, then upload)', () => {
  it('a save that breaks a link leaves what was published as it was; the next good save publishes', async () => {
    const site = await sandbox();
    const dist = join(tmp, 'flow-dist');
    const live = join(tmp, 'flow-live'); // what the host serves: the last stage uploaded
    // The workflow's steps: build (its checks), stage, and the upload only when both passed.
    const publish = async () => {
      const built = await runCli(['build', '-q', '--content', site.content, '--out', dist]);
      if (built.code !== 0) return built;
      const staged = await runCli(['stage', join(tmp, 'flow-upload'), '--out', dist]);
      if (staged.code === 0) await import('node:fs/promises').then((fs) => fs.rm(live, { recursive: true, force: true }).then(() => fs.cp(join(tmp, 'flow-upload/site'), live, { recursive: true })));
      return staged;
    };
    try {
      expect((await publish()).code).toBe(0);
      const before = await readFile(join(live, 'es/services/vaccines.html'), 'utf8');
      // The office manager's save with a link to a page that does not exist.
      await site.edit('es/services/vaccines.md', (t) => `${t}\nMás información en [nuestra página](/es/servicios-inexistentes).\n`);
      const failed = await publish();
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/content\/es\/services\/vaccines\.md:\d+:\d+ .*\n.*servicios-inexistentes/);
      expect(await readFile(join(live, 'es/services/vaccines.html'), 'utf8')).toBe(before);
      // Her next save fixes it (and says something new): published.
      await site.edit('es/services/vaccines.md', (t) => t.replace('/es/servicios-inexistentes', '/es/services/preventive-care').replace('Más información en', 'Vea también'));
      expect((await publish()).code).toBe(0);
      expect(await readFile(join(live, 'es/services/vaccines.html'), 'utf8')).toContain('Vea también');
    } finally {
      await site.cleanup();
    }
  }, 120_000);
});
