// Tidies content problems before they are shown, by their codes and detail kinds only.
import { Problem } from '../problems/problem.ts';

/** A missing key is reported once; a key the other locale has only because it is misspelt there is not reported missing. */
export function mergeParity(problems: Problem[]): Problem[] {
  const schemaProblems = new Map<string, Problem>();
  const unknownKeys = new Set<string>();
  for (const problem of problems) {
    if (problem.code !== 'content/schema' || !problem.file) continue;
    schemaProblems.set(problem.file, problem);
    for (const d of problem.details) if (d.kind === 'unknown-key') unknownKeys.add(d.path);
  }
  const merged: Problem[] = [];
  for (const problem of problems) {
    if (problem.code !== 'content/locale-parity' || !problem.file) {
      merged.push(problem);
      continue;
    }
    const schema = schemaProblems.get(problem.file);
    const left = problem.details.filter((detail) => {
      if (unknownKeys.has(detail.path)) return false;
      const twin = schema?.details.find((d) => d.kind === 'missing' && (d.path === detail.path || detail.path.startsWith(`${d.path}.`) || detail.path.startsWith(`${d.path}[`)));
      if (!twin) return true;
      if (twin.path === detail.path) twin.message = `required, missing (${detail.message.replace('missing, ', '')})`;
      return false;
    });
    if (left.length) merged.push(new Problem(problem.code, problem.where, problem.title, left));
  }
  return merged;
}

/** Stable order: by file, then line, so reports read top to bottom. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.position?.line ?? 0) - (b.position?.line ?? 0));
}
