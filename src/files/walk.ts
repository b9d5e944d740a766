// Lists a site folder without ever following a link out of it: links and non-regular files are reported, never listed,
// and an absurdly deep tree is reported once, not a stack trace.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Problem } from '../problems/problem.ts';

/** Deeper is a mistake (or an attack), not a site. */
export const MAX_DEPTH = 32;

/** Files editors and file managers write beside the edited ones: never part of a site. */
export const EDITOR_LEFTOVER = /(~|\.tmp|\.swp|\.swx|\.bak|\.orig)$|(^|\/)#[^/]*#$|(^|\/)(Thumbs\.db|desktop\.ini)$/i;

export interface Walked {
  /** Regular files, relative, with forward slashes, sorted. */
  files: string[];
  /** Symbolic links (to anything): never read, never published. */
  links: string[];
  /** Sockets, FIFOs, devices. */
  special: string[];
  /** The first folder deeper than MAX_DEPTH (nothing below it is listed). */
  tooDeep?: string;
}

/** Empty when dir does not exist. */
export async function walk(dir: string): Promise<Walked> {
  const found: Walked = { files: [], links: [], special: [] };
  const visit = async (rel: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) {
      found.tooDeep ??= rel;
      return;
    }
    let entries;
    try {
      entries = await readdir(rel ? join(dir, rel) : dir, { withFileTypes: true });
    } catch (error) {
      // Gone, or removed while listed (an editor or a checkout replacing it): not listed.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) found.links.push(path);
      else if (entry.isDirectory()) await visit(path, depth + 1);
      else if (entry.isFile()) found.files.push(path);
      else found.special.push(path);
    }
  };
  await visit('', 0);
  found.files.sort();
  return found;
}

/** A part starts with a dot (".env", ".git/config"), other than .well-known/. */
export function isHidden(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') && part !== '.well-known');
}

export function tooDeep(shown: string): Problem {
  return new Problem('files/too-deep', { part: shown }, `is nested more than ${MAX_DEPTH} folders deep`, [{ path: '', message: 'nothing below it was read; a site needs no such depth (a folder linked into itself, or a copy of a copy)' }]);
}
