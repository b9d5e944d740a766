// A marker naming the engine lets a later build replace the folder (Vite's emptyOutDir rule, stricter); the manifest lets
// an in-place update delete only files a previous build wrote. Neither holds anything secret.
import { readFileSync } from 'node:fs';
import { ENGINE } from '../files/about.ts';
import type { Encoding } from '../site/definition.ts';

export const MARKER = '.site-output';
/** Every file written and its twins, as JSON: a name with a line break cannot add an entry and so get another file deleted. */
export const MANIFEST = '.site-manifest';

export function markerContents(): string {
  return `${JSON.stringify({ generator: ENGINE.name, version: ENGINE.version })}\n`;
}

/** Another tool's marker of the same name does not count. */
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
  /** output.host, which `site stage` copies for. */
  host?: string;
  /** "about.html" → ["br"]. */
  twins: Record<string, Encoding[]>;
}

/** Empty when there is none or it is not ours; releases before 0.4 wrote one path per line. */
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
