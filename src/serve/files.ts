// The files of a served folder, found and read so that no request ever leaves it: every part of the
// path is checked with lstat (a symbolic link, to anywhere, is "no such file"; a dangling one too),
// and the file itself is opened without following a link. Each answer is one whole file read in one
// go, sent with its own length: never the stat of one version and the bytes of another (dev rewrites
// the folder while it is served). `serve` keeps what it read in memory; `dev` reads afresh, and looks
// again for a moment when the folder is being swapped by a full rebuild. A precompressed twin is sent
// only when the build's manifest records it for that very file: an .br put there by anyone else (an
// upload, a hand-copied file) is never sent in place of the file the build checked.
import { createHash } from 'node:crypto';
import { constants, lstatSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { MANIFEST, type Manifest } from '../output/marker.ts';
import { acceptedEncodings } from './encoding.ts';

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
  /** The file's path below the served folder ("/es/about.html"). */
  file: string;
  data: Buffer;
  etag: string;
  encoding?: 'br' | 'gzip';
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

/** How long a missing file may be missing because dev is swapping the folder. */
const SWAP_RETRIES = [20, 40, 80];
/** What `serve` keeps in memory at most; past it, files are read on each request. */
const MEMORY_LIMIT = 64 * 1024 * 1024;

export class ServedFiles {
  private cache = new Map<string, FoundFile>();
  private cached = 0;
  private twins?: Promise<Manifest['twins']>;

  /** live: the folder changes while served (dev): read afresh, retry briefly while it is swapped. */
  constructor(readonly dir: string, private readonly live = false) {}

  /** Forget what was read (after a rebuild). */
  reset(): void {
    this.cache.clear();
    this.cached = 0;
    this.twins = undefined;
  }

  /** The twins the build recorded, by file ("/about.html" → ["br"]); none without our manifest. */
  private recordedTwins(): Promise<Manifest['twins']> {
    this.twins ??= readPlain(this.dir, MANIFEST).then((data) => {
      try {
        const parsed = JSON.parse(data?.toString('utf8') ?? '') as Partial<Manifest>;
        return parsed.twins && typeof parsed.twins === 'object' ? parsed.twins : {};
      } catch {
        return {};
      }
    });
    return this.twins;
  }

  /** The file for a request path, in the encoding the client accepts; undefined when there is none. */
  async find(pathname: string, acceptEncoding = ''): Promise<FoundFile | undefined> {
    const accepted = acceptedEncodings(acceptEncoding);
    const twins = accepted.length ? await this.recordedTwins() : {};
    for (const wait of this.live ? [0, ...SWAP_RETRIES] : [0]) {
      if (wait) await new Promise((done) => setTimeout(done, wait));
      for (const file of candidates(pathname)) {
        const plain = await this.read(file);
        if (!plain) continue;
        const recorded = Object.hasOwn(twins, file.slice(1)) ? twins[file.slice(1)] : undefined;
        for (const encoding of accepted.filter((e) => Array.isArray(recorded) && recorded.includes(e))) {
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

  private async read(file: string): Promise<FoundFile | undefined> {
    const known = this.cache.get(file);
    if (known) return known;
    const data = await readPlain(this.dir, file);
    if (!data) return undefined; // misses are not remembered: any path can be asked for
    const found = { file, data, etag: `"${createHash('sha1').update(data).digest('base64url')}"` };
    if (!this.live && this.cached + data.length <= MEMORY_LIMIT) {
      this.cache.set(file, found);
      this.cached += data.length;
    }
    return found;
  }
}
