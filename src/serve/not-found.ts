// The "not found" answer: the 404 page of the request's locale (a first-level folder with its own
// 404.html is a locale; anything else gets the root one), compressed like every other page when the
// client accepts it.
import type { IncomingMessage } from 'node:http';
import type { FoundFile, ServedFiles } from './files.ts';

/** The 404 page for a path, as the client accepts it; read afresh in dev (which rebuilds it). */
export async function notFoundPage(files: ServedFiles, pathname: string, req: IncomingMessage): Promise<FoundFile> {
  const first = pathname.split('/')[1] ?? '';
  const page = /^[a-z]{2,3}(-[a-z0-9]+)?$/i.test(first) && files.has(`/${first}/404.html`) ? `/${first}/404.html` : '/404.html';
  const found = await files.find(page, String(req.headers['accept-encoding'] ?? ''));
  if (!found) throw new Error(`no ${page} in ${files.dir}`);
  return found;
}
