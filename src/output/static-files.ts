// static/ publishes regular files only: a symbolic link is an error (a link to a secret must never reach a public folder).
// Hidden files (but .well-known/) and editor leftovers are left out with a warning; the rest must be a passive type with an
// inert name (static-policy.ts). An SVG is published as the sanitiser wrote it (security/svg.ts), never as uploaded.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sanitizeSvg } from '../security/svg.ts';
import { inFile, type Problem } from '../problems/problem.ts';
import { EDITOR_LEFTOVER, isHidden, tooDeep, walk } from '../files/walk.ts';
import type { Warning } from '../site/definition.ts';
import { nameProblem, staticTypeProblem, type StaticPolicy } from './static-policy.ts';

export interface StaticListing {
  /** Relative to static/. */
  files: string[];
  /** Hidden files, editor leftovers. */
  warnings: Warning[];
  problems: Problem[];
}

/** A folder that does not exist publishes nothing. */
export async function listStatic(staticDir: string, shownDir: string, policy: StaticPolicy = {}): Promise<StaticListing> {
  const found = await walk(staticDir);
  const shown = (rel: string) => `${shownDir}/${rel}`;
  const problems = [
    ...[...found.files, ...found.links, ...found.special].flatMap((rel) => {
      const why = nameProblem(rel);
      return why ? [inFile('static/unsafe-name', shown(rel), 'has a name the site cannot publish', [{ path: '', message: why }])] : [];
    }),
    ...found.links.map((rel) => inFile('static/symlink', shown(rel), 'is a symbolic link', [{ path: '', message: 'static/ publishes regular files only; copy the file itself into static/ (links could publish files from outside the site)' }])),
    ...found.special.map((rel) => inFile('static/not-a-file', shown(rel), 'is not a regular file', [{ path: '', message: 'static/ publishes regular files only' }])),
  ];
  if (found.tooDeep) problems.push(tooDeep(shown(found.tooDeep)));
  const warnings: Warning[] = [];
  const files: string[] = [];
  for (const rel of found.files) {
    if (isHidden(rel)) warnings.push({ file: shown(rel), message: 'not published: a hidden file (only .well-known/ is published from hidden folders); move it out of static/ if it is not meant to be public' });
    else if (EDITOR_LEFTOVER.test(rel)) warnings.push({ file: shown(rel), message: "not published: an editor's backup or temporary file" });
    else if (nameProblem(rel)) continue; // reported above
    else {
      const why = staticTypeProblem(rel, policy);
      if (why) problems.push(inFile('static/type', shown(rel), 'is not published', [{ path: '', message: why }]));
      else files.push(rel);
    }
  }
  return { files, warnings, problems };
}

/**
 * Opened with O_NOFOLLOW: a file replaced by a link after it was listed is refused, not followed. An SVG that could carry a
 * script is returned as a problem, not copied. One file at a time, synchronously: no folder can run out of file handles.
 */
export function copyStaticFiles(staticDir: string, files: string[], dir: string, write: (path: string, data: Uint8Array) => void): UnsafeSvg[] {
  const refused: UnsafeSvg[] = [];
  for (const folder of new Set(files.map((f) => dirname(join(dir, f))))) mkdirSync(folder, { recursive: true });
  for (const rel of files) {
    const fd = openSync(join(staticDir, rel), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if (!fstatSync(fd).isFile()) throw new Error(`${rel} is no longer a regular file`);
      let data: Uint8Array = readFileSync(fd);
      if (/\.svg$/i.test(rel)) {
        // What ships is what was checked: the allow-listed tree written anew.
        const { svg, refused: found } = sanitizeSvg(Buffer.from(data).toString('utf8'));
        if (found.length) {
          refused.push({ file: rel, found });
          continue;
        }
        data = Buffer.from(svg);
      }
      write(join(dir, rel), data);
    } finally {
      closeSync(fd);
    }
  }
  return refused;
}

/** Plain data: it may come from a worker. */
export interface UnsafeSvg {
  /** Relative to static/. */
  file: string;
  found: string[];
}

export function unsafeSvgProblems(refused: UnsafeSvg[], shownDir: string): Problem[] {
  return refused.map(({ file, found }) => inFile('static/unsafe-svg', `${shownDir}/${file}`, 'is an SVG that could run code where it is opened', found.map((message) => ({ path: '', message }))));
}
