// Every locale must hold the same files with the same keys: a missing translation is a build error,
// never a silent fallback. Each problem names the file that lacks it and the one that has it.
import { inFile, keyPath, type Detail, type Problem } from '../problems/problem.ts';
import type { ParsedFile } from './read-file.ts';

/** Key paths present in `a` but not in `b` (list items compared index by index). */
function missingPaths(a: unknown, b: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (a === null || typeof a !== 'object') return [];
  if (b === null || b === undefined || typeof b !== 'object') return [path];
  const missing: PropertyKey[][] = [];
  const entries = Array.isArray(a) ? a.map((v, i) => [i, v] as const) : Object.entries(a);
  for (const [key, value] of entries) {
    const other = (b as Record<PropertyKey, unknown>)[key];
    if (other === undefined) missing.push([...path, key]);
    else missing.push(...missingPaths(value, other, [...path, key]));
  }
  return missing;
}

/** The "## " section titles of a Markdown body. */
function sections(body: string | undefined): string[] {
  return (body ?? '').split('\n').filter((line) => line.startsWith('## '));
}

export function checkLocaleParity(
  locales: string[],
  expected: string[],
  files: string[],
  parsed: Map<string, ParsedFile>,
  shown: (rel: string) => string,
): Problem[] {
  const errors: Problem[] = [];
  const present = new Set(files);
  for (const name of expected) {
    const have = locales.filter((l) => present.has(`${l}/${name}`));
    for (const locale of locales) {
      if (present.has(`${locale}/${name}`)) continue;
      const elsewhere = have.length ? `present in ${have.map((l) => shown(`${l}/${name}`)).join(', ')}` : 'no locale has it';
      errors.push(inFile('content/missing-file', shown(`${locale}/${name}`), `is missing (${locale})`, [{ path: '', message: `required, missing; ${elsewhere}`, kind: 'missing' }]));
    }
  }
  // Key parity, in both directions, for files present in both locales.
  for (const name of expected) {
    for (const locale of locales) {
      const mine = parsed.get(`${locale}/${name}`);
      if (!mine) continue;
      for (const other of locales.filter((l) => l !== locale)) {
        const theirs = parsed.get(`${other}/${name}`);
        if (!theirs) continue;
        const problems: Detail[] = missingPaths(theirs.data, mine.data).map((path) => ({
          path: keyPath(path),
          message: `missing, present in ${theirs.file}`,
          kind: 'missing' as const,
        }));
        const [mySections, theirSections] = [sections(mine.body), sections(theirs.body)];
        if (mySections.length < theirSections.length) {
          problems.push({ path: '(body)', message: `${mySections.length} "## " sections, but ${theirs.file} has ${theirSections.length}` });
        }
        if (problems.length) {
          const first = missingPaths(theirs.data, mine.data)[0];
          errors.push(inFile('content/locale-parity', mine.file, `lacks content its ${other} version has (${locale})`, problems, first ? mine.positionOf(first) : undefined));
        }
      }
    }
  }
  return errors;
}
