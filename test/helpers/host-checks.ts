// What a visitor gets from a host, checked the same way on every runtime that serves the output:
// `serve` (the quick suite), Cloudflare's own local runtime, nginx and Caddy (the slow set). Every
// page in both languages answers 200 with the headers _headers gives its path; one URL per page
// (the .html and trailing-slash forms redirect permanently to it); each locale's 404 page with
// status 404; the editor's own policy; no engine or hidden file served, but /.well-known/ (security.txt)
// is; a page without a cache rule of its own is revalidated on every visit, as `serve` says.
import { expect } from 'vitest';
import { headersFor, parseHeadersFile, type HeaderRule } from '../../src/security/headers-file.ts';
import { CACHE_REVALIDATE } from '../../src/security/headers.ts';

export interface HostCase {
  /** The origin the runtime listens on. */
  base: string;
  /** The page URLs the build made, every locale. */
  urls: string[];
  /** The build's _headers. */
  headersFile: string;
  /** Redirects the site defines (from → to), when it has any. */
  redirects?: { from: string; to: string }[];
  /**
   * The host cleans a path before it reaches the site (Cloudflare's URL normalization merges slashes and
   * decodes letters at the edge; its local runtime does not), so other spellings are not asked for.
   */
  normalizedAtTheEdge?: boolean;
}

const PERMANENT = [301, 308];
const SECURITY = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'strict-transport-security', 'x-frame-options'];

async function get(url: string): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: { 'accept-encoding': 'br, gzip' } });
}

/** The headers _headers gives a path, by lower-case name, values of several rules as the list a browser reads. */
function expected(rules: HeaderRule[], path: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headersFor(rules, path))) out[name.toLowerCase()] = value.split(/,\s*/);
  return out;
}
const listOf = (value: string | null) => (value ?? '').split(/,\s*/).filter(Boolean);

function sameHeaders(response: Response, rules: HeaderRule[], path: string, label: string): void {
  const want = expected(rules, path);
  for (const name of SECURITY) {
    expect(listOf(response.headers.get(name)).sort(), `${label}: ${name}`).toEqual((want[name] ?? []).sort());
  }
}

/** A top-level folder of static/ whose name is not ASCII, as a site from elsewhere has (its address is percent-encoded). */
export const ACCENTED_FILE = '/planos-café/mapa.txt';

/**
 * A copy of a static folder with a file under .well-known/ as a site publishes one (RFC 9116's security.txt), and a file in
 * a folder with an accented name (ACCENTED_FILE), for checkHost to ask for.
 */
export async function withWellKnown(staticDir: string, copy: string): Promise<string> {
  const { cp, mkdir, writeFile } = await import('node:fs/promises');
  const { dirname, join } = await import('node:path');
  await cp(staticDir, copy, { recursive: true });
  await mkdir(join(copy, '.well-known'), { recursive: true });
  await writeFile(join(copy, '.well-known/security.txt'), 'Contact: mailto:security@example.com\nExpires: 2030-01-01T00:00:00.000Z\n');
  await mkdir(join(copy, dirname(ACCENTED_FILE)), { recursive: true });
  await writeFile(join(copy, ACCENTED_FILE), 'Planta baja\n');
  return copy;
}

