// A bug in a site's code is told at the site's code: the frames of a stack trace in the site's own
// files (a template, a hook), mapped back to their TypeScript through the source maps the site's
// module hooks kept (loader/site-code.ts), with the engine's and the libraries' frames left out unless
// --debug asks for everything. The engine's own frames need no map: Node strips types in place.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_ROOT } from '../files/about.ts';
import { siteCodeMap } from './site-code.ts';
import { shown } from '../problems/shown.ts';

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const engineCode = [`${ENGINE_ROOT}src/`, `${ENGINE_ROOT}lib/`];

/** Whether a file of a stack frame is the site's own code (not the engine, a library or Node). */
function isSiteFile(path: string): boolean {
  return !path.startsWith('node:') && !path.includes('/node_modules/') && !engineCode.some((dir) => path.startsWith(dir));
}

interface Frame {
  name: string | undefined;
  path: string;
  row: number;
  col: number;
  /** Moved from compiled code to its source. */
  mapped?: boolean;
}

/** A frame of a stack line, at its source file when it points into compiled code with a map. */
function frameOf(line: string): Frame | undefined {
  const match = FRAME.exec(line);
  if (!match) return undefined;
  const [, name, location, row, col] = match;
  const frame = { name, path: location!.startsWith('file:') ? fileURLToPath(location!) : location!, row: Number(row), col: Number(col) };
  const entry = siteCodeMap(frame.path)?.findEntry(frame.row - 1, frame.col - 1);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return frame;
  const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : resolve(dirname(frame.path), entry.originalSource);
  return { name, path: source, row: entry.originalLine + 1, col: entry.originalColumn + 1, mapped: true };
}

/** A whole stack with its frames in compiled code at their source files (what --enable-source-maps prints). */
export function mappedStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => {
      const frame = frameOf(line);
      if (!frame?.mapped) return line;
      const at = `${frame.path}:${frame.row}:${frame.col}`;
      return `    at ${frame.name ? `${frame.name} (${at})` : at}`;
    })
    .join('\n');
}

/** The frames of a stack in the site's own files, as "<file>.tsx:10:53 (About)". */
export function siteFrames(stack: string | undefined): string[] {
  const frames: string[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const frame = frameOf(line);
    if (!frame || !isSiteFile(frame.path)) continue;
    frames.push(`${shown(frame.path)}:${frame.row}:${frame.col}${frame.name ? ` (${frame.name.replace(/^async /, '')})` : ''}`);
  }
  return frames;
}

let whole = false;

/** --debug: every bug told with its whole stack, in this thread (a worker is told by the thread that starts it). */
export function showWholeStacks(on: boolean): void {
  whole = on;
}

export function wholeStacks(): boolean {
  return whole;
}

/** How a bug's cause is shown: its message and the site's frames, or its whole stack with --debug. */
export function describeCause(cause: unknown, debug = whole): string {
  if (!(cause instanceof Error)) return String(cause);
  if (debug) return cause.stack ? mappedStack(cause.stack) : cause.message;
  const frames = siteFrames(cause.stack);
  return frames.length ? frames.map((frame) => `    at ${frame}`).join('\n') : '    (no frame in the site\'s own files: run with --debug for the whole stack)';
}
