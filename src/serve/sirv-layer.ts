// sirv gets only a checked path and the exact file. Look-ups of .br/.gz are off (it would send any beside a file); dev mode is on
// (its start-up scan follows links). Gap: it opens by name after our check, so a link swapped in meanwhile would be followed.
import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import type { LocatedFile } from './files.ts';

export type FileLayer = (req: IncomingMessage, res: ServerResponse, located: LocatedFile) => void;

/** For sirv, which reads "bytes=-5" (the last five bytes) as the first six: one range, "unsatisfiable" (sirv answers 416),
 * or undefined to send the whole file (several ranges, another unit, an end before the start). */
export function explicitRange(header: string | undefined, size: number): string | undefined {
  const range = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!range || (range[1] === '' && range[2] === '')) return undefined;
  const unsatisfiable = `bytes=${size}-`;
  if (range[1] === '') {
    const last = Number(range[2]);
    if (last === 0 || size === 0) return unsatisfiable;
    return `bytes=${Math.max(0, size - last)}-${size - 1}`;
  }
  const start = Number(range[1]);
  if (range[2] !== '' && Number(range[2]) < start) return undefined;
  if (start >= size) return unsatisfiable;
  return `bytes=${start}-${range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1)}`;
}

export function sirvLayer(dir: string): FileLayer {
  const send = sirv(dir, { dev: true, etag: true, brotli: false, gzip: false, extensions: [], dotfiles: false });
  return (req, res, located) => {
    // sirv decodes with decodeURI, which leaves reserved characters encoded: "c++.html", not "c%2B%2B.html".
    const url = req.url;
    req.url = located.sent.split('/').map((segment) => encodeURIComponent(segment).replace(/%(2[46BC]|3[ABD]|40)/g, (code) => decodeURIComponent(code))).join('/');
    if (req.headers.range !== undefined) {
      const range = explicitRange(req.headers.range, statSync(join(dir, located.sent)).size);
      if (range === undefined) delete req.headers.range;
      else req.headers.range = range;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    // A twin's type is its page's; sirv names a twin's encoding by its extension (.br, .gz).
    send(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
    req.url = url;
  };
}
