// The output on the hosts' own runtimes, here: exactly what the deploy step uploads (`site stage`),
// served by Cloudflare's local runtime (`wrangler pages dev`, wrangler 4.86.0: no account, nothing
// downloaded), by nginx 1.22 with the brotli_static module and by Caddy 2.6 with the configurations
// `site stage` writes, each checked like `serve` (helpers/host-checks.ts): every page in both
// languages with its headers, one URL per page, each locale's 404 page with status 404, the site's
// redirects, the editor's policy, no engine or hidden file. The starter's redirect (/news → /blog) too.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stage } from '../src/deploy/stage.ts';
import { build, type BuildResult } from '../src/pipeline/build.ts';
import { buildInto, ROOT, STATIC } from './helpers/fixtures.ts';
import { checkHost, withWellKnown } from './helpers/host-checks.ts';

let tmp: string;
let clinic: { out: string; result: BuildResult; cleanup: () => Promise<void> };
let starter: { out: string; result: BuildResult };
const children: ChildProcess[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-hosts-'));
  // nginx's workers run as another user (www-data, nobody): they must be able to read the staged files.
  await chmod(tmp, 0o755);
  // Both with twins, so nginx's brotli_static and Caddy's precompressed have them (the Cloudflare stage leaves them out).
  clinic = await buildInto({ precompress: ['br'], static: await withWellKnown(STATIC, join(tmp, 'clinic-static')) });
  const out = join(tmp, 'starter-dist');
  starter = { out, result: await build({ site: join(ROOT, 'starter/site.config.ts'), contentDir: join(ROOT, 'starter/content'), staticDir: await withWellKnown(join(ROOT, 'starter/static'), join(tmp, 'starter-static')), outDir: out, now: new Date('2026-11-25T12:00:00Z'), precompress: ['br'] }) };
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await clinic.cleanup();
  await rm(tmp, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs `serve` on a free port; on another if something took the port between its choice and the server's bind. */
async function onFreePort(serve: (port: number) => Promise<void>): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await serve(await freePort());
    } catch (error) {
      if (tries === 3 || !/already in use/i.test(String(error))) throw error;
    }
  }
}

/** Starts a server process and waits until the port answers. */
async function start(command: string, args: string[], port: number, options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  for (const end = Date.now() + 60_000; Date.now() < end; ) {
    if (child.exitCode !== null) throw new Error(`${command} stopped:\n${log}`);
    try {
      // Bounded: a port taken by something that never answers is seen as the server stopping, not waited on.
      await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      // The answer is ours only if the server is still running a moment later (one that lost the port to another stops).
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode !== null) throw new Error(`${command} stopped:\n${log}`);
      return child;
    } catch (error) {
      if ((error as Error).message.includes('stopped:')) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${command} did not answer on ${port}:\n${log}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

const sites = () => [
  { name: 'clinic', out: clinic.out, result: clinic.result, redirects: [] },
  { name: 'starter', out: starter.out, result: starter.result, redirects: [{ from: '/news', to: '/blog' }, { from: '/es/news', to: '/es/blog' }] },
];

describe("Cloudflare Pages' own runtime (wrangler pages dev)", () => {
  it('serves what the deploy uploads as the checks expect, in both languages', async () => {
    const wrangler = join(ROOT, 'node_modules/.bin/wrangler');
    expect(existsSync(wrangler), 'wrangler is a devDependency').toBe(true);
    for (const site of sites()) {
      const staged = stage(site.out, join(tmp, `cf-${site.name}`));
      await onFreePort(async (port) => {
        const work = join(tmp, `wrangler-${site.name}`);
        await mkdir(work, { recursive: true });
        const child = await start(wrangler, ['pages', 'dev', staged.site, '--ip', '127.0.0.1', '--port', String(port), '--compatibility-date', '2026-04-26', '--log-level', 'error'], port, {
          cwd: work,
          // No account, no telemetry, nothing fetched: its state and config in the temporary folder.
          env: { CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', XDG_CONFIG_HOME: join(work, 'config'), HOME: work, CI: 'true' },
        });
        try {
          await checkHost({ base: `http://127.0.0.1:${port}`, urls: site.result.routes.map((r) => r.url), headersFile: await readFile(join(site.out, '_headers'), 'utf8'), redirects: site.redirects, normalizedAtTheEdge: true });
        } finally {
          await stop(child);
        }
      });
    }
  }, 240_000);
});

describe('nginx 1.22 with the configuration site stage writes', () => {
  it('serves what the checks expect, in both languages', async () => {
    for (const site of sites()) {
      await onFreePort(async (port) => {
        const staged = stage(site.out, join(tmp, `nginx-${site.name}-${port}`), { host: 'nginx', listen: `127.0.0.1:${port}` });
        // A hidden file put there by hand on the server: the configuration still refuses it.
        await writeFile(join(staged.site, '.env'), 'SECRET=1\n');
        const run = join(tmp, `nginx-run-${site.name}`);
        await mkdir(run, { recursive: true });
        // The server's own frame around the generated block, as Debian's nginx.conf gives it.
        await writeFile(join(run, 'main.conf'), `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\npid ${run}/nginx.pid;\nerror_log ${run}/error.log;\nworker_processes 1;\nevents { worker_connections 64; }\nhttp {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n  client_body_temp_path ${run}/body;\n  proxy_temp_path ${run}/proxy;\n  fastcgi_temp_path ${run}/fastcgi;\n  uwsgi_temp_path ${run}/uwsgi;\n  scgi_temp_path ${run}/scgi;\n  include ${staged.config};\n}\n`);
        const child = await start('nginx', ['-e', `${run}/error.log`, '-c', join(run, 'main.conf'), '-g', 'daemon off;'], port, { cwd: run });
        try {
          await checkHost({ base: `http://127.0.0.1:${port}`, urls: site.result.routes.map((r) => r.url), headersFile: await readFile(join(site.out, '_headers'), 'utf8'), redirects: site.redirects });
          const br = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'br' } });
          expect(br.headers.get('content-encoding')).toBe('br');
          expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
        } finally {
          await stop(child);
        }
      });
    }
  }, 120_000);
});

describe('Caddy 2.6 with the Caddyfile site stage writes', () => {
  it('serves what the checks expect, in both languages', async () => {
    for (const site of sites()) {
      await onFreePort(async (port) => {
        const staged = stage(site.out, join(tmp, `caddy-${site.name}-${port}`), { host: 'caddy', listen: `127.0.0.1:${port}` });
        await writeFile(join(staged.site, '.env'), 'SECRET=1\n');
        const child = await start('caddy', ['run', '--config', staged.config!, '--adapter', 'caddyfile'], port, { cwd: tmp, env: { HOME: tmp, XDG_DATA_HOME: join(tmp, 'caddy-data'), XDG_CONFIG_HOME: join(tmp, 'caddy-config') } });
        try {
          await checkHost({ base: `http://127.0.0.1:${port}`, urls: site.result.routes.map((r) => r.url), headersFile: await readFile(join(site.out, '_headers'), 'utf8'), redirects: site.redirects });
        } finally {
          await stop(child);
        }
      });
    }
  }, 120_000);
});
