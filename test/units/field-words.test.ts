// A key path named as the editor names it: labels from the schema's metadata or the site's words,
// entries by their summary, rows counted from 1, through every wrapper zod puts around a field.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fieldWords, isChoiceList, labelOf } from '../../src/content/field-words.ts';

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
