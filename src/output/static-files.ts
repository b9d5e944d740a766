// What static/ publishes: regular files only. A symbolic link (to anything) is a build error naming
// it: a link to /etc/passwd or to a secret beside the project must never reach a public folder. A
// hidden file or folder (.env, .git/) is not published, except .well-known/, and neither are the
// leftovers of editors (backup~, .swp): a warning names each, --strict makes it an error. What is left
// must be a passive type (static-policy.ts) with an inert name, or the build stops naming it; an SVG
// is published as the sanitiser wrote it (security/svg.ts), never as it was uploaded.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sanitizeSvg } from '../security/svg.ts';
import { inFile, type Problem } from '../problems/problem.ts';
import { EDITOR_LEFTOVER, isHidden, tooDeep, walk } from '../files/walk.ts';
import type { Warning } from '../site/definition.ts';
import { nameProblem, staticTypeProblem, type StaticPolicy } from './static-policy.ts';

export interface StaticListing {
  /** The files to publish, relative to static/. */
  files: string[];
  /** Files left out on purpose (hidden, editor leftovers). */
  warnings: Warning[];
  /** Symbolic links and other files that are not regular files; a too-deep tree. */
  problems: Problem[];
}

/** Lists static/ (shown as `shownDir` in messages); a folder that does not exist publishes nothing. */
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
 * Copies the listed files into dir, handing each to `twins` (its precompressed twins). Each is
 * opened without following a link (O_NOFOLLOW), so a file replaced by a link after it was listed is
 * refused rather than followed. An SVG opened on its own is a document of the site: one that could
 * carry a script is not copied but returned as a problem, checked in the bytes that would be
 * published. One file at a time, synchronously: a large site's static files are copied by a render
 * worker while the main thread loads the content, a small site's take a few ms, and no folder of any
 * size can run out of file handles.
 */
export function copyStaticFiles(staticDir: string, files: string[], dir: string, twins?: (path: string, data: Uint8Array) => void): UnsafeSvg[] {
  const refused: UnsafeSvg[] = [];
  for (const folder of new Set(files.map((f) => dirname(join(dir, f))))) mkdirSync(folder, { recursive: true });
  for (const rel of files) {
    const fd = openSync(join(staticDir, rel), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if (!fstatSync(fd).isFile()) throw new Error(`${rel} is no longer a regular file`);
      let data: Uint8Array = readFileSync(fd);
      if (/\.svg$/i.test(rel)) {
        // What ships is what was checked: the allow-listed tree written anew, not the bytes as they came.
        const { svg, refused: found } = sanitizeSvg(Buffer.from(data).toString('utf8'));
        if (found.length) {
          refused.push({ file: rel, found });
          continue;
        }
        data = Buffer.from(svg);
      }
      writeFileSync(join(dir, rel), data);
      twins?.(join(dir, rel), data);
    } finally {
      closeSync(fd);
    }
  }
  return refused;
}

/** An SVG not copied, with what it holds that could run code (plain data: it may come from a worker). */
export interface UnsafeSvg {
  /** Relative to static/. */
  file: string;
  found: string[];
}

/** The build's problems for the SVGs refused, static/ shown as `shownDir`. */
export function unsafeSvgProblems(refused: UnsafeSvg[], shownDir: string): Problem[] {
  return refused.map(({ file, found }) => inFile('static/unsafe-svg', `${shownDir}/${file}`, 'is an SVG that could run code where it is opened', found.map((message) => ({ path: '', message }))));
}
