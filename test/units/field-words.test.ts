// A key path named as the editor names it: labels from the schema's metadata or the site's words,
// entries by their summary, rows counted from 1, through every wrapper zod puts around a field.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fieldWords, inEditorWords, isChoiceList, labelOf, type SpokenFile } from '../../src/content/field-words.ts';
import { inFile, inPart, Problem } from '../../src/problems/problem.ts';

const day = z.enum(['mon', 'tue']);
const row = z.object({ days: z.array(day), opens: z.string().meta({ cms: { label: 'Opens at' } }) });
const store = z
  .object({
    city: z.string(),
    postalCode: z.string(),
    hours: z.array(row).nullish().meta({ cms: { label: 'Opening hours' } }),
    photo: z.string().optional(),
  });
// The summary sits on the list, as the editor's list field has it.
const stores = z.array(store).meta({ cms: { summary: '{{fields.city}}' } });
const data = [
  { city: 'Oak Street', postalCode: '1', hours: [{ days: ['mon'], opens: '9' }] },
  { postalCode: '2' },
];

describe('labelOf', () => {
  it('spells a key out as words, first letter capital', () => {
    expect(labelOf('postalCode')).toBe('Postal code');
    expect(labelOf('e164')).toBe('E164');
    expect(labelOf('opening_hours-late')).toBe('Opening hours late');
    expect(labelOf('URL')).toBe('Url');
    expect(labelOf('')).toBe('');
  });
});

describe('fieldWords', () => {
  it('names an entry of a top-level list by its summary and a field by its label', () => {
    expect(fieldWords(stores, data, [0, 'hours', 0, 'opens'])).toEqual(['Oak Street', 'Opening hours', 'row 1', 'Opens at']);
  });

  it('counts rows from 1 when the entry has no summary or its summary value is missing', () => {
    expect(fieldWords(stores, data, [1, 'city'])).toEqual(['row 2', 'City']);
    expect(fieldWords(stores, data, [5, 'city'])).toEqual(['row 6', 'City']);
  });

  it('spells out a key with no label, unless the site has a word for it (plain or with a label)', () => {
    expect(fieldWords(stores, data, [0, 'postalCode'])).toEqual(['Oak Street', 'Postal code']);
    expect(fieldWords(stores, data, [0, 'postalCode'], { postalCode: 'ZIP code' })).toEqual(['Oak Street', 'ZIP code']);
    expect(fieldWords(stores, data, [0, 'postalCode'], { postalCode: { label: 'ZIP' } })).toEqual(['Oak Street', 'ZIP']);
    // A schema's own label wins over the site's word; an inherited key of the words object is no word.
    expect(fieldWords(stores, data, [0, 'hours'], { hours: 'Hours' })).toEqual(['Oak Street', 'Opening hours']);
    expect(fieldWords(stores, data, [0, 'toString' as string])).toEqual(['Oak Street', 'To string']);
  });

  it('reads labels and summaries through nullish, default, transform and pipe wrappers', () => {
    const wrapped = z
      .array(z.object({ name: z.string().default('x').meta({ cms: { label: 'Shop name' } }), size: z.string().transform(Number) }).nullable())
      .meta({ cms: { summary: '{{name}} ({{fields.size}})' } })
      .optional();
    const rows = [{ name: 'Bakery', size: 3 }];
    expect(fieldWords(wrapped, rows, [0, 'name'])).toEqual(['Bakery (3)', 'Shop name']);
    expect(fieldWords(wrapped, rows, [0, 'size'])).toEqual(['Bakery (3)', 'Size']);
    // A pipe is read from its input side, which is what a person types.
    const piped = z.object({ when: z.string().meta({ cms: { label: 'Date' } }).pipe(z.coerce.date()) });
    expect(fieldWords(piped, {}, ['when'])).toEqual(['Date']);
  });

  it('keeps the outermost label when wrappers carry different ones', () => {
    const outer = z.object({ a: z.string().meta({ cms: { label: 'Inner' } }).optional().meta({ cms: { label: 'Outer' } }) });
    expect(fieldWords(outer, {}, ['a'])).toEqual(['Outer']);
  });

  it('looks into a choice of "" or a value: the value\'s summary and fields', () => {
    const notice = z.object({ where: z.union([z.literal(''), z.array(z.object({ city: z.string() })).meta({ cms: { summary: '{{city}}', label: 'Places' } })]) });
    expect(fieldWords(notice, { where: [{ city: 'Ybor' }] }, ['where', 0, 'city'])).toEqual(['Places', 'Ybor', 'City']);
    const list = z.union([z.literal(''), stores]);
    expect(fieldWords(list, data, [0, 'city'])).toEqual(['Oak Street', 'City']);
    // A label on the union itself wins over its member's.
    const labelled = z.object({ where: z.union([z.literal(''), z.string().meta({ cms: { label: 'Member' } })]).meta({ cms: { label: 'Union' } }) });
    expect(fieldWords(labelled, {}, ['where'])).toEqual(['Union']);
  });

  it('uses the summary only when every value it names is text or a number and not blank', () => {
    const s = z.array(z.object({ a: z.unknown(), b: z.unknown() })).meta({ cms: { summary: '{{a}} {{b}}' } });
    expect(fieldWords(s, [{ a: 'x', b: 2 }], [0])).toEqual(['x 2']);
    expect(fieldWords(s, [{ a: 'x', b: { c: 1 } }], [0])).toEqual(['row 1']);
    expect(fieldWords(s, [{ a: ' ', b: '' }], [0])).toEqual(['row 1']);
    expect(fieldWords(s, [null], [0])).toEqual(['row 1']);
    const deep = z.array(z.object({ a: z.object({ b: z.string() }) })).meta({ cms: { summary: '{{ fields.a.b }}' } });
    expect(fieldWords(deep, [{ a: { b: 'Deep' } }], [0])).toEqual(['Deep']);
    expect(fieldWords(deep, [{ a: 'flat' }], [0])).toEqual(['row 1']);
    expect(fieldWords(deep, [{ a: null }], [0])).toEqual(['row 1']);
  });

  it('names what it can when the data or the schema ends early, and stops at a symbol', () => {
    expect(fieldWords(stores, 'not a list', [0, 'city'])).toEqual(['row 1', 'City']);
    expect(fieldWords(stores, data, [0, 'nope', 'deeper'])).toEqual(['Oak Street', 'Nope', 'Deeper']);
    expect(fieldWords(z.object({ a: z.string() }), { a: 1 }, [0])).toEqual([]);
    expect(fieldWords(stores, data, [Symbol('x'), 'city'])).toEqual([]);
    expect(fieldWords(stores, data, [])).toEqual([]);
    expect(fieldWords(z.object({ a: z.object({ b: z.string() }) }), null, ['a', 'b'])).toEqual(['A', 'B']);
    expect(fieldWords(z.object({ a: z.object({ b: z.string() }) }), { a: null }, ['a', 'b'])).toEqual(['A', 'B']);
  });
});

