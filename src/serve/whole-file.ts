// Files for `dev`, whose output folder is rewritten while it is served. Each response is one whole
// file read in one go (a page replaced by rename after the read began is still read whole), sent
// with its own length: never the stat of one version and the bytes of another, which is how a
// streaming file server tears a response. A full rebuild swaps the whole folder in two renames, so
// a file missing for an instant is looked up again before the answer is "not found".
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html;charset=utf-8', '.css': 'text/css;charset=utf-8', '.js': 'text/javascript;charset=utf-8',
  '.mjs': 'text/javascript;charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.ico': 'image/x-icon', '.xml': 'application/xml', '.txt': 'text/plain;charset=utf-8', '.woff2': 'font/woff2',
};

/** How long a missing file may be missing because the folder is being swapped. */
const SWAP_RETRIES = [20, 40, 80];

/** The files a request path may mean, as sirv and static hosts read them ("/about" → about.html). */
function candidates(pathname: string): string[] {
  if (pathname.endsWith('/')) return [`${pathname}index.html`];
  return [pathname, `${pathname}.html`, `${pathname}/index.html`];
}

function read(dir: string, pathname: string): { file: string; data: Buffer } | undefined {
  for (const candidate of candidates(pathname)) {
    try {
      return { file: candidate, data: readFileSync(join(dir, candidate)) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'ENOTDIR') throw error;
    }
  }
  return undefined;
}

/** Reads a file of the served folder whole, waiting briefly while the folder is being swapped. */
export async function readWhole(dir: string, pathname: string): Promise<{ file: string; data: Buffer } | undefined> {
  for (const wait of [0, ...SWAP_RETRIES]) {
    if (wait) await new Promise((done) => setTimeout(done, wait));
    const found = read(dir, pathname);
    if (found) return found;
  }
  return undefined;
}

/** Answers a request with a whole file (or 304); resolves false when there is no such file. */
export async function serveWhole(dir: string, pathname: string, req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<boolean> {
  const found = await readWhole(dir, pathname);
  if (!found) return false;
  const etag = `"${createHash('sha1').update(found.data).digest('base64url')}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304);
    res.end();
    return true;
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(found.file)] ?? 'application/octet-stream', 'Content-Length': found.data.length });
  res.end(req.method === 'HEAD' ? undefined : found.data);
  return true;
}
