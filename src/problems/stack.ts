// A bug in a site's code is told at the site's code: the frames of a stack trace in the site's own
// files (a template, a hook), mapped back to their TypeScript through source maps, with the engine's
// and the libraries' frames left out unless --debug asks for everything.
import { fileURLToPath } from 'node:url';
import { ENGINE_ROOT } from '../startup/engine.mjs';
import { shown } from './shown.ts';

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const engineSources = `${ENGINE_ROOT}src/`;

/** Whether a file of a stack frame is the site's own code (not the engine, a library, Node or the compile cache). */
function isSiteFile(path: string): boolean {
  return !path.startsWith('node:') && !path.includes('/node_modules/') && !path.startsWith(engineSources) && !/\/\.cache\/|\/chunks?\//.test(path);
}

/** The frames of a stack in the site's own files, as "<file>.tsx:10:53 (About)". */
export function siteFrames(stack: string | undefined): string[] {
  const frames: string[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const [, name, location, row, col] = match;
    const path = location!.startsWith('file:') ? fileURLToPath(location!) : location!;
    if (!isSiteFile(path)) continue;
    frames.push(`${shown(path)}:${row}:${col}${name ? ` (${name.replace(/^async /, '')})` : ''}`);
  }
  return frames;
}

/** How a bug's cause is shown: its message and the site's frames, or its whole stack with --debug. */
export function describeCause(cause: unknown, debug = !!process.env.SITE_DEBUG): string {
  if (!(cause instanceof Error)) return String(cause);
  if (debug) return cause.stack ?? cause.message;
  const frames = siteFrames(cause.stack);
  return frames.length ? frames.map((frame) => `    at ${frame}`).join('\n') : '    (no frame in the site\'s own files: run with --debug for the whole stack)';
}
