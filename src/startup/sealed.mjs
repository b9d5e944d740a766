// One scheme for the files a cache keeps whole (the client bundle, a photo's variants, a data source's
// result, V8's code cache; the content parses are sealed the same way, written and read a chunk at a time:
// content/content-cache.ts). A file is sealed: its first line is the SHA-256 (hex) of everything after
// that line, so one damaged, cut short or edited since it was written is a miss, never used. And it is
// written whole or not at all (replaceKept: a temporary file of this thread's own, renamed over the old).
// The files that outputs hard-link (compressed twins, the editor's folder) are trusted by their stamp
// instead (files/stamp.ts): reading them whole to check would cost what the cache saves. Plain JavaScript
// (types in sealed.d.mts): the launcher keeps V8's code cache sealed too (startup/run-compiled.mjs),
// and it runs before anything is compiled.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { replaceKept } from './engine.mjs';

/** The seal's length: 64 hex digits and a line break. */
export const SEAL_BYTES = 65;

/** The SHA-256 of text (as UTF-8) or bytes, in hex. */
export const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * Keeps payload in file, sealed (text as UTF-8). False when it cannot be written (no room, a file where
 * the folder should be): a cache that cannot be written costs the next build time, never this build its output.
 */
export function writeSealed(file, payload) {
  return replaceKept(file, Buffer.concat([Buffer.from(`${sha256(payload)}\n`), Buffer.from(payload)]));
}

/** What a sealed file holds while its seal still matches; none when it is missing, unreadable, or not as it was written. */
export function readSealed(file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined; // none yet, or not a file
  }
  const payload = bytes.subarray(SEAL_BYTES);
  return sha256(payload) === bytes.toString('latin1', 0, SEAL_BYTES - 1) ? payload : undefined;
}

/** The JSON value a sealed file holds (a kept record); none when readSealed gives none or it is not JSON. */
export function readSealedJson(file) {
  const payload = readSealed(file);
  if (!payload) return undefined;
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
