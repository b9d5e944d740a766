// The preview server, answering as a static host would: _headers, brotli or gzip, ETag, 308 to one URL per page, locale 404s.
import { parseRedirectsFile } from '../plugins/redirects.ts';
import { decodedPath } from '../routes/urls.ts';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { headersFor, parseHeadersFile, type HeaderRule } from '../security/headers-file.ts';
import { CACHE_REVALIDATE } from '../security/headers.ts';
import { errorPage } from './error-page.ts';
import { Compressor } from './compress.ts';
import { contentType, ServedFiles, type FoundFile } from './files.ts';
import { sirvLayer } from './sirv-layer.ts';
import { notFoundPage } from './not-found.ts';
import { canonicalPath, sameSiteLocation } from './pretty-urls.ts';
import { checkRequestPath } from './request-path.ts';
import { inert } from '../problems/inert.ts';

export interface ServerOptions {
  dir: string;
  /** The folder changes while it is served (dev): read every file afresh, wait briefly during a swap. */
  watch?: boolean;
  /** Adjusts the headers the folder's _headers file gives a response (dev drops what needs HTTPS). */
  headers?: (headers: Record<string, string>) => Record<string, string>;
  /** Handles a request before files are looked up; returns true when it answered. */
  before?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  /** Logs one line per failed request. */
  log?: (line: string) => void;
}

/** A server that can be told its folder was rebuilt (to reread files and _headers). */
export type SiteServer = Server & { reindex(): void };

export function createSiteServer(options: ServerOptions): SiteServer {
  const files = new ServedFiles(resolve(options.dir), options.watch);
  const stream = options.watch ? undefined : sirvLayer(resolve(options.dir));
  const compressor = new Compressor();
  let rules = readRules(files);
  let redirects = readRedirects(files);

  const headersOf = (pathname: string): Record<string, string> => {
    const headers = headersFor(rules, pathname);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control')) headers['Cache-Control'] = CACHE_REVALIDATE;
    return options.headers ? options.headers(headers) : headers;
  };

  const send = (res: ServerResponse, status: number, html: string, req: IncomingMessage) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : html);
  };

  const sendFile = (req: IncomingMessage, res: ServerResponse, status: number, file: FoundFile) => {
    const found = compressor.encode(file, String(req.headers['accept-encoding'] ?? ''));
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', found.etag);
    if (status === 200 && req.headers['if-none-match'] === found.etag) {
      res.writeHead(304);
      return res.end();
    }
    if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', contentType(found.file));
    if (found.encoding) res.setHeader('Content-Encoding', found.encoding);
    res.writeHead(status, { 'Content-Length': found.data.length });
    res.end(req.method === 'HEAD' ? undefined : found.data);
  };

  const notFound = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    options.log?.(`404 ${inert(pathname)}`); // a visited page can make a browser ask for any address
    res.setHeader('Cache-Control', 'no-store');
    sendFile(req, res, 404, await notFoundPage(files, pathname, req));
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, errorPage('This server answers GET and HEAD only.', { title: '405 Method Not Allowed' }), req);
    }
    const checked = checkRequestPath(req.url ?? '/');
    if (!checked.ok) {
      options.log?.(`${checked.status} ${inert(req.url?.slice(0, 120) ?? '')} (${checked.reason})`);
      return send(res, checked.status, errorPage(`The address cannot be read: ${checked.reason}.`, { title: `${checked.status} Bad Request` }), req);
    }
    const { pathname } = checked;
    for (const [name, value] of Object.entries(headersOf(pathname))) res.setHeader(name, value);
    if (options.before?.(req, res, pathname)) return;
    // _redirects as hosts apply them (only ever to a path of this site).
    const redirect = redirects.get(pathname);
    // The query kept, the target always a path of this site.
    const goTo = (status: number, to: string) => {
      const url = req.url ?? '';
      res.writeHead(status, { Location: sameSiteLocation(to, url.includes('?') ? url.slice(url.indexOf('?')) : ''), 'Cache-Control': CACHE_REVALIDATE });
      res.end();
    };
    if (redirect) return goTo(redirect.status, redirect.to);
    if (!published(pathname)) return notFound(req, res, pathname);
    if (/^\/(?:[a-z]{2,3}(?:-[a-z0-9]+)?\/)?404(?:\.html)?$/i.test(pathname)) return notFound(req, res, pathname);
    const moved = canonicalPath(files, pathname);
    // 308, as Cloudflare Pages answers (permanent, and the method kept).
    if (moved) return goTo(308, moved);
    const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
    if (stream) {
      const located = await files.locate(pathname, acceptEncoding);
      if (!located) return notFound(req, res, pathname);
      // Text without a twin is compressed here (and kept); sirv streams the rest: twins, images, fonts.
      if (located.encoding || !Compressor.wanted(located.file, acceptEncoding)) return stream(req, res, located);
      const found = await files.read(located.file);
      return found ? sendFile(req, res, 200, found) : notFound(req, res, pathname);
    }
    const found = await files.find(pathname, acceptEncoding);
    if (found) return sendFile(req, res, 200, found);
    return notFound(req, res, pathname);
  };

  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    // The address as the client sent it: shown inert, never as control characters the terminal would act on.
    options.log?.(inert(`500 ${req.url}: ${error instanceof Error ? error.message : String(error)}`));
    if (!res.headersSent) send(res, 500, errorPage('Something went wrong sending this file: the terminal running the server says what.', { title: '500 Internal Server Error' }), req);
    else res.destroy();
  };

  const server = createHttpServer((req, res) => {
    answer(req, res).catch((error: unknown) => fail(req, res, error));
  });
  return Object.assign(server, {
    reindex() {
      files.reset();
      rules = readRules(files);
      redirects = readRedirects(files);
    },
  });
}

/** Hidden files (a stray .env) and hosts' configuration are never served, nor a twin by its own address: sirv would send an
 * .br as its page's type, so a planted index.html.br would render as a page. */
function published(pathname: string): boolean {
  if (pathname === '/_headers' || pathname === '/_redirects' || pathname === '/_worker.js' || pathname === '/_routes.json') return false;
  if (/\.(br|gz)$/i.test(pathname)) return false;
  return !pathname.split('/').some((part) => part.startsWith('.') && part !== '.well-known');
}

function readRules(files: ServedFiles): HeaderRule[] {
  if (!files.has('/_headers')) return [];
  return parseHeadersFile(readFileSync(resolve(files.dir, '_headers'), 'utf8'));
}

/** _redirects: exact paths of this site to paths of this site (404 rules are the 404 pages' business). */
function readRedirects(files: ServedFiles): Map<string, { to: string; status: number }> {
  if (!files.has('/_redirects')) return new Map();
  // The file spells paths percent-encoded ("/caf%C3%A9"); a request's path is looked up decoded, and its target sent encoded once.
  return new Map(parseRedirectsFile(readFileSync(resolve(files.dir, '_redirects'), 'utf8')).map(({ from, to, status }) => [decodedPath(from), { to: decodedPath(to), status }]));
}

export function createDistServer(dir: string, options: Omit<ServerOptions, 'dir'> = {}): SiteServer {
  return createSiteServer({ ...options, dir });
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
