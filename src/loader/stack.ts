// A bug in a site's code is told by its frames in the site's files, mapped to their TypeScript (loader/site-code.ts);
// the engine's and libraries' frames only with --debug. The engine's own need no map: Node strips types in place.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_ROOT } from '../files/about.ts';
import { siteCodeMap } from './site-code.ts';
import { shown } from '../problems/shown.ts';

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const engineCode = [`${ENGINE_ROOT}src/`, `${ENGINE_ROOT}lib/`];

/** Not the engine, a library or Node. */
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

/** At its source file when it points into compiled code with a map. */
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

/** As --enable-source-maps prints it. */
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

/** As "<file>.tsx:10:53 (About)". */
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

/** --debug, in this thread (a worker is told by the thread that starts it). */
export function showWholeStacks(on: boolean): void {
  whole = on;
}

export function wholeStacks(): boolean {
  return whole;
}

export function describeCause(cause: unknown, debug = whole): string {
  if (!(cause instanceof Error)) return String(cause);
  if (debug) return cause.stack ? mappedStack(cause.stack) : cause.message;
  const frames = siteFrames(cause.stack);
  return frames.length ? frames.map((frame) => `    at ${frame}`).join('\n') : '    (no frame in the site\'s own files: run with --debug for the whole stack)';
}
