// What a build remembers for the next in the same process (dev), so it re-renders only the pages an edit affects
// and still checks links and budgets against the whole site.
import { affectedBy, changedPaths } from '../content/track.ts';
import type { Assets } from '../render/document.ts';
import type { PageResult } from './render-pages.ts';

export interface BuildState {
  /** The route table's signature: a different table means a full build. */
  signature: string;
  /** By content-relative path. */
  files: Map<string, unknown>;
  /** Per route index: what the page read and produced. */
  pages: PageResult[];
  assets: Assets;
}

/** Pages whose reads overlap what changed between two loads of the content. */
export function affectedPages(previous: BuildState, files: Map<string, unknown>): number[] {
  const changed: string[] = [];
  for (const rel of new Set([...previous.files.keys(), ...files.keys()])) {
    changed.push(...changedPaths(rel, previous.files.get(rel), files.get(rel)));
  }
  if (!changed.length) return [];
  return previous.pages.filter((p) => !p.reads || affectedBy(p.reads, changed)).map((p) => p.index);
}
