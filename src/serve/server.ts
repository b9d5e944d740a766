// The preview server over a built site: sirv for files (precompressed variants, ETags), our cache
// and security headers, the locale's 404 page with status 404, and a 500 page on internal faults.
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, HASHED_ASSET, SPECULATION_RULES } from '../security/headers.ts';
import { errorPage } from './error-page.ts';
import { parseHeadersFile } from './headers-file.ts';
import { checkRequestPath } from './request-path.ts';

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
      dev: options.watch,
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
  let handler = files();
  // In dev the folder is rebuilt, so the 404 pages are read afresh; otherwise once.
  const notFoundCache = new Map<string, string>();
  const notFoundPage = (pathname: string): string => {
    // A first-level folder with its own 404.html is a locale; anything else gets the root one.
    const first = pathname.split('/')[1] ?? '';
    const file = /^[a-z]{2,3}(-[a-z0-9]+)?$/i.test(first) && existsSync(join(dir, first, '404.html')) ? join(first, '404.html') : '404.html';
    const cached = notFoundCache.get(file);
    if (cached) return cached;
    const html = readFileSync(join(dir, file), 'utf8');
    if (!options.watch) notFoundCache.set(file, html);
    return html;
  };

  const send = (res: ServerResponse, status: number, html: string, req: IncomingMessage) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : html);
  };

  const server = createHttpServer((req, res) => {
    try {
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
      const notFound = () => {
        options.log?.(`404 ${pathname}`);
        send(res, 404, notFoundPage(pathname), req);
      };
      if (NOT_FOUND_PAGES.test(pathname)) return notFound();
      handler(req, res, notFound);
    } catch (error) {
      options.log?.(`500 ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, 500, errorPage('500 Internal Server Error'), req);
      else res.destroy();
    }
  });
  return Object.assign(server, { reindex: () => { handler = files(); } });
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
