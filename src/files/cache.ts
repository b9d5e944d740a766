// The engine's caches: where they live, who may have written them, and one scheme for what they keep.
// A file kept whole is sealed: its first line is the SHA-256 (hex) of everything after that line, so
// one damaged, cut short or edited since it was written is a miss, never used; and it is written whole
// or not at all (a temporary file of this thread's own, renamed over the old). The files that outputs
// hard-link (compressed twins, the editor's folder) are trusted by their stamp instead (stamp.ts):
// reading them whole to check would cost what the cache saves.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, parse } from 'node:path';
import { threadId } from 'node:worker_threads';
import { ENGINE } from './about.ts';

/**
 * The engine's cache folder for a project: node_modules/.cache/<engine>/ in the nearest folder (from
 * `from` up) that has a node_modules, where tools keep their caches and what a fresh install removes;
 * else the user's own cache folder ($XDG_CACHE_HOME, ~/.cache). The folder must be this user's alone
 * (trustedCache): never a shared temporary folder.
 */
export function cacheRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return trustedCache(join(dir, 'node_modules', '.cache', ENGINE.name));
    if (dir === parse(dir).root) return trustedCache(join(userCacheHome(), ENGINE.name));
  }
}

/** $XDG_CACHE_HOME when it is an absolute path (the XDG rule), else ~/.cache. */
function userCacheHome(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
}

const checked = new Map<string, string>();
/** Why a cache folder was not used, once per folder: the CLI prints these. */
export const untrustedCaches: string[] = [];

/**
 * The folder itself when it is this user's alone: made with mode 0700 when missing; refused when it is
 * a link or not a folder, belongs to another user, or others may write to it (they could plant what a
 * build publishes, or code Node's compile cache runs). A refused folder is replaced, for this process
 * only, by a private temporary folder (mkdtemp makes it 0700) removed at exit: the build runs, cold,
 * and trusts nothing it did not write.
 */
export function trustedCache(dir: string): string {
  const known = checked.get(dir);
  if (known) return known;
  const why = cacheProblem(dir);
  let use = dir;
  if (why) {
    untrustedCaches.push(`${dir} ${why}`);
    use = mkdtempSync(join(tmpdir(), `${ENGINE.name}-private-`));
    process.once('exit', () => rmSync(use, { recursive: true, force: true }));
  }
  checked.set(dir, use);
  return use;
}

function cacheProblem(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return `cannot be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) return 'is not a folder (a link, or a file)'; // lstat: a link is never one
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return `belongs to another user (uid ${stat.uid})`;
  if (stat.mode & 0o022) return `may be written by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/**
 * Writes a file a cache keeps whole or not at all: `write` fills a temporary file of this thread's own
 * (render and dev build workers are threads of one process), then it is renamed over the file, so the
 * last writer wins. One that cannot be written is left as it was (false): it costs the next build
 * time, nothing else.
 */
export function writeKept(file: string, write: (temporary: string) => void): boolean {
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    write(temporary);
    renameSync(temporary, file);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // no folder to hold it (a file where the folder should be): nothing was written
    }
    return false;
  }
}

/** The seal's length: 64 hex digits and a line break. */
export const SEAL_BYTES = 65;

/** The SHA-256 of text (as UTF-8) or bytes, in hex. */
export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** Keeps payload in file, sealed (text as UTF-8); false when it cannot be written (writeKept). */
export function writeSealed(file: string, payload: string | Uint8Array): boolean {
  const bytes = Buffer.concat([Buffer.from(`${sha256(payload)}\n`), Buffer.from(payload)]);
  return writeKept(file, (temporary) => writeFileSync(temporary, bytes));
}

/** What a sealed file holds while its seal still matches; none when it is missing, unreadable, or not as it was written. */
export function readSealed(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined; // none yet, or not a file
  }
  const payload = bytes.subarray(SEAL_BYTES);
  return sha256(payload) === bytes.toString('latin1', 0, SEAL_BYTES - 1) ? payload : undefined;
}

/** The JSON value a sealed file holds (a kept record); none when readSealed gives none or it is not JSON. */
export function readSealedJson<T = unknown>(file: string): T | undefined {
  try {
    return JSON.parse(readSealed(file)?.toString('utf8') ?? '') as T;
  } catch {
    return undefined; // none, or not JSON
  }
}
