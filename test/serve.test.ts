// `serve` over a real build: every route 200 without redirects, per-locale 404s, cache and security
// headers, precompressed files, conditional requests, and path traversal attempts.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../src/routes/routes.ts';
import { createSiteServer, listen } from '../src/serve/server.ts';
import { securityHeaders } from '../src/security/headers.ts';
import { buildInto } from './helpers/fixtures.ts';
import { get } from './helpers/http.ts';

let server: Server;
let base: string;
let routes: Route[];
let headers: Record<string, string>;

beforeAll(async () => {
  const { out, result } = await buildInto();
  routes = result.routes;
  headers = securityHeaders([result.content.site.leadForm.host, result.content.site.maps.embedUrl]);
  server = createSiteServer({ dir: out, headers: () => headers });
  base = await listen(server, 0, '127.0.0.1');
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('pages', () => {
  it('answers every route of both locales with 200, its title and its language, without redirects', async () => {
    const pages = routes.filter((r) => !r.notFound);
    expect(pages.length).toBeGreaterThan(60);
    for (const route of pages) {
      const reply = await get(base, route.url);
      expect(reply.status, route.url).toBe(200);
      expect(reply.body, route.url).toContain(`<html lang="${route.locale}"`);
      expect(reply.body, route.url).toMatch(/<title>[^<]+ \| Florida Family Primary Care<\/title>/);
    }
  });

  it('answers /es without the slash too', async () => {
    expect((await get(base, '/es')).status).toBe(200);
  });

  it('answers unknown paths with 404 and the page of their locale', async () => {
    const en = await get(base, '/no-such-page');
    expect(en.status).toBe(404);
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('Oops! Page not found');
    const es = await get(base, '/es/no-existe');
    expect(es.status).toBe(404);
    expect(es.body).toContain('<html lang="es"');
    expect(es.body).toContain('¡Uy! Página no encontrada');
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
    expect((await get(base, '/about', {}, 'POST')).status).toBe(405);
  });
});

describe('headers', () => {
  it('sends the security headers on every response', async () => {
    for (const path of ['/', '/es/about', '/nope']) {
      const reply = await get(base, path);
      for (const [name, value] of Object.entries(headers)) expect(reply.headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
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

  it('serves the precompressed file the client accepts', async () => {
    expect((await get(base, '/about', { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBe('br');
    expect((await get(base, '/about', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(base, '/about')).headers['content-encoding']).toBeUndefined();
  });

  it('answers a conditional GET with 304 when the ETag matches', async () => {
    const first = await get(base, '/insurance');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get(base, '/insurance', { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('path traversal', () => {
  const attempts = [
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/%2E%2E/etc/passwd',
    '/..%2fpackage.json',
    '/assets/..%2F..%2Fpackage.json',
    '/..%5cpackage.json',
    '/..\\package.json',
    '/about%00.html',
    '/%c0%ae%c0%ae/package.json',
    `/${'a/'.repeat(800)}`,
    '/es/../../package.json',
  ];
  for (const path of attempts) {
    it(`never reads outside dist: ${path.slice(0, 40)}`, async () => {
      const reply = await get(base, path);
      expect([400, 404]).toContain(reply.status);
      expect(reply.body).not.toContain('"devDependencies"');
      expect(reply.body).not.toContain('root:');
    });
  }
});
