// A locale is a first-level folder with its own 404.html; other paths get the root one.
import type { IncomingMessage } from 'node:http';
import type { FoundFile, ServedFiles } from './files.ts';

/** As the client accepts it; read afresh in dev, which rebuilds it. */
export async function notFoundPage(files: ServedFiles, pathname: string, req: IncomingMessage): Promise<FoundFile> {
  const first = pathname.split('/')[1] ?? '';
  const page = /^[a-z]{2,3}(-[a-z0-9]+)?$/i.test(first) && files.has(`/${first}/404.html`) ? `/${first}/404.html` : '/404.html';
  const found = await files.find(page, String(req.headers['accept-encoding'] ?? ''));
  if (!found) throw new Error(`no ${page} in ${files.dir}`);
  return found;
}
