// The "not found" answer: the 404 page of the request's locale (a first-level folder with its own
// 404.html is a locale; anything else gets the root one), compressed like every other page when
// the client accepts it.
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { readWhole } from './whole-file.ts';

export interface NotFoundBody {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/** The 404 page for a path, as the client accepts it; read afresh each time (dev rebuilds it). */
export async function notFoundBody(dir: string, pathname: string, req: IncomingMessage): Promise<NotFoundBody> {
  const first = pathname.split('/')[1] ?? '';
  const page = /^[a-z]{2,3}(-[a-z0-9]+)?$/i.test(first) && existsSync(join(dir, first, '404.html')) ? `/${first}/404.html` : '/404.html';
  const accepts = String(req.headers['accept-encoding'] ?? '');
  for (const [suffix, encoding] of [['.br', 'br'], ['.gz', 'gzip']] as const) {
    if (!accepts.includes(encoding)) continue;
    const found = existsSync(join(dir, page + suffix)) ? await readWhole(dir, page + suffix) : undefined;
    if (found) return { body: found.data, encoding };
  }
  const found = await readWhole(dir, page);
  if (!found) throw new Error(`no ${page} in ${dir}`);
  return { body: found.data };
}
