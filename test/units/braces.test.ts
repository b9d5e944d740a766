// Words in braces the site fills in, asked for at the editor's field: the pattern and its sentence, and which
// fields of which files get one (the real editor refusing {hora}: test/browser/office-day.slow.test.ts).
import { describe, expect, it } from 'vitest';
import { bracedTexts, bracesPattern } from '../../src/admin/braces.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';

describe('a pattern for the words in braces', () => {
  it('takes a text holding each of them and no other, and names them in its sentence', () => {
    const [pattern, said] = bracesPattern(['{opens}', '{closes}']);
    const test = (text: string) => new RegExp(pattern).test(text);
    expect(test('de {opens} a {closes}')).toBe(true);
    expect(test('{closes}\n{opens}')).toBe(true);
    expect(test('de {opens} a {cierre}')).toBe(false);
    expect(test('de {opens} a {closes} {extra}')).toBe(false);
    expect(test('de {opens} a {closes} (a.m.)')).toBe(true);
    expect(said).toBe('Keep {opens} and {closes} exactly as written, in every language: the site fills them in');
    expect(bracesPattern(['{time}'])[1]).toBe('Keep {time} exactly as written, in every language: the site fills it in');
    expect(bracesPattern(['{a}', '{b}', '{c}'])[1]).toBe('Keep {a}, {b} and {c} exactly as written, in every language: the site fills them in');
  });
});

describe('the fields that ask for them', () => {
  const site = { defaultLocale: 'en', content: { perLocale: { ui: {} } } } as unknown as SiteDefinition;
  const config = {
    collections: [
      { name: 'text', files: [{ name: 'ui', fields: [
        { name: 'open', widget: 'string' },
        { name: 'note', widget: 'text' },
        { name: 'count', widget: 'number' },
        { name: 'phone', widget: 'string', pattern: ['^\\d+$', 'digits'] },
        { name: 'plain', widget: 'string' },
        { name: 'hours', widget: 'object', fields: [{ name: 'range', widget: 'string' }] },
        { name: 'list', widget: 'list', fields: [{ name: 'item', widget: 'string' }] },
      ] }, { name: 'other', fields: [{ name: 'open', widget: 'string' }] }] },
      { name: 'posts', folder: 'posts', fields: [{ name: 'open', widget: 'string' }] },
    ],
  };
  const ui = { open: 'Open · closes at {time}', note: 'At {time}', count: '{n}', phone: '{x}', plain: 'Hello', hours: { range: '{opens} – {closes}' }, list: ['{x}'] };

  it('are the texts of a language\'s file whose default-language text holds such words, nested ones too', () => {
    const made = bracedTexts(config, site, { locales: { en: { ui, other: ui }, es: {} } });
    const fields = made.collections[0]!.files![0]!.fields as { name: string; pattern?: [string, string]; fields?: { pattern?: unknown }[] }[];
    const patterned = Object.fromEntries(fields.map((f) => [f.name, f.pattern?.[1] ?? f.fields?.[0]?.pattern]));
    expect(patterned.open).toMatch(/^Keep \{time\}/);
    expect(patterned.note).toMatch(/^Keep \{time\}/);
    expect((patterned.hours as [string, string])[1]).toMatch(/^Keep \{opens\} and \{closes\}/);
    // A number, a field with a pattern of its own, a text without braces and a list are left as they are.
    expect(patterned.count).toBeUndefined();
    expect(patterned.phone).toBe('digits');
    expect(patterned.plain).toBeUndefined();
    expect(patterned.list).toBeUndefined();
    // Another file, another collection, and the configuration given, unchanged.
    expect(made.collections[0]!.files![1]).toEqual(config.collections[0]!.files![1]);
    expect(made.collections[1]).toEqual(config.collections[1]);
    expect(config.collections[0]!.files![0]!.fields[0]).toEqual({ name: 'open', widget: 'string' });
  });

  it('are none when the content has no text in the default language', () => {
    expect(bracedTexts(config, site, { locales: { es: { ui } } })).toBe(config);
    expect(bracedTexts(config, site, undefined)).toBe(config);
  });
});
