// Locale parity on its own: every locale holds the same files, the same keys and the same "## "
// sections, checked in both directions, each problem naming the file that lacks something and the one
// that has it.
import { describe, expect, it } from 'vitest';
import { checkLocaleParity } from '../../src/content/check-locales.ts';
import type { ParsedFile } from '../../src/content/read-file.ts';

const parsed = (file: string, data: unknown, body?: string): ParsedFile => ({ file, data, body, positionOf: () => ({ line: 2, col: 1 }) });
const shown = (rel: string) => `content/${rel}`;

describe('locale parity', () => {
  it('names a file one locale lacks', () => {
    const problems = checkLocaleParity(['en', 'es'], ['ui.yaml'], ['en/ui.yaml'], new Map(), shown);
    expect(problems.map((p) => p.format())).toEqual(['content/es/ui.yaml  is missing (es)\n  required, missing; present in content/en/ui.yaml']);
  });

  it('names every locale that has the file, under the missing-file code', () => {
    const [problem] = checkLocaleParity(['en', 'es', 'fr'], ['ui.yaml'], ['en/ui.yaml', 'es/ui.yaml'], new Map(), shown);
    expect(problem!.code).toBe('content/missing-file');
    expect(problem!.format()).toBe('content/fr/ui.yaml  is missing (fr)\n  required, missing; present in content/en/ui.yaml, content/es/ui.yaml');
  });

  it('offers a collection entry missing in one locale the setting that allows it (partial)', () => {
    const problems = checkLocaleParity(['en', 'fr'], ['posts/hello.md'], ['en/posts/hello.md'], new Map(), shown, new Map([['posts/hello.md', 'posts']]));
    expect(problems.map((p) => p.format())).toEqual(['content/fr/posts/hello.md  is missing (fr)\n  required, missing; present in content/en/posts/hello.md; or, to publish its entries only in the languages they are written in, set partial: true on the "posts" collection in the site definition']);
  });

  it('names a key missing in either locale (es lacks one; en lacks another)', () => {
    const files = new Map([
      ['en/ui.yaml', parsed('content/en/ui.yaml', { a: 1, b: { c: 2 } })],
      ['es/ui.yaml', parsed('content/es/ui.yaml', { a: 1, b: { d: 3 } })],
    ]);
    const problems = checkLocaleParity(['en', 'es'], ['ui.yaml'], ['en/ui.yaml', 'es/ui.yaml'], files, shown);
    expect(problems.map((p) => p.format())).toEqual([
      'content/en/ui.yaml:2:1  lacks content its es version has (en)\n  b.d: missing, present in content/es/ui.yaml',
      'content/es/ui.yaml:2:1  lacks content its en version has (es)\n  b.c: missing, present in content/en/ui.yaml',
    ]);
  });

  it('compares lists item by item', () => {
    const files = new Map([
      ['en/x.yaml', parsed('content/en/x.yaml', { items: [{ q: 1 }, { q: 2 }] })],
      ['es/x.yaml', parsed('content/es/x.yaml', { items: [{ q: 1 }] })],
    ]);
    const problems = checkLocaleParity(['en', 'es'], ['x.yaml'], ['en/x.yaml', 'es/x.yaml'], files, shown);
    expect(problems.map((p) => p.details.map((d) => d.path))).toEqual([['items[1]']]);
  });

  it('names a Markdown body with fewer "## " sections than another locale\'s', () => {
    const files = new Map([
      ['en/legal/a.md', parsed('content/en/legal/a.md', {}, '## One\ntext\n## Two\ntext')],
      ['es/legal/a.md', parsed('content/es/legal/a.md', {}, '## Uno\ntexto')],
    ]);
    const problems = checkLocaleParity(['en', 'es'], ['legal/a.md'], ['en/legal/a.md', 'es/legal/a.md'], files, shown);
    expect(problems.map((p) => p.format())).toEqual(['content/es/legal/a.md  lacks content its en version has (es)\n  (body): 1 "## " sections, but content/en/legal/a.md has 2']);
  });

  it('passes locales that hold the same', () => {
    const files = new Map([
      ['en/ui.yaml', parsed('content/en/ui.yaml', { a: 'x', b: ['y'] }, '## A')],
      ['es/ui.yaml', parsed('content/es/ui.yaml', { a: 'z', b: ['w'] }, '## B')],
    ]);
    expect(checkLocaleParity(['en', 'es'], ['ui.yaml'], ['en/ui.yaml', 'es/ui.yaml'], files, shown)).toEqual([]);
  });

  it('names a file that no locale has, in every locale', () => {
    expect(checkLocaleParity(['en', 'es'], ['faq.yaml'], [], new Map(), shown).map((p) => p.format())).toEqual([
      'content/en/faq.yaml  is missing (en)\n  required, missing; no locale has it',
      'content/es/faq.yaml  is missing (es)\n  required, missing; no locale has it',
    ]);
  });

  it('names a mapping one locale has where another has null or a text, and three locales each against the others, once per file', () => {
    const files = new Map([
      ['en/x.yaml', parsed('content/en/x.yaml', { a: { b: 1 }, c: { d: 1 }, e: null })],
      ['es/x.yaml', parsed('content/es/x.yaml', { a: null, c: 'text', e: null })],
      ['fr/x.yaml', parsed('content/fr/x.yaml', { a: { b: 2 }, c: { d: 2 }, e: null })],
    ]);
    const problems = checkLocaleParity(['en', 'es', 'fr'], ['x.yaml'], ['en/x.yaml', 'es/x.yaml', 'fr/x.yaml'], files, shown);
    // One problem for the file, each key naming every version that has it (it was told once per other version).
    expect(problems.map((p) => p.format().split('\n'))).toEqual([
      ['content/es/x.yaml:2:1  lacks content its en and fr versions have (es)', '  a: missing, present in content/en/x.yaml, content/fr/x.yaml', '  c: missing, present in content/en/x.yaml, content/fr/x.yaml'],
    ]);
    // A key only one of the others has is named with that one; sections compared with the version that has most.
    const uneven = new Map([
      ['en/y.md', parsed('content/en/y.md', { a: 1, b: 1 }, '## One\n## Two')],
      ['es/y.md', parsed('content/es/y.md', {}, '')],
      ['fr/y.md', parsed('content/fr/y.md', { a: 1 }, '## Un\n## Deux\n## Trois')],
    ]);
    const [es] = checkLocaleParity(['en', 'es', 'fr'], ['y.md'], ['en/y.md', 'es/y.md', 'fr/y.md'], uneven, shown).filter((p) => p.format().startsWith('content/es'));
    expect(es!.details.map((d) => `${d.path}: ${d.message}`)).toEqual(['a: missing, present in content/en/y.md, content/fr/y.md', 'b: missing, present in content/en/y.md', '(body): 0 "## " sections, but content/fr/y.md has 3']);
  });

  it('counts only "## " headings at the start of a line as sections', () => {
    const files = new Map([
      ['en/a.md', parsed('content/en/a.md', {}, '## One\n### Sub\ntext ## not\n## Two')],
      ['es/a.md', parsed('content/es/a.md', {}, '## Uno\n### Sub\n### Sub 2\n #### x')],
    ]);
    expect(checkLocaleParity(['en', 'es'], ['a.md'], ['en/a.md', 'es/a.md'], files, shown).map((p) => p.details.map((d) => d.message))).toEqual([['1 "## " sections, but content/en/a.md has 2']]);
  });
});
