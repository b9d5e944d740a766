// Every output folder carries a marker naming the engine that wrote it, and a manifest of the files
// it wrote. The marker is what lets a later build replace the folder: a folder without it is not
// ours (Vite's emptyOutDir rule, made stricter). The manifest lets an output that must be updated
// in place (a git worktree, a mount point) lose only the files a previous build wrote. Both hold
// nothing secret: the engine's name and version, and the public files' paths.
import { readFileSync } from 'node:fs';

/** The marker file: {"generator": name, "version": version}. */
export const MARKER = '.site-output';
/** The manifest: one relative path per line, every file the build wrote (marker and manifest aside). */
export const MANIFEST = '.site-manifest';

const ENGINE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

export function markerContents(): string {
  return `${JSON.stringify({ generator: ENGINE.name, version: ENGINE.version })}\n`;
}

/** Whether a folder holds our marker (a marker of another tool of the same file name does not count). */
export function hasMarker(dir: string): boolean {
  try {
    const marker = JSON.parse(readFileSync(`${dir}/${MARKER}`, 'utf8')) as { generator?: unknown };
    return marker.generator === ENGINE.name;
  } catch {
    return false;
  }
}

/** The files the previous build listed in its manifest ([] when there is none). */
export function readManifest(dir: string): string[] {
  try {
    return readFileSync(`${dir}/${MANIFEST}`, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

export function manifestContents(files: string[]): string {
  return `${files.filter((f) => f !== MARKER && f !== MANIFEST).sort().join('\n')}\n`;
}
