// `serve` over a real build, as a static host would answer it: every route 200 without redirects,
// one URL per page, per-locale 404s (compressed), the headers of dist/_headers over HTTP,
// precompressed files, conditional requests, and path traversal attempts that must never read the
// files placed just outside the served folder.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../src/routes/routes.ts';
import { devHeaders } from '../src/security/headers.ts';
import { createDistServer, createSiteServer, listen } from '../src/serve/server.ts';
import { buildInto, CONTENT } from './helpers/fixtures.ts';
import { get } from './helpers/http.ts';

let work: string;
let server: Server;
let devServer: Server;
let base: string;
let devBase: string;
let routes: Route[];
let weights: { file: string; brotli?: number }[];
const SENTINEL = `sentinel-${randomUUID()}`;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'site-serve-'));
  const { out, result } = await buildInto({ out: join(work, 'site', 'dist') });
  routes = result.routes;
  weights = result.sizes.pages.map((p) => ({ file: p.route.file, brotli: p.brotli }));
  // Files beside and above the served folder that no request may ever read.
  for (const file of [join(work, 'site', 'package.json'), join(work, 'site', 'secret.txt'), join(work, 'secret.txt')]) await writeFile(file, SENTINEL);
  // Links inside the served folder: to a file outside it, to a folder outside it, and to nothing.
  await mkdir(join(work, 'private'));
  await writeFile(join(work, 'private', 'key.txt'), SENTINEL);
  await symlink(join(work, 'secret.txt'), join(out, 'linked.txt'));
  await symlink(join(work, 'private'), join(out, 'linked-folder'));
  await symlink(join(work, 'nothing-here'), join(out, 'dangling.html'));
  await symlink(join(work, 'secret.txt'), join(out, 'services', 'linked.html'));
  server = createDistServer(out);
  base = await listen(server, 0, '127.0.0.1');
  devServer = createSiteServer({ dir: out, watch: true, headers: devHeaders });
  devBase = await listen(devServer, 0, '127.0.0.1');
});
afterAll(async () => {
  await Promise.all([server, devServer].map((s) => new Promise<void>((done) => s.close(() => done()))));
  await rm(work, { recursive: true, force: true });
});

describe('pages', () => {
  it('answers every route of both locales with 200, its title and its language, without redirects', async () => {
    const pages = routes.filter((r) => !r.notFound);
    expect(pages.length).toBeGreaterThan(60);
    for (const route of pages) {
      const reply = await get(base, route.url);
      expect(reply.status, route.url).toBe(200);
      expect(reply.body, route.url).toContain(`<html lang="${route.locale}"`);
      expect(reply.body, route.url).toMatch(/<title>[^<]+ \| FL Family Care<\/title>/);
    }
  });

  it('moves /es to /es/, as Cloudflare Pages does (one URL for the locale home)', async () => {
    const reply = await get(base, '/es');
    expect(reply.status).toBe(308);
    expect(reply.headers.location).toBe('/es/');
  });

  it('answers unknown paths with 404 and the page of their locale', async () => {
    const en = await get(base, '/no-such-page');
    expect(en.status).toBe(404);
    expect(en.body).toContain('<html lang="en"');
    // The message as the content says it in each language (a staff member may reword it).
    const { parse } = await import('yaml');
    const message = async (locale: string) => (parse(await readFile(join(CONTENT, locale, 'pages/not-found.yaml'), 'utf8')) as { text: string }).text;
    expect(en.body).toContain(await message('en'));
    const es = await get(base, '/es/no-existe');
    expect(es.status).toBe(404);
    expect(es.body).toContain('<html lang="es"');
    expect(es.body).toContain(await message('es'));
    expect((await get(base, '/404')).status).toBe(404);
    expect((await get(base, '/services/not-a-service')).status).toBe(404);
  });

  it('answers HEAD like GET without a body', async () => {
    const reply = await get(base, '/about', {}, 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.body).toBe('');
    expect(reply.headers['content-type']).toBe('text/html;charset=utf-8');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const posted = await get(base, '/about', {}, 'POST');
    expect(posted.status).toBe(405);
    expect(posted.body).toContain('<title>405 Method Not Allowed</title>');
  });

  it('answers an address it cannot read with 400, saying why', async () => {
    const reply = await get(base, '/blog/%ZZ');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatch(/<h1>400 Bad Request<\/h1><pre>The address cannot be read: malformed percent-encoding\.<\/pre>/);
  });
});

