// "Sign In with GitHub" without a token: the OAuth helper the build deploys with the site (a Cloudflare
// Pages Function, src/admin/oauth-worker.ts), run by Cloudflare's own local runtime (`wrangler pages
// dev`, no account) on exactly what the deploy uploads, against a fake GitHub OAuth server on
// loopback. In Chromium, a window of the site's origin plays the editor (the popup protocol Sveltia's
// and Decap's base_url expect): the sign-in succeeds; a window of another origin gets nothing; a
// state that is not this browser's, an error from GitHub and a code GitHub refuses each end without
// a token.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { stage } from '../src/deploy/stage.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './helpers/browser.ts';
import { ROOT } from './helpers/fixtures.ts';

const CLIENT = { id: 'Iv1.test-client', secret: 'test-secret' };
const TOKEN = 'gho_TestTokenFromFakeGitHub';
let tmp: string;
let site: string;
let github: string;
let wrangler: ChildProcess;
let fake: Server;
let browser: Browser;
const exchanges: Record<string, unknown>[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-sign-in-'));
  // A fake GitHub: its authorization page approves at once (a person clicking "Authorize"); its token
  // endpoint gives a token for the one good code and this app's secret only. Another origin's page too.
  fake = createServer(async (request, response) => {
    const url = new URL(request.url!, 'http://127.0.0.1');
    if (url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      if (url.searchParams.get('client_id') !== CLIENT.id) return void response.writeHead(400).end('unknown app');
      back.searchParams.set(url.searchParams.get('deny') ? 'error' : 'code', 'good-code');
      back.searchParams.set('state', url.searchParams.get('state')!);
      return void response.writeHead(302, { Location: back.toString() }).end();
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const sent = JSON.parse(body) as Record<string, string>;
      exchanges.push(sent);
      const ok = sent.client_id === CLIENT.id && sent.client_secret === CLIENT.secret && sent.code === 'good-code';
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return void response.end(JSON.stringify(ok ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo' } : { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' }));
    }
    if (url.pathname === '/other-site') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>another site</title>');
    response.writeHead(404).end();
  });
  const githubPort = await freePort();
  await new Promise<void>((resolve) => fake.listen(githubPort, '127.0.0.1', resolve));
  github = `http://127.0.0.1:${githubPort}`;

  // Exactly what the deploy uploads to Cloudflare Pages, from the suite's build of the site.
  const staged = stage(inject('distDir'), join(tmp, 'upload'));
  const port = await freePort();
  const work = join(tmp, 'wrangler');
  await mkdir(work, { recursive: true });
  wrangler = spawn(join(ROOT, 'node_modules/.bin/wrangler'), [
    'pages', 'dev', staged.site, '--ip', '127.0.0.1', '--port', String(port), '--compatibility-date', '2026-04-26', '--log-level', 'error',
    '--binding', `GITHUB_CLIENT_ID=${CLIENT.id}`, '--binding', `GITHUB_CLIENT_SECRET=${CLIENT.secret}`, '--binding', `GITHUB_OAUTH_ORIGIN=${github}`,
  ], { cwd: work, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', XDG_CONFIG_HOME: join(work, 'config'), HOME: work, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  wrangler.stdout!.on('data', (d) => (log += d));
  wrangler.stderr!.on('data', (d) => (log += d));
  site = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (wrangler.exitCode !== null || i > 300) throw new Error(`wrangler did not start:\n${log}`);
    if (await fetch(`${site}/`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (wrangler && wrangler.exitCode === null) {
    const done = new Promise((r) => wrangler.once('exit', r));
    wrangler.kill('SIGTERM');
    await done;
  }
  await new Promise((r) => fake?.close(r));
  await rm(tmp, { recursive: true, force: true });
});

/**
 * A window at `origin` that plays the editor: opens the sign-in popup, answers "authorizing:github" as
 * the editor does, and resolves with every message it received (or none, after a while).
 */
async function signInFrom(origin: string, path = '/admin/auth?provider=github&site_id=www.example.com&scope=repo') {
  const context = await browser.newContext();
  // No request leaves loopback (the page of another origin is the fake GitHub's).
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(origin === site ? `${site}/` : `${github}/other-site`);
  const received = await page.evaluate(async ({ url, site }) => {
    const got: string[] = [];
    return new Promise<string[]>((resolve) => {
      window.addEventListener('message', (event) => {
        got.push(`${event.origin} ${String(event.data)}`);
        if (String(event.data) === 'authorizing:github') (event.source as Window).postMessage('authorizing:github', event.origin);
        else resolve(got);
      });
      window.open(new URL(url, site).toString(), 'sign-in', 'popup');
      setTimeout(() => resolve(got), 8000);
    });
  }, { url: path, site });
  await context.close();
  return received;
}

describe("the editor's sign-in with GitHub, on Cloudflare Pages' runtime", () => {
  it('is offered by the generated editor configuration, through the site\'s own helper', async () => {
    const config = JSON.parse(await readFile(join(inject('distDir'), 'admin/config.json'), 'utf8')) as { backend: Record<string, unknown> };
    expect(config.backend).toMatchObject({ name: 'github', auth_endpoint: 'admin/auth' });
    expect(config.backend.base_url).toMatch(/^https:\/\/[^/]+$/);
    // The access token stays as the way in where the host has no helper.
    expect(config.backend.auth_methods).toBeUndefined();
    expect(await readFile(join(inject('distDir'), '_routes.json'), 'utf8')).toContain('"/admin/callback"');
  });

  it('signs in: GitHub\'s authorization, the state checked, the code exchanged with the app\'s secret, the token handed to the editor window only', async () => {
    const received = await signInFrom(site);
    expect(received).toEqual([`${site} authorizing:github`, `${site} authorization:github:success:${JSON.stringify({ provider: 'github', token: TOKEN })}`]);
    expect(exchanges.at(-1)).toMatchObject({ client_id: CLIENT.id, client_secret: CLIENT.secret, code: 'good-code', redirect_uri: `${site}/admin/callback` });
  });

  it('gives nothing to a window of another origin that opens the sign-in', async () => {
    const received = await signInFrom(github);
    expect(received.join('\n')).not.toContain(TOKEN);
    expect(received).toEqual([]);
  });

  it('refuses a callback whose state this browser did not start, with no token and no script', async () => {
    const start = await fetch(`${site}/admin/auth?provider=github&scope=repo`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${github}/login/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ client_id: CLIENT.id, redirect_uri: `${site}/admin/callback`, scope: 'repo' });
    const state = authorize.searchParams.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    const cookie = start.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-editor-oauth-state=[0-9a-f]{64}; Path=\/; Secure; HttpOnly; SameSite=Lax/);
    const before = exchanges.length;
    for (const [given, sent] of [['f'.repeat(64), cookie.split(';')[0]!], [state, ''], [state, `__Host-editor-oauth-state=${'0'.repeat(64)}`]]) {
      const answer = await fetch(`${site}/admin/callback?code=good-code&state=${given}`, { headers: sent ? { cookie: sent } : {} });
      const html = await answer.text();
      expect(answer.status).toBe(400);
      expect(html).toContain('could not be completed');
      expect(html).not.toContain('<script');
    }
    // GitHub was never asked for a token.
    expect(exchanges.length).toBe(before);
  });

  it('ends without a token when GitHub says no, or refuses the code', async () => {
    const start = await fetch(`${site}/admin/auth?provider=github`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
    const denied = await fetch(`${site}/admin/callback?error=access_denied&error_description=The+user+has+denied+your+application+access&state=${state}`, { headers: { cookie } });
    expect(denied.status).toBe(401);
    const deniedPage = await denied.text();
    expect(deniedPage).toContain('authorization:github:error:');
    expect(deniedPage).not.toContain('"token"');
    const refused = await fetch(`${site}/admin/callback?code=stale-code&state=${state}`, { headers: { cookie } });
    expect(refused.status).toBe(502);
    expect(await refused.text()).toContain('The code passed is incorrect or expired.');
    // The page that hands over a token is never kept, framed or given a script from elsewhere.
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'nonce-[0-9a-f]{32}'; .*frame-ancestors 'none'/);
  });

  it('serves the site itself as before: the function answers its two paths only', async () => {
    const home = await fetch(`${site}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${site}/_worker.js`)).status).not.toBe(200);
  });
});
