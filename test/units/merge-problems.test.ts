// Content problems tidied before they are shown: a key missing in one locale is told once (with what
// the other locale has), a key the other locale has only because it is misspelt there is not told
// missing, and the list reads top to bottom, file by file.
import { describe, expect, it } from 'vitest';
import { mergeParity, sortProblems } from '../../src/content/merge-problems.ts';
import { inFile, Problem } from '../../src/problems/problem.ts';

const FILE = 'content/es/ui.yaml';
const schema = () => inFile('content/schema', FILE, 'does not match its schema', [
  { path: 'title', message: 'required, missing (expected string)', kind: 'missing' },
  { path: 'list', message: 'required, missing (expected array)', kind: 'missing' },
  { path: 'count', message: 'expected number, found "x"' },
  { path: 'titel', message: 'unknown key (did you mean "title"?)', kind: 'unknown-key' },
]);
const parity = (paths: string[], file = FILE) => inFile('content/locale-parity', file, 'differs from the en file', paths.map((path) => ({ path, message: 'missing, the en file has it' })));

describe('content problems, merged', () => {
  it('tell a missing key once, on the schema\'s line, with what the other locale has', () => {
    const merged = mergeParity([schema(), parity(['title', 'list[0]', 'list.label', 'count', 'other'])]);
    expect(merged.map((p) => p.format())).toEqual([
      [`${FILE}  does not match its schema`, '  title: required, missing (the en file has it)', '  list: required, missing (expected array)', '  count: expected number, found "x"', '  titel: unknown key (did you mean "title"?)'].join('\n'),
      // "count" is wrong here, not missing: the other locale's note stays, as does a key no schema problem names.
      [`${FILE}  differs from the en file`, '  count: missing, the en file has it', '  other: missing, the en file has it'].join('\n'),
    ]);
  });

  it('drop a parity note for a misspelt key, and a parity problem left with nothing to say', () => {
    expect(mergeParity([schema(), parity(['titel', 'title'])]).map((p) => p.code)).toEqual(['content/schema']);
    // Another file's parity note is its own; a problem that is neither kind passes as it is.
    const other = new Problem('link/broken', { page: '/x', output: 'x.html' }, 'has a broken link');
    expect(mergeParity([schema(), parity(['title'], 'content/fr/ui.yaml'), other]).map((p) => p.code)).toEqual(['content/schema', 'content/locale-parity', 'link/broken']);
  });

  it('sort by file, then line, problems of no file or line first', () => {
    const at = (file: string | undefined, line?: number) => (file ? inFile('content/schema', file, `${file}:${line}`, [], line ? { line, col: 1 } : undefined) : new Problem('link/broken', { part: 'x' }, 'no file'));
    const sorted = sortProblems([at('b.yaml', 3), at('a.yaml', 10), at('b.yaml', 1), at(undefined), at('a.yaml', 2), at('a.yaml')]);
    expect(sorted.map((p) => p.title)).toEqual(['no file', 'a.yaml:undefined', 'a.yaml:2', 'a.yaml:10', 'b.yaml:1', 'b.yaml:3']);
  });
});