describe('one URL per page', () => {
  it('moves /about/ and /about.html to /about, and the index files to their folder, keeping the query', async () => {
    const moves: [string, string][] = [['/about/', '/about'], ['/about.html', '/about'], ['/es/about/', '/es/about'], ['/es/services/vaccines.html?x=1', '/es/services/vaccines?x=1'], ['/index.html', '/'], ['/es/index.html', '/es/']];
    for (const [from, to] of moves) {
      const reply = await get(base, from);
      expect(reply.status, from).toBe(308);
      expect(reply.headers.location, from).toBe(to);
    }
    expect((await get(base, '/es/')).status).toBe(200);
    expect((await get(base, '/nope/')).status).toBe(404);
  });

  it('serves the 404 page compressed, like every other page', async () => {
    const reply = await get(base, '/es/no-existe', { 'accept-encoding': 'br' }, 'GET', true);
    expect(reply.status).toBe(404);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.raw!).toString()).toContain('<html lang="es"');
  });
});

describe('headers', () => {
  it('sends the headers of dist/_headers on every response, as a static host would', async () => {
    for (const path of ['/', '/es/about', '/nope']) {
      const reply = await get(base, path);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain('frame-src https://forms.example.com https://www.google.com');
      expect(csp, path).not.toContain('unsafe-inline');
      expect(reply.headers['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
      expect(reply.headers['x-content-type-options'], path).toBe('nosniff');
      expect(reply.headers['x-frame-options'], path).toBe('DENY');
      expect(reply.headers['speculation-rules'], path).toBe('"/speculation-rules.json"');
    }
  });

  it('revalidates HTML and caches hashed assets for a year', async () => {
    const page = await get(base, '/');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const css = page.body.match(/href="(\/assets\/site-[A-Z0-9]+\.css)"/)![1]!;
    const asset = await get(base, css);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses as the default host does: brotli or gzip, as the client accepts (the build wrote no twins for it)', async () => {
    const { gunzipSync } = await import('node:zlib');
    const page = await readFile(join(work, 'site', 'dist', 'about.html'));
    expect(existsSync(join(work, 'site', 'dist', 'about.html.br'))).toBe(false);
    // The budgets still weigh every page in brotli, compressed in memory.
    expect(weights.length).toBe(routes.length);
    expect(weights.every((w) => typeof w.brotli === 'number' && w.brotli > 500)).toBe(true);
    for (const url of [base, devBase]) {
      const br = await get(url, '/about', { 'accept-encoding': 'gzip, br' }, 'GET', true);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.raw!), url).toEqual(page);
      const gz = await get(url, '/about', { 'accept-encoding': 'gzip' }, 'GET', true);
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.raw!), url).toEqual(page);
      // Each encoding is its own representation: its own ETag, and a 304 only for that one.
      expect(gz.headers.etag, url).not.toBe(br.headers.etag);
      expect((await get(url, '/about', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status, url).toBe(304);
      expect((await get(url, '/about', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).status, url).toBe(200);
      const plain = await get(url, '/about');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(page.toString());
    }
  });

  it('answers a conditional GET with 304 when the ETag matches', async () => {
    const first = await get(base, '/insurance');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get(base, '/insurance', { 'if-none-match': etag })).status).toBe(304);
  });
});

it('logs a request for a missing page as one line of plain text, whatever its address holds', async () => {
  // Any page a developer visits can make their browser ask serve for such an address (an <img>).
  const lines: string[] = [];
  const logged = createDistServer(join(work, 'site', 'dist'), { log: (line) => lines.push(line) });
  const at = await listen(logged, 0, '127.0.0.1');
  try {
    for (const path of ['/%1b%5b2J%1b%5b31mRED', '/x%0d%0a::error::injected', '/%c2%9b31mC1', '/%e2%80%a8x']) {
      expect((await get(at, path)).status, path).toBe(404);
    }
  } finally {
    await new Promise<void>((done) => logged.close(() => done()));
  }
  expect(lines).toHaveLength(4);
  for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  expect(lines[1]).toContain('::error::injected'); // shown, on the line of its request
});

describe('path traversal', () => {
  const attempts = [
    '/../package.json',
    '/../secret.txt',
    '/../../secret.txt',
    '/%2e%2e/package.json',
    '/%2E%2E/secret.txt',
    '/%2E%2E/%2E%2E/secret.txt',
    '/..%2fpackage.json',
    '/assets/..%2F..%2Fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/secret.txt%00.html',
    '/%c0%ae%c0%ae/secret.txt',
    `/${'a/'.repeat(800)}`,
    '/es/../../secret.txt',
    '/es/%2e%2e/%2e%2e/secret',
  ];
  for (const path of attempts) {
    it(`never reads outside the served folder: ${path.slice(0, 40)}`, async () => {
      for (const server of [base, devBase]) {
        const reply = await get(server, path);
        expect([400, 404], `${server}${path}`).toContain(reply.status);
        expect(reply.body, `${server}${path}`).not.toContain(SENTINEL);
      }
    });
  }
});