describe('isChoiceList', () => {
  it('is true for a list of choices, through wrappers, and false for rows, text and missing keys', () => {
    expect(isChoiceList(stores, [0, 'hours', 0, 'days'])).toBe(true);
    expect(isChoiceList(z.object({ d: z.array(day.optional()).nullish() }), ['d'])).toBe(true);
    expect(isChoiceList(stores, [0, 'hours'])).toBe(false);
    expect(isChoiceList(stores, [0, 'city'])).toBe(false);
    expect(isChoiceList(stores, [0, 'nope'])).toBe(false);
    expect(isChoiceList(z.array(z.string()), [])).toBe(false);
    expect(isChoiceList(z.array(day), [])).toBe(true);
    expect(isChoiceList(z.union([z.literal(''), z.array(day)]), [])).toBe(true);
  });
});

describe('inEditorWords', () => {
  const files = new Map<string, SpokenFile>([
    ['content/stores.yaml', { name: 'Stores', schema: stores, data }],
    ['content/en/notes/a.md', { name: 'Notes › A (English)', bodyLine: 4 }],
  ]);
  const words = (problem: Problem) => inEditorWords([problem], files)[0]!.details.map((d) => d.words);

  it('names the entry and the field a detail\'s path leads to, in dotted or bracketed form, then what is wrong', () => {
    expect(words(inFile('content/check', 'content/stores.yaml', 'has a store that cannot be shown', [{ path: '0.hours[0].opens', message: 'is after closing' }]))).toEqual(['Stores › Oak Street › Opening hours › row 1 › Opens at: is after closing']);
    expect(words(inFile('content/check', 'content/stores.yaml', 'x', [{ path: '1.city', message: 'is empty' }, { path: '', message: 'the file as a whole' }]))).toEqual(['Stores › row 2 › City: is empty', 'Stores: the file as a whole']);
  });

  it('names the line of the text, counted from the text\'s first line, for a problem in a Markdown body; a quoted path is a value, not a field', () => {
    expect(words(inFile('link/broken', 'content/en/notes/a.md', 'links to a page that does not exist', [{ path: '"/nowhere"', message: 'points at no page' }], { line: 6, col: 1 }))).toEqual(['Notes › A (English) › Text, line 3: "/nowhere" points at no page']);
    expect(words(inFile('link/broken', 'content/en/notes/a.md', 'x', [{ path: '', message: 'in the front matter' }], { line: 2, col: 1 }))).toEqual(['Notes › A (English): in the front matter']);
    expect(words(inFile('link/broken', 'content/en/notes/a.md', 'x', [{ path: '', message: 'on the first line of the text' }], { line: 4, col: 1 }))).toEqual(['Notes › A (English) › Text, line 1: on the first line of the text']);
    // Without the file's data (as the render keeps it), a field is not named, the entry is.
    expect(words(inFile('content/check', 'content/en/notes/a.md', 'x', [{ path: 'title', message: 'is long' }]))).toEqual(['Notes › A (English): is long']);
  });

  it('keeps words a detail has, and leaves alone a problem of no known file, or of no file', () => {
    const own = inFile('content/schema', 'content/stores.yaml', 'x', [{ path: '0.city', message: 'm', words: 'Stores › Oak Street › City: her own words' }]);
    expect(inEditorWords([own], files)[0]).toBe(own);
    const mixed = inFile('content/check', 'content/stores.yaml', 'x', [{ path: '0.city', message: 'm', words: 'kept' }, { path: '0.city', message: 'is wrong' }]);
    expect(words(mixed)).toEqual(['kept', 'Stores › Oak Street › City: is wrong']);
    const elsewhere = inFile('content/check', 'content/other.yaml', 'x', [{ path: 'a', message: 'm' }]);
    expect(inEditorWords([elsewhere], files)[0]).toBe(elsewhere);
    const whole = inPart('the lab', 'finds pages too heavy', [{ path: '', message: 'm' }]);
    expect(inEditorWords([whole], files)[0]).toBe(whole);
    // A new problem keeps the old one's code, place and title.
    const told = inEditorWords([mixed], files)[0]!;
    expect([told.code, told.file, told.title]).toEqual([mixed.code, mixed.file, mixed.title]);
  });
});
