// No request leaves the folder: each path part is lstat'ed (a symbolic link is "no such file") and files open without following
// links. A twin is sent only when the build's manifest records it: an .br put there by anyone else never replaces the checked file.
import { createHash } from 'node:crypto';
import { constants, lstatSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { MANIFEST, type Manifest } from '../output/marker.ts';
import { acceptedEncodings } from './encoding.ts';
import type { Encoding } from '../site/definition.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html;charset=utf-8', '.css': 'text/css;charset=utf-8', '.js': 'text/javascript;charset=utf-8',
  '.mjs': 'text/javascript;charset=utf-8', '.json': 'application/json', '.map': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.avif': 'image/avif', '.ico': 'image/x-icon', '.xml': 'application/xml', '.txt': 'text/plain;charset=utf-8', '.pdf': 'application/pdf',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.otf': 'font/otf', '.wasm': 'application/wasm',
  '.yml': 'text/yaml;charset=utf-8', '.yaml': 'text/yaml;charset=utf-8', '.md': 'text/markdown;charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface FoundFile {
  file: string;
  data: Buffer;
  etag: string;
  encoding?: Encoding;
}

/** The files a request path may mean, as static hosts read them ("/about" → about.html, "/es/" → es/index.html). */
export function candidates(pathname: string): string[] {
  if (pathname.endsWith('/')) return [`${pathname}index.html`];
  return [pathname, `${pathname}.html`, `${pathname}/index.html`];
}

/** Whether rel names a regular file below dir reached through real folders only (no link anywhere on the way). */
export function isPlainFile(dir: string, rel: string): boolean {
  const parts = rel.split('/').filter(Boolean);
  let at = dir;
  for (const [i, part] of parts.entries()) {
    at = join(at, part);
    let stat;
    try {
      stat = lstatSync(at);
    } catch {
      return false;
    }
    if (i < parts.length - 1 ? !stat.isDirectory() : !stat.isFile()) return false;
  }
  return parts.length > 0;
}

/** Reads a plain file whole, refusing a link put there after the check (O_NOFOLLOW). */
async function readPlain(dir: string, rel: string): Promise<Buffer | undefined> {
  if (!isPlainFile(dir, rel)) return undefined;
  let handle;
  try {
    handle = await open(join(dir, rel), constants.O_RDONLY | constants.O_NOFOLLOW);
    return (await handle.stat()).isFile() ? await handle.readFile() : undefined;
  } catch {
    return undefined; // replaced or removed since the check
  } finally {
    await handle?.close();
  }
}

/** Waits (ms) for a file missing while dev swaps the folder. */
const SWAP_RETRIES = [20, 40, 80];

/** A file a request path names, checked, and what to send for it: itself or its recorded twin. */
export interface LocatedFile {
  /** The file's path below the served folder ("/es/about.html"). */
  file: string;
  /** The path of what is sent: the file, or its twin ("/es/about.html.br"). */
  sent: string;
  encoding?: Encoding;
}

export class ServedFiles {
  private twins?: { stamp: string; twins: Manifest['twins'] };

  /** live: the folder changes while served (dev): retry briefly while it is swapped. */
  readonly dir: string;
  private readonly live: boolean;
  constructor(dir: string, live = false) {
    this.dir = dir;
    this.live = live;
  }

  /** Nothing is kept between requests but the manifest's twins, read again when the manifest changes. */
  reset(): void {
    this.twins = undefined;
  }

  /** The twins the build recorded, by file ("/about.html" → ["br"]); none without our manifest. */
  private async recordedTwins(): Promise<Manifest['twins']> {
    let stamp = '';
    try {
      const stat = lstatSync(join(this.dir, MANIFEST));
      stamp = `${stat.size} ${stat.mtimeMs}`;
    } catch {
      return {};
    }
    if (this.twins?.stamp === stamp) return this.twins.twins;
    const data = await readPlain(this.dir, MANIFEST);
    let twins: Manifest['twins'] = {};
    try {
      const parsed = JSON.parse(data?.toString('utf8') ?? '') as Partial<Manifest>;
      if (parsed.twins && typeof parsed.twins === 'object') twins = parsed.twins;
    } catch {
      // not our manifest: no twins
    }
    this.twins = { stamp, twins };
    return twins;
  }

  /** The encodings recorded for a file that the client accepts, best first. */
  private async encodingsFor(file: string, acceptEncoding: string): Promise<(Encoding)[]> {
    const accepted = acceptedEncodings(acceptEncoding);
    if (!accepted.length) return [];
    const twins = await this.recordedTwins();
    const recorded = Object.hasOwn(twins, file.slice(1)) ? twins[file.slice(1)] : undefined;
    return accepted.filter((e) => Array.isArray(recorded) && recorded.includes(e));
  }

  /** The checked file for a request path, and the twin to send when one is recorded and accepted; no bytes read. */
  async locate(pathname: string, acceptEncoding = ''): Promise<LocatedFile | undefined> {
    const file = candidates(pathname).find((candidate) => isPlainFile(this.dir, candidate));
    if (!file) return undefined;
    for (const encoding of await this.encodingsFor(file, acceptEncoding)) {
      const twin = `${file}${encoding === 'br' ? '.br' : '.gz'}`;
      if (isPlainFile(this.dir, twin)) return { file, sent: twin, encoding };
    }
    return { file, sent: file };
  }

  /** The file for a request path read whole, in the encoding the client accepts; undefined when there is none. */
  async find(pathname: string, acceptEncoding = ''): Promise<FoundFile | undefined> {
    for (const wait of this.live ? [0, ...SWAP_RETRIES] : [0]) {
      if (wait) await new Promise((done) => setTimeout(done, wait));
      for (const file of candidates(pathname)) {
        const plain = await this.read(file);
        if (!plain) continue;
        for (const encoding of await this.encodingsFor(file, acceptEncoding)) {
          const twin = await this.read(`${file}${encoding === 'br' ? '.br' : '.gz'}`);
          if (twin) return { ...twin, file, encoding };
        }
        return plain;
      }
    }
    return undefined;
  }

  /** Whether a request path names a file (no encodings, no waiting). */
  has(pathname: string): boolean {
    return isPlainFile(this.dir, pathname);
  }

  /** A checked file below the folder (a path locate() found), read whole; undefined when it is gone or not plain. */
  async read(file: string): Promise<FoundFile | undefined> {
    const data = await readPlain(this.dir, file);
    if (!data) return undefined;
    return { file, data, etag: `"${createHash('sha1').update(data).digest('base64url')}"` };
  }
}
