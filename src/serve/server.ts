// The preview server over a built site: sirv for files (precompressed variants, ETags), our cache
// and security headers, one URL per page (301 from /about/ and /about.html), the locale's 404 page
// with status 404, and a 500 page on internal faults. In dev (watch) every file is sent whole.
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, HASHED_ASSET, SPECULATION_RULES } from '../security/headers.ts';
import { errorPage } from './error-page.ts';
import { parseHeadersFile } from './headers-file.ts';
import { notFoundBody } from './not-found.ts';
import { canonicalPath } from './pretty-urls.ts';
import { checkRequestPath } from './request-path.ts';
import { serveWhole } from './whole-file.ts';

export interface ServerOptions {
  dir: string;
  /** Re-read files on every request (dev, where the folder is rebuilt); otherwise index once. */
  watch?: boolean;
  /** Headers on every response (security headers). */
  headers?: () => Record<string, string>;
  /** Handles a request before files are looked up; returns true when it answered. */
  before?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  /** Logs one line per failed request. */
  log?: (line: string) => void;
}

const NOT_FOUND_PAGES = /^\/(?:[a-z]{2}\/)?404(?:\.html)?$/;

export function createSiteServer(options: ServerOptions): Server & { reindex(): void } {
  const dir = resolve(options.dir);
  const files = () =>
    sirv(dir, {
      etag: true,
      gzip: true,
      brotli: true,
      extensions: ['html'],
      dotfiles: false,
      setHeaders(res, pathname) {
        res.setHeader('Cache-Control', HASHED_ASSET.test(pathname) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
        if (pathname === SPECULATION_RULES.url) res.setHeader('Content-Type', SPECULATION_RULES.contentType);
      },
    });
  let handler = options.watch ? undefined : files();

  const send = (res: ServerResponse, status: number, html: string, req: IncomingMessage) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : html);
  };

  const notFound = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    options.log?.(`404 ${pathname}`);
    const { body, encoding } = await notFoundBody(dir, pathname, req);
    const headers: Record<string, string | number> = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' };
    if (encoding) headers['Content-Encoding'] = encoding;
    res.writeHead(404, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(options.headers?.() ?? {})) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, errorPage('405 Method Not Allowed'), req);
    }
    const checked = checkRequestPath(req.url ?? '/');
    if (!checked.ok) {
      options.log?.(`${checked.status} ${req.url?.slice(0, 120)} (${checked.reason})`);
      return send(res, checked.status, errorPage(`${checked.status} Bad Request`), req);
    }
    const { pathname } = checked;
    if (options.before?.(req, res, pathname)) return;
    if (NOT_FOUND_PAGES.test(pathname)) return notFound(req, res, pathname);
    const moved = canonicalPath(dir, pathname);
    if (moved) {
      const query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
      res.writeHead(301, { Location: encodeURI(moved) + query, 'Cache-Control': CACHE_REVALIDATE });
      return res.end();
    }
    if (!handler) {
      const cache = HASHED_ASSET.test(pathname) ? CACHE_IMMUTABLE : 'no-cache';
      if (pathname === SPECULATION_RULES.url) res.setHeader('Content-Type', SPECULATION_RULES.contentType);
      if (!(await serveWhole(dir, pathname, req, res, cache))) await notFound(req, res, pathname);
      return;
    }
    handler(req, res, () => void notFound(req, res, pathname).catch((error: unknown) => fail(req, res, error)));
  };

  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    options.log?.(`500 ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) send(res, 500, errorPage('500 Internal Server Error'), req);
    else res.destroy();
  };

  const server = createHttpServer((req, res) => {
    answer(req, res).catch((error: unknown) => fail(req, res, error));
  });
  return Object.assign(server, { reindex: () => { if (handler) handler = files(); } });
}

/** Serves a built folder with the headers of its _headers file, as a static host would. */
export function createDistServer(dir: string, options: Omit<ServerOptions, 'dir' | 'headers'> = {}): Server & { reindex(): void } {
  const path = join(dir, '_headers');
  const headers = existsSync(path) ? parseHeadersFile(readFileSync(path, 'utf8')) : {};
  return createSiteServer({ ...options, dir, headers: () => headers });
}

/** Listens and resolves with the bound address ("http://127.0.0.1:8080"). */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolvePromise(`http://${host.includes(':') ? `[${host}]` : host}:${bound}`);
    });
  });
}
