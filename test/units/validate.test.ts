// Schema mistakes as a person reads them: the key path, what was expected, what was found (a value
// shown short, a list by its length), unknown keys with the nearest known one, and the first issue's line.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
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

  it('suggest the nearest key inside list items, optional and defaulted objects, a swapped pair of letters counting as one slip', () => {
    const nested = z.object({
      list: z.array(z.object({ name: z.string(), phone: z.string().regex(/^\d+$/, 'digits only') }).strict()),
      meta: z.object({ title: z.string() }).strict().optional(),
      deep: z.object({ inner: z.object({ label: z.string() }).strict() }).strict().default({ inner: { label: 'x' } }),
    }).strict();
    const result = validate(nested, { file: 'f.yaml', data: { list: [{ name: 'x', nmae: 'y', phone: 'abc' }], meta: { title: 'x', titel: 'x' }, deep: { inner: { label: 'x', lable: 'x' } }, lsit: [] }, positionOf: () => undefined } as never, 't');
    expect(result.ok ? [] : result.problem.format().split('\n')).toEqual([
      'f.yaml  t',
      '  list[0].phone: expected digits only, found "abc"',
      '  list[0].nmae: unknown key (did you mean "name"?)',
      '  meta.titel: unknown key (did you mean "title"?)',
      '  deep.inner.lable: unknown key (did you mean "label"?)',
      '  lsit: unknown key (did you mean "list"?)',
    ]);
  });

  it('show a text of 40 characters whole and a longer one cut, and name lengths, ranges and options as expected', () => {
    const limits = z.object({ s: z.string().max(3).optional(), n: z.number().min(2).optional(), k: z.enum(['a', 'b']).optional(), t: z.string().length(41).optional(), u: z.string().length(39).optional() }).strict();
    const lines = (data: unknown) => {
      const result = validate(limits, { file: 'f.yaml', data, positionOf: () => undefined } as never, 't');
      return result.ok ? [] : result.problem.format().split('\n').slice(1);
    };
    expect(lines({ s: 'abcd', n: 1, k: 'c', t: 'x'.repeat(40), u: 'y'.repeat(41) })).toEqual([
      '  s: expected <=3 characters, found 4 characters',
      '  n: expected >=2, found number 1',
      '  k: expected one of "a"|"b", found "c"',
      '  t: expected exactly 41 characters, found 40 characters',
      '  u: expected exactly 39 characters, found 41 characters',
    ]);
    expect(lines({ s: 5, k: 'x'.repeat(40) })).toEqual(['  s: expected string, found number 5', `  k: expected one of "a"|"b", found "${'x'.repeat(40)}"`]);
    expect(lines({ k: 'x'.repeat(41) })).toEqual([`  k: expected one of "a"|"b", found "${'x'.repeat(37)}..."`]);
  });
});
