// Every output folder carries a marker naming the engine that wrote it, and a manifest of the files
// it wrote. The marker is what lets a later build replace the folder: a folder without it is not
// ours (Vite's emptyOutDir rule, made stricter). The manifest lets an output that must be updated
// in place (a git worktree, a mount point) lose only the files a previous build wrote. Both hold
// nothing secret: the engine's name and version, and the public files' paths.
import { readFileSync } from 'node:fs';
import { ENGINE } from '../files/about.ts';

/** The marker file: {"generator": name, "version": version}. */
export const MARKER = '.site-output';
/**
 * The manifest: every file the build wrote (marker and manifest aside), and which of them have
 * precompressed twins, as JSON: a file name cannot add an entry (a line-per-file list could be led to
 * delete another file by a name with a line break in it).
 */
export const MANIFEST = '.site-manifest';

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

export interface Manifest {
  files: string[];
  /** The host the site was built for (output.host), which `site stage` copies for. */
  host?: string;
  /** File → the encodings of the twins the build wrote for it ("about.html" → ["br"]). */
  twins: Record<string, ('br' | 'gzip')[]>;
}

/** The manifest of a folder; empty when there is none or it is not one of ours. Releases before 0.4 wrote one path per line. */
export function readManifest(dir: string): Manifest {
  let text: string;
  try {
    text = readFileSync(`${dir}/${MANIFEST}`, 'utf8');
  } catch {
    return { files: [], twins: {} };
  }
  try {
    const data = JSON.parse(text) as Partial<Manifest> & { generator?: unknown };
    if (data.generator !== ENGINE.name || !Array.isArray(data.files)) return { files: [], twins: {} };
    const twins = data.twins && typeof data.twins === 'object' ? data.twins : {};
    return { ...(typeof data.host === 'string' ? { host: data.host } : {}), files: data.files.filter((f): f is string => typeof f === 'string'), twins: Object.fromEntries(Object.entries(twins).filter(([, v]) => Array.isArray(v)).map(([k, v]) => [k, v.filter((e) => e === 'br' || e === 'gzip')])) };
  } catch {
    return { files: text.split('\n').filter(Boolean), twins: {} };
  }
}

export function manifestContents(files: string[], host?: string): string {
  const listed = files.filter((f) => f !== MARKER && f !== MANIFEST).sort();
  const all = new Set(listed);
  const twins: Manifest['twins'] = {};
  for (const file of listed) {
    const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : undefined;
    const of = encoding && file.slice(0, -3);
    if (encoding && of && all.has(of)) (twins[of] ??= []).push(encoding);
  }
  return `${JSON.stringify({ generator: ENGINE.name, ...(host ? { host } : {}), files: listed, twins })}\n`;
}
