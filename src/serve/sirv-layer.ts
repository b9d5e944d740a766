// serve's file layer: sirv (the package the project chose for it), behind our checks. sirv is given
// only a path this server has already checked (every part with lstat, no link, no hidden file, one URL
// per page) and the exact file to send: the page itself or the twin the build recorded for it, as the
// client's Accept-Encoding q-values choose. Its own brotli and gzip look-ups are off (it would send any
// .br lying beside a file) and its dev mode is on (its start-up scan follows links and throws on a
// dangling one; dev mode looks each file up when asked, so a rebuilt folder is served as it now is).
// What remains: sirv opens the file by name after our check, so a file replaced by a link in between
// (by someone who can write the built folder) would be followed. dev, whose folder is rewritten while
// served, reads whole files instead (files.ts).
import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import type { LocatedFile } from './files.ts';

export type FileLayer = (req: IncomingMessage, res: ServerResponse, located: LocatedFile) => void;

/**
 * A Range header as RFC 9110 reads it, made explicit for sirv, which reads "bytes=-5" (the last five
 * bytes) as the first six: one range of the file's own bytes, "unsatisfiable" (sirv answers 416), or
 * none, and the whole file is sent, as a server may do for what it does not take (several ranges,
 * another unit, a range that ends before it starts).
 */
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
    // sirv reads the path from the URL with decodeURI, which leaves reserved characters encoded: give
    // it the checked file's path with those as they are ("c++.html", not "c%2B%2B.html").
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
