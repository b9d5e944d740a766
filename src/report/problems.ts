// Problems on the terminal: grouped by kind, the first few of each in full, then how many more and where to read them all.
import type { Problem } from '../problems/problem.ts';
import { plural } from './plural.ts';

/** Problems of one kind shown in full; the rest are counted. */
export const SHOWN_PER_KIND = 20;

export function formatProblems(problems: Problem[], { reportFile }: { reportFile?: string } = {}): string {
  const kinds = new Map<string, Problem[]>();
  for (const problem of problems) kinds.set(problem.code, [...(kinds.get(problem.code) ?? []), problem]);
  const blocks: string[] = [];
  for (const group of kinds.values()) {
    blocks.push(...group.slice(0, SHOWN_PER_KIND).map((p) => p.format()));
    const more = group.length - SHOWN_PER_KIND;
    if (more > 0) blocks.push(`… and ${plural(more, 'more problem')} like this (${group[0]!.code}): ${reportFile ? `all are in ${reportFile}` : 'see them all with --report problems.json'}`);
  }
  return `${plural(problems.length, 'error')} in the site's input:\n\n${blocks.join('\n\n')}`;
}
