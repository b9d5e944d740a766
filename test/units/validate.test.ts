// Schema mistakes as a person reads them: the key path, what was expected, what was found (a value
// shown short, a list by its length), unknown keys with the nearest known one, and the first issue's line.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from '../../src/content/validate.ts';

const schema = z.object({
  name: z.string().min(2),
  tags: z.array(z.string()).max(2),
  count: z.number().int().max(9),
  kind: z.enum(['a', 'b']),
  when: z.union([z.number(), z.boolean()]),
  nested: z.object({ title: z.string() }).strict().optional(),
}).strict();

function details(data: unknown): string[] {
  const result = validate(schema, { file: 'content/x.yaml', data, positionOf: (path: readonly PropertyKey[]) => ({ line: path.length + 1, col: 3 }) } as never, 'x does not match its schema');
  if (result.ok) return [];
  return result.problem.format().split('\n');
}

describe('schema mistakes', () => {
  it('pass valid data through, typed', () => {
    const result = validate(schema, { file: 'f', data: { name: 'ab', tags: [], count: 1, kind: 'a', when: true }, positionOf: () => undefined } as never, 't');
    expect(result.ok && result.data.name).toBe('ab');
  });

  it('say what was expected and what was found, key by key', () => {
    expect(details({ name: 'a', tags: ['x', 'y', 'z'], count: 10, kind: 'c', when: 'soon', nested: { title: 'x', titl: 'y' } })).toEqual([
      'content/x.yaml:2:3  x does not match its schema',
      '  name: expected >=2 characters, found 1 characters',
      '  tags: expected <=2 items, found 3 items',
      '  count: expected <=9, found number 10',
      '  kind: expected one of "a"|"b", found "c"',
      '  when: expected one of the allowed forms, found "soon"',
      '  nested.titl: unknown key (did you mean "title"?)',
    ]);
  });

  it('name what is missing, and show found values short: null, a list by its length, a mapping, a long text cut', () => {
    expect(details({ tags: null, count: [1, 2], kind: { a: 1 }, when: 1, name: 'ab' }).slice(1)).toEqual([
      '  tags: expected array, found null',
      '  count: expected number, found a list of 2',
      '  kind: expected one of "a"|"b", found a mapping',
    ]);
    expect(details({ name: 'ab', tags: [], count: 1, kind: 'x'.repeat(50), when: 1 })).toContain(`  kind: expected one of "a"|"b", found "${'x'.repeat(37)}..."`);
    const missing = details({ name: 'ab', tags: [], count: 1, kind: 'a' });
    expect(missing[0]).toBe('content/x.yaml:2:3  x does not match its schema');
    expect(missing[1]).toMatch(/^  when: required, missing \(expected .+\)$/);
  });
});