describe('redirects stay on this site', () => {
  const attempts = ['//evil.example/index.html', '//evil.example/about/', '///evil.example/about.html', '//about/', '/%2F%2Fevil.example/', '/%2f/evil.example/', '/\\evil.example/', '/%5Cevil.example/', '/%5c%5cevil.example/index.html', '//evil.example/%2e%2e/index.html', '/.//evil.example/index.html'];
  for (const path of attempts) {
    it(`answers ${path} without sending the browser to another host`, async () => {
      for (const server of [base, devBase]) {
        const reply = await get(server, path);
        const location = reply.headers.location;
        if (location !== undefined) {
          expect(String(location), `${server}${path}`).toMatch(/^\/(?![/\\])/);
          expect(new URL(String(location), 'http://site.test/').host).toBe('site.test');
        }
        expect([308, 400, 404], `${server}${path}`).toContain(reply.status);
      }
    });
  }

  it('still moves //about/ to the page, as one slash', async () => {
    const reply = await get(base, '//about/');
    expect(reply.status).toBe(308);
    expect(reply.headers.location).toBe('/about');
  });
});

describe('symbolic links and hidden files in the served folder', () => {
  for (const path of ['/linked.txt', '/linked-folder/key.txt', '/dangling', '/dangling.html', '/services/linked', '/services/linked.html', '/.site-output', '/.site-manifest', '/_headers', '/_redirects']) {
    it(`answers ${path} with 404 and never follows the link`, async () => {
      for (const server of [base, devBase]) {
        const reply = await get(server, path);
        expect(reply.status, `${server}${path}`).toBe(404);
        expect(reply.body).not.toContain(SENTINEL);
      }
    });
  }

  it('keeps answering after a request for a dangling link', async () => {
    await get(base, '/dangling.html');
    for (const server of [base, devBase]) expect((await get(server, '/about')).status).toBe(200);
  });
});

describe('dev sends the headers of production', () => {
  it('the same policy, minus what plain HTTP on a local network cannot use (HSTS, upgrade-insecure-requests)', async () => {
    for (const path of ['/', '/es/about', '/nope']) {
      const [prod, dev] = [await get(base, path), await get(devBase, path)];
      const csp = String(prod.headers['content-security-policy']);
      expect(csp).toContain('upgrade-insecure-requests');
      expect(dev.headers['content-security-policy']).toBe(csp.replace('; upgrade-insecure-requests', ''));
      expect(dev.headers['strict-transport-security']).toBeUndefined();
      for (const name of ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'speculation-rules']) expect(dev.headers[name], name).toBe(prod.headers[name]);
    }
  });
});

describe('byte ranges, as RFC 9110 reads them', () => {
  /** A request with a Range header: status, Content-Range and the bytes. */
  const ranged = (range: string) => fetch(`${base}/robots.txt`, { headers: { range, 'accept-encoding': 'identity' } }).then(async (r) => ({ status: r.status, contentRange: r.headers.get('content-range'), body: Buffer.from(await r.arrayBuffer()) }));

  it('answers a suffix range with the last bytes, a plain range with those bytes, and ignores what it does not take', async () => {
    const whole = await ranged('bytes=0-');
    expect(whole.status).toBe(206);
    const size = whole.body.length;
    expect(size).toBeGreaterThan(20);
    const last5 = await ranged('bytes=-5');
    expect(last5).toMatchObject({ status: 206, contentRange: `bytes ${size - 5}-${size - 1}/${size}` });
    expect(last5.body.equals(whole.body.subarray(size - 5))).toBe(true);
    expect(await ranged('bytes=2-4')).toMatchObject({ status: 206, contentRange: `bytes 2-4/${size}` });
    expect(await ranged(`bytes=-${size * 10}`)).toMatchObject({ status: 206, contentRange: `bytes 0-${size - 1}/${size}` });
    expect(await ranged(`bytes=3-${size * 10}`)).toMatchObject({ status: 206, contentRange: `bytes 3-${size - 1}/${size}` });
    // Not taken: the whole file, 200.
    for (const range of ['bytes=5-2', 'bytes=0-1,4-5', 'items=0-3', 'bytes=x-y', 'bytes=-']) {
      const reply = await ranged(range);
      expect(reply.status, range).toBe(200);
      expect(reply.body.equals(whole.body), range).toBe(true);
    }
    // Nothing of the file can answer: 416, its size named.
    for (const range of ['bytes=-0', `bytes=${size}-`]) expect(await ranged(range), range).toMatchObject({ status: 416, contentRange: `bytes */${size}` });
  });
});