export async function checkHost({ base, urls, headersFile, redirects = [], normalizedAtTheEdge = false }: HostCase): Promise<void> {
  const rules = parseHeadersFile(headersFile);
  const pages = urls.filter((u) => !u.endsWith('/404'));
  expect(pages.length).toBeGreaterThan(10);
  // Every page, both languages: 200 and its headers.
  for (const url of pages) {
    const response = await get(base + url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
    sameHeaders(response, rules, url, url);
    expect(listOf(response.headers.get('cache-control')).sort(), `${url}: cache-control`).toEqual((expected(rules, url)['cache-control'] ?? listOf(CACHE_REVALIDATE)).sort());
    await response.arrayBuffer();
  }
  // What the build publishes under /.well-known/ is served like any file.
  const security = await get(`${base}/.well-known/security.txt`);
  expect(security.status, '/.well-known/security.txt').toBe(200);
  sameHeaders(security, rules, '/.well-known/security.txt', '/.well-known/security.txt');
  expect(await security.text()).toMatch(/^Contact: /m);
  // A folder whose name is percent-encoded in its address gets its rules as any other (nginx matched the encoded form).
  const accented = await get(base + encodeURI(ACCENTED_FILE));
  expect(accented.status, ACCENTED_FILE).toBe(200);
  sameHeaders(accented, rules, ACCENTED_FILE, ACCENTED_FILE);
  expect(listOf(accented.headers.get('content-security-policy')).length, `${ACCENTED_FILE}: content-security-policy`).toBeGreaterThan(0);
  await accented.arrayBuffer();
  // Another spelling of a page's path (a doubled slash, a letter percent-encoded) never loses its
  // headers: it is moved to the page, refused, or answered with the page's own.
  const page = pages.find((u) => /^\/[a-z]/.test(u) && u.split('/').length === 2)!;
  for (const spelling of normalizedAtTheEdge ? [] : [`/${page}`, `/%${page.charCodeAt(1).toString(16)}${page.slice(2)}`]) {
    const response = await get(base + spelling);
    if (response.status === 200) sameHeaders(response, rules, page, spelling);
    else expect([301, 308, 400, 404], spelling).toContain(response.status);
    await response.arrayBuffer();
  }
  // One URL per page: the other spellings move permanently to it.
  const locales = [...new Set(pages.map((u) => /^\/([a-z]{2})\//.exec(u)?.[1]).filter(Boolean))] as string[];
  const moves: [string, string][] = [['/index.html', '/'], ...locales.map((l) => [`/${l}`, `/${l}/`] as [string, string])];
  for (const url of pages.filter((u) => !u.endsWith('/')).slice(0, 6)) moves.push([`${url}.html`, url], [`${url}/`, url]);
  for (const url of pages.filter((u) => /^\/[a-z]{2}\/.+/.test(u)).slice(0, 4)) moves.push([`${url}.html`, url], [`${url}/`, url]);
  for (const [from, to] of moves) {
    const response = await get(base + from);
    expect(PERMANENT, `${from} → ${response.status} ${response.headers.get('location')}`).toContain(response.status);
    expect(new URL(response.headers.get('location')!, base + from).pathname, from).toBe(to);
  }
  // The site's own redirects.
  for (const { from, to } of redirects) {
    const response = await get(base + from);
    expect(PERMANENT, from).toContain(response.status);
    expect(new URL(response.headers.get('location')!, base + from).pathname, from).toBe(to);
  }
  // Each locale's 404 page, with status 404 and the headers of the path asked for.
  for (const prefix of ['', ...locales.map((l) => `/${l}`)]) {
    const path = `${prefix}/no-such-page-${Date.now()}`;
    const response = await get(base + path);
    expect(response.status, path).toBe(404);
    const html = await response.text();
    const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
    expect(lang, path).toBe(prefix ? prefix.slice(1) : /<html lang="([^"]+)"/.exec(await (await get(`${base}/`)).text())?.[1]);
    sameHeaders(response, rules, path, path);
  }
  // The editor's own policy.
  const admin = await get(`${base}/admin/`);
  if (admin.status === 200) {
    expect(admin.headers.get('content-security-policy')).toBe(expected(rules, '/admin/')['content-security-policy']!.join(', '));
    expect(admin.headers.get('content-security-policy')).not.toBe(expected(rules, '/about')['content-security-policy']?.join(', '));
    await admin.arrayBuffer();
  }
  // Nothing of the engine's and nothing hidden.
  for (const path of ['/.env', '/.site-output', '/.site-manifest', '/_headers', '/_redirects', '/index.html.br', '/404.html.br', '/.well-known/../.site-output']) {
    const response = await get(base + path);
    expect(response.status, path).not.toBe(200);
    await response.arrayBuffer();
  }
}

/** Stages dist for nginx (`site stage --host nginx`), runs nginx on a free loopback port, and hands its address to use. */
export async function onStagedNginx(dist: string, use: (base: string) => Promise<void>): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { chmod, mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { createServer } = await import('node:net');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { stage } = await import('../../src/deploy/stage.ts');
  const tmp = await mkdtemp(join(tmpdir(), 'site-nginx-'));
  await chmod(tmp, 0o755);
  const port = await new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => done(p));
    });
  });
  const staged = stage(dist, join(tmp, 'nginx'), { host: 'nginx', listen: `127.0.0.1:${port}` });
  await writeFile(join(tmp, 'main.conf'), `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\npid ${tmp}/nginx.pid;\nerror_log ${tmp}/error.log;\ndaemon off;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  include ${staged.config};\n}\n`);
  const nginx = spawn('nginx', ['-p', tmp, '-c', join(tmp, 'main.conf')], { stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i++) if (await fetch(base).then(() => true, () => false)) break; else await new Promise((r) => setTimeout(r, 100));
    await use(base);
  } finally {
    nginx.kill('SIGTERM');
    await rm(tmp, { recursive: true, force: true });
  }
}
