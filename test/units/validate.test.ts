// Schema mistakes as a person reads them: the key path, what was expected, what was found (a value
// shown short, a list by its length), unknown keys with the nearest known one, and the first issue's line.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { controlCharacters, validate } from '../../src/content/validate.ts';

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

  it('offer first a key the file lacks: a renamed key stands for it, not for a near one that is there', () => {
    const ui = z.object({ tagTitle: z.string(), tagsTitle: z.string() }).strict();
    const result = validate(ui, { file: 'ui.yaml', data: { tagTitle: 'Tag', tagTitel: 'Tags' }, positionOf: (path: readonly PropertyKey[]) => ({ line: path[0] === 'tagTitel' ? 24 : 15, col: 3 }) } as never, 't');
    expect(result.ok ? '' : result.problem.format()).toBe('ui.yaml:24:3  t\n  tagsTitle: required, missing (expected string)\n  tagTitel: unknown key (did you mean "tagsTitle"?)');
  });

  it('offer the keys the engine reads before the schema (an entry\'s draft) for a misspelt top-level key only', () => {
    const post = z.object({ title: z.string(), meta: z.object({ x: z.string() }).strict().optional() }).strict();
    const told = (data: unknown) => {
      const result = validate(post, { file: 'p.md', data, positionOf: () => undefined } as never, 't', { name: 'Posts', engineKeys: ['draft', 'publishDate', 'expiryDate'] });
      return result.ok ? [] : result.problem.details.map((d) => d.message);
    };
    expect(told({ title: 'x', draf: true })).toEqual(['unknown key (did you mean "draft"?)']);
    expect(told({ title: 'x', meta: { x: 'y', draf: true } })).toEqual(['unknown key']);
    // Other generators' names for the dates, nearer in letters to the opposite key.
    expect(told({ title: 'x', unpublishdate: '2026-01-01' })).toEqual(['unknown key (did you mean "expiryDate"?)']);
    expect(told({ title: 'x', expires: '2026-01-01', publish_on: '2026-01-01' })).toEqual(['unknown key (did you mean "expiryDate"?)', 'unknown key (did you mean "publishDate"?)']);
    expect(told({ title: 'x', meta: { x: 'y', expires: '2026-01-01' } })).toEqual(['unknown key']);
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

describe('forms and rules zod words its own way', () => {
  const forms = z.object({
    // A choice that may be left empty, as the editor saves a cleared select.
    size: z.union([z.enum(['S', 'M', 'L']), z.literal('')]).optional(),
    either: z.union([z.number(), z.boolean()]),
    even: z.number().refine((n) => n % 2 === 0, 'an even number').optional(),
    code: z.string().regex(/^\d+$/, 'digits, like 42').optional(),
  }).strict();
  const told = (data: unknown, words = false) => {
    const result = validate(forms, { file: 'f.yaml', data, positionOf: () => undefined } as never, 't', words ? { name: 'Form' } : undefined);
    return result.ok ? [] : result.problem.details.map((d) => (words ? d.words : `${d.path}: ${d.message}${d.kind ? ` [${d.kind}]` : ''}`));
  };

  it('name the options of a choice that may be left empty, not "one of the allowed forms"', () => {
    expect(told({ either: 1, size: 'XL' })).toEqual(['size: expected one of "S"|"M"|"L", found "XL"']);
    expect(told({ either: 1, size: 'XL' }, true)).toEqual(['Form › Size: must be one of the choices the editor offers']);
    expect(told({ either: 1, size: '' })).toEqual([]);
  });

  it('say a missing field of several forms is missing, and a wrong one by what it holds', () => {
    expect(told({})).toEqual(['either: required, missing (expected one of the allowed forms) [missing]']);
    expect(told({ either: null })).toEqual(['either: expected one of the allowed forms, found null']);
    expect(told({ either: null }, true)).toEqual(['Form › Either: is empty: fill it in']);
    expect(told({ either: [] }, true)).toEqual(['Form › Either: is empty: fill it in']);
    expect(told({ either: ['x'] }, true)).toEqual(['Form › Either: is not in a form this field takes']);
  });

  it("keep a site's own rule in its own words, sentence or not, and a pattern's own words", () => {
    expect(told({ either: 1, even: 3 })).toEqual(['even: an even number']);
    expect(told({ either: 1, even: 3 }, true)).toEqual(['Form › Even: an even number']);
    expect(told({ either: 1, code: 'x1' })).toEqual(['code: expected digits, like 42, found "x1"']);
    expect(told({ either: 1, code: 'x1' }, true)).toEqual(['Form › Code: must be digits, like 42; it is "x1"']);
  });
});

describe('a missing date, and a key the site has not turned on', () => {
  it('names the form a missing or mistyped date takes, not "string"', () => {
    const post = z.object({ title: z.string(), date: z.iso.date(), at: z.iso.datetime().optional(), mail: z.email().optional() });
    const told = (data: unknown) => {
      const result = validate(post, { file: 'p.md', data, positionOf: () => undefined } as never, 't');
      return result.ok ? [] : result.problem.details.map((d) => `${d.path}: ${d.message}`);
    };
    expect(told({ title: 'x' })).toEqual(['date: required, missing (expected a date, year-month-day, like 2026-11-20)']);
    expect(told({ title: 'x', date: 20261120, at: 5, mail: true })).toEqual([
      'date: expected a date, year-month-day, like 2026-11-20, found number 20261120',
      'at: expected a date and time, like 2026-11-20T09:30:00Z, found number 5',
      'mail: expected an e-mail address, like name@example.com, found boolean true',
    ]);
    expect(told({})[0]).toBe('title: required, missing (expected string)');
  });

  it('says what a known key needs instead of "did you mean", at the top level only', () => {
    const page = z.object({ title: z.string(), meta: z.object({ x: z.string() }).strict().optional() }).strict();
    const told = (data: unknown) => {
      const result = validate(page, { file: 'p.md', data, positionOf: () => undefined } as never, 't', { name: 'Pages', keyNotes: { slug: 'read only with localizedSlugs' } });
      return result.ok ? [] : result.problem.details.map((d) => d.message);
    };
    expect(told({ title: 'x', slug: 'getting-started' })).toEqual(['unknown key: read only with localizedSlugs']);
    expect(told({ title: 'x', meta: { x: 'y', slug: 'a' } })).toEqual(['unknown key']);
  });
});

describe('in the words of the person who edits', () => {
  const form = z.object({
    name: z.string().min(1),
    title: z.string().min(3).max(5),
    note: z.string().max(4, 'must be short: at most 4 letters').optional(),
    stars: z.number().int().min(1).max(5),
    rating: z.number().min(1, 'must be 1 to 5 stars').optional(),
    open: z.boolean(),
    rows: z.array(z.string()).min(2).max(3),
    days: z.array(z.enum(['Mo', 'Tu', 'We'])).min(1).max(2),
    email: z.email().optional(),
    site: z.url().optional(),
    time: z.string().regex(/^\d\d:\d\d$/, 'a 24-hour time like "08:00"').optional(),
    day: z.iso.date().optional(),
    code: z.string().regex(/^\d+$/).optional(),
    kind: z.enum(['a', 'b']).optional(),
    stars5: z.literal([1, 2, 3, 4, 5], 'must be 1 to 5 stars').optional(),
    fit: z.enum(['S', 'M'], 'a size, S or M').optional(),
    day2: z.enum(['mon', 'tue'], 'Pick a weekday').optional(),
    either: z.union([z.number(), z.boolean()]).optional(),
    even: z.number().refine((n) => n % 2 === 0, 'must be an even number').optional(),
  }).strict();
  const said = (data: unknown) => {
    const result = validate(form, { file: 'content/x.yaml', data, positionOf: () => undefined } as never, 't', { name: 'Settings', words: { stars: 'Stars' } });
    return result.ok ? [] : result.problem.details.map((d) => d.words);
  };
  const valid = { name: 'x', title: 'abc', stars: 3, open: true, rows: ['a', 'b'], days: ['Mo'] };

  it('say what to do, with the file and field as the editor names them, and no type names', () => {
    expect(valid && said(valid)).toEqual([]);
    expect(said({ ...valid, name: '', title: 'ab', stars: 0, open: 'yes' })).toEqual([
      'Settings › Name: is empty: fill it in',
      'Settings › Title: is too short: at least 3 characters',
      'Settings › Stars: must be 1 or more',
      'Settings › Open: must be on or off',
    ]);
    expect(said({ ...valid, title: 'abcdef', stars: 6, note: 'longer' })).toEqual([
      'Settings › Title: is too long: at most 5 characters, it has 6',
      'Settings › Note: must be short: at most 4 letters; it has 6',
      'Settings › Stars: must be 5 or less',
    ]);
    expect(said({ ...valid, stars: 'three', rating: 0 })).toEqual(['Settings › Stars: must be a number', 'Settings › Rating: must be 1 to 5 stars']);
    expect(said({ ...valid, stars: undefined, open: undefined })).toEqual(['Settings › Stars: is empty: fill it in', 'Settings › Open: is empty: fill it in']);
  });

  it('count rows and choices', () => {
    expect(said({ ...valid, rows: ['a'], days: [] })).toEqual(['Settings › Rows: needs at least 2 rows; it has 1', 'Settings › Days: choose at least 1']);
    expect(said({ ...valid, rows: [] })).toEqual(['Settings › Rows: needs at least 2 rows; it has none']);
    const one = validate(z.object({ rows: z.array(z.string()).min(1) }), { file: 'f', data: { rows: [] }, positionOf: () => undefined } as never, 't', { name: 'Settings' });
    expect(one.ok ? [] : one.problem.details.map((d) => d.words)).toEqual(['Settings › Rows: needs at least 1 row; it has none']);
    expect(said({ ...valid, rows: ['a', 'b', 'c', 'd'], days: ['Mo', 'Tu', 'We'] })).toEqual(['Settings › Rows: has too many rows: at most 3, it has 4', 'Settings › Days: has too many choices: at most 2, it has 3']);
  });

  it('name the form a text must take, quoting what was typed (a long one cut)', () => {
    expect(said({ ...valid, email: 'front desk', site: 'example.com', time: '9:00' })).toEqual([
      'Settings › Email: must be written as an e-mail address, like name@example.com; it is "front desk"',
      'Settings › Site: must be written as a full web address starting with https://; it is "example.com"',
      'Settings › Time: must be a 24-hour time like "08:00"; it is "9:00"',
    ]);
    expect(said({ ...valid, email: 'x'.repeat(45) })).toEqual([`Settings › Email: must be written as an e-mail address, like name@example.com; it is "${'x'.repeat(37)}..."`]);
    expect(said({ ...valid, day: 'November 1st' })).toEqual(['Settings › Day: must be written as a date, year-month-day, like 2026-11-20; it is "November 1st"']);
    // For the developer's report: zod's "Invalid ISO date" in words, a site's own words as written, a bare pattern as zod says it.
    const told = validate(form, { file: 'content/x.yaml', data: { ...valid, day: 'November 1st', time: '9:00', code: 'x' }, positionOf: () => undefined } as never, 't');
    expect(told.ok ? [] : told.problem.details.map((d) => d.message)).toEqual([
      'expected a 24-hour time like "08:00", found "9:00"',
      'expected a date, year-month-day, like 2026-11-20, found "November 1st"',
      'must match pattern /^\\d+$/, found "x"',
    ]);
  });

  it('choices, forms of several kinds, a site\'s own rule, and fields that are not the form\'s', () => {
    expect(said({ ...valid, kind: 'c', either: 'soon', even: 3 })).toEqual([
      'Settings › Kind: must be one of the choices the editor offers',
      'Settings › Either: is not in a form this field takes',
      'Settings › Even: must be an even number',
    ]);
    expect(said({ ...valid, kind: '' })).toEqual(['Settings › Kind: is empty: choose one']);
    // A choice the schema explains in its own words: the rule, or what it takes.
    expect(said({ ...valid, stars5: 6, fit: 'L', day2: 'sun' })).toEqual(['Settings › Stars5: must be 1 to 5 stars', 'Settings › Fit: must be a size, S or M', 'Settings › Day2: Pick a weekday']);
    const told = validate(form, { file: 'content/x.yaml', data: { ...valid, stars5: 6, fit: 'L' }, positionOf: () => undefined } as never, 't');
    expect(told.ok ? [] : told.problem.details.map((d) => d.message)).toEqual(['must be 1 to 5 stars, found number 6', 'expected a size, S or M, found "L"']);
    expect(said({ ...valid, colour: 'red' })).toEqual(['Settings: has "colour", which is not one of its fields: remove it']);
    // Each on its own line, as the list of problems shows it.
    expect(said({ ...valid, colour: 'red', size: 2 })).toEqual(['Settings: has "colour", which is not one of its fields: remove it', 'Settings: has "size", which is not one of its fields: remove it']);
  });
});

describe('invisible control characters', () => {
  const parsed = (data: unknown, body?: string) => ({ file: 'content/x.md', data, body, bodyLine: 4, positionOf: (path: readonly PropertyKey[]) => ({ line: path.length + 1, col: 1 }) }) as never;

  it('are found in list items and nested fields, at the first one\'s line, each named', () => {
    const problem = controlCharacters(parsed({ title: 'ok', rows: ['fine', { q: 'a\u0007b' }], tags: ['x\u001b'] }), 'reviews (en) do not match their schema', { name: 'Reviews' });
    expect(problem?.format().split('\n')).toEqual([
      'content/x.md:4:1  reviews (en) hold text that cannot be shown',
      '  rows[1].q: holds an invisible control character (U+0007), which pages and feeds cannot show: type the text again, or delete the character',
      '  tags[0]: holds an invisible control character (U+001B), which pages and feeds cannot show: type the text again, or delete the character',
    ]);
    expect(problem?.details.map((d) => d.words)).toEqual([
      'Reviews: holds an invisible character (often from text pasted from another program): type the text again',
      'Reviews: holds an invisible character (often from text pasted from another program): type the text again',
    ]);
    expect(controlCharacters(parsed({ rows: ['tab\tand\nlines', { q: 'fine' }] }), 't')).toBeUndefined();
  });

  it('are found in a Markdown body at their own line, in her words too', () => {
    const problem = controlCharacters(parsed({ title: 'ok' }, 'first\nsecond \u0000 line\n'), 'the note does not match its schema', { name: 'Notes' });
    expect(problem?.format().split('\n')).toEqual([
      'content/x.md:5:1  the note holds text that cannot be shown',
      '  the text on line 5 holds an invisible control character (U+0000), which pages and feeds cannot show: type that line again, or delete the character',
    ]);
    expect(problem?.details[0]?.words).toBe('Notes › Text, line 5: holds an invisible character (often from text pasted from another program): type it again');
    expect(controlCharacters(parsed({ title: 'ok' }, 'clean\n'), 't')).toBeUndefined();
  });
});
