// The engine's caches. A file kept whole is sealed: its first line is the SHA-256 of the rest, so one damaged or edited is a
// miss, never used; it is written whole or not at all. Files outputs hard-link are trusted by their stamp instead (stamp.ts):
// reading them whole to check would cost what the cache saves.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, parse } from 'node:path';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';
import { ENGINE } from './about.ts';
import { inert } from '../problems/inert.ts';

/**
 * node_modules/.cache/<engine>/ in the nearest folder up with a node_modules, else the user's cache folder.
 * It must be this user's alone (trustedCache): never a shared temporary folder.
 */
export function cacheRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return trustedCache(join(dir, 'node_modules', '.cache', ENGINE.name));
    if (dir === parse(dir).root) return trustedCache(join(userCacheHome(), ENGINE.name));
  }
}

/** $XDG_CACHE_HOME when absolute (the XDG rule), else ~/.cache. */
function userCacheHome(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
}

const checked = new Map<string, string>();
/** Told by the CLI after each command (cli/main.ts), and by dev after each build (its builds run in a worker). */
export const untrustedCaches: string[] = [];

/** For the person running the command: what a refused folder costs, and what to do. */
export function refusalTold(refused: string): string {
  return `the cache folder ${inert(refused)}, so this run did not use it: its caches were kept in a private temporary folder, removed at exit, and the next run starts without them. Make it a folder only you can write (chmod 700), or remove what is there so the next run makes one.`;
}

/**
 * The private folders that stand in for refused ones, removed by the main thread as the process exits: a worker's own exit
 * handlers do not run when it is ended (dev, the render pool), so each worker tells the main thread of its folder.
 */
const madeHere: string[] = [];
const standIns = new BroadcastChannel(`${ENGINE.name}-stand-ins`);
standIns.unref();
if (isMainThread) {
  standIns.onmessage = (event) => madeHere.push(String((event as { data: unknown }).data));
  process.once('exit', () => {
    for (const dir of madeHere) rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * Refused when a link, not a folder, another user's, or writable by others (they could plant what a build publishes, or code
 * Node's compile cache runs); then a private 0700 temporary folder serves this thread: nothing it did not write is trusted.
 */
export function trustedCache(dir: string): string {
  const known = checked.get(dir);
  if (known) return known;
  const why = cacheProblem(dir);
  let use = dir;
  if (why) {
    untrustedCaches.push(`${dir} ${why}`);
    use = mkdtempSync(join(tmpdir(), `${ENGINE.name}-private-`));
    if (isMainThread) madeHere.push(use);
    else standIns.postMessage(use);
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
  // Windows reports no owner and every folder as 0o666 (its access lists are not modes): only the link check applies there.
  if (process.platform === 'win32') return undefined;
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return `belongs to another user (uid ${stat.uid})`;
  if (stat.mode & 0o022) return `may be written by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/** Whole or not at all: a temporary file of this thread's own (workers share the process), renamed over; false when not written. */
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
      // no folder to hold it: nothing was written
    }
    return false;
  }
}

/** 64 hex digits and a line break. */
export const SEAL_BYTES = 65;

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** False when it cannot be written (writeKept). */
export function writeSealed(file: string, payload: string | Uint8Array): boolean {
  const bytes = Buffer.concat([Buffer.from(`${sha256(payload)}\n`), Buffer.from(payload)]);
  return writeKept(file, (temporary) => writeFileSync(temporary, bytes));
}

/** None when missing, unreadable, or its seal does not match. */
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

export function readSealedJson<T = unknown>(file: string): T | undefined {
  try {
    return JSON.parse(readSealed(file)?.toString('utf8') ?? '') as T;
  } catch {
    return undefined; // none, or not JSON
  }
}

/** Removes the files of a cache folder that `keep` turns down; one that cannot be removed now waits for a later build (a cache never fails one). */
export function pruneFolder(dir: string, keep: (name: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // none kept yet
  }
  for (const name of names) {
    if (keep(name)) continue;
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // another user's file, or a folder of that name: left as it is
    }
  }
}
