// The editor in the office manager's words: every field of the generated configuration has a plain
// label (none of the code words the issue found: E164, Hero, Eyebrow, Cta, Faqs / Q / A, Noindex,
// Js brotli, Mo / Tu / Sa …), every pattern the editor checks says what to type by example, paragraphs
// are boxes of several lines, and the developers' settings are not shown (the editor keeps their values).
import { describe, expect, it } from 'vitest';
import { cmsConfig } from '../src/admin/cms-config.ts';
import type { EditorPlugin } from '../src/admin/editor-plugin.ts';
import { loadSite } from '../src/pipeline/load-site.ts';
import { CONTENT, ROOT, SITE, STATIC } from './helpers/fixtures.ts';

interface Field { name: string; label: string; label_singular?: string; widget: string; hint?: string; pattern?: [string, string]; readonly?: boolean; fields?: Field[]; field?: Field; options?: unknown[]; i18n?: unknown }

/** Every field of the configuration with the path of labels that leads to it ("Site › Hours › Opens"). */
async function fields(): Promise<{ path: string; keys: string; field: Field }[]> {
  const site = await loadSite(SITE);
  const admin = (site.plugins?.find((p) => p.name === 'editor') as EditorPlugin).options;
  const config = cmsConfig(site, { root: ROOT, contentDir: CONTENT, staticDir: STATIC }, 'https://www.example.com', admin) as { collections: { label: string; files?: { label: string; fields: Field[] }[]; fields?: Field[] }[] };
  const found: { path: string; keys: string; field: Field }[] = [];
  const walk = (list: Field[] | undefined, path: string, keys: string) => {
    for (const field of list ?? []) {
      found.push({ path: `${path} › ${field.label}`, keys: `${keys}.${field.name}`, field });
      walk(field.fields, `${path} › ${field.label}`, `${keys}.${field.name}`);
      if (field.field) walk([field.field], `${path} › ${field.label}`, `${keys}.${field.name}`);
    }
  };
  for (const collection of config.collections) {
    for (const file of collection.files ?? []) walk(file.fields, `${collection.label} › ${file.label}`, file.label);
    walk(collection.fields, collection.label, collection.label);
  }
  return found;
}

/** Words that are code, not English: the names the issue found, and their kind (a label of one or two letters: Q, A, Mo). */
const CODE_WORDS = /^[A-Za-z]{1,2}$|\b(E164|Hero|Eyebrow|Cta|Faqs?|Noindex|Brotli|Js|Css|Html|Url|Id|Geo|Lat|Lng|Src|Alt|Dir|Lang|Nav|Slug|Ui|Mo|Tu|We|Th|Fr|Sa|Su|Info|Config)\b/;

describe('the editor, in the office manager’s words', () => {
  it('labels every field in plain words, free of code words', async () => {
    const all = await fields();
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter(({ field }) => CODE_WORDS.test(field.label)).map(({ path }) => path)).toEqual([]);
  });

  it('names each value of a list by what it is ("Plan", "Benefit"), not "Item", and adds one by that name', async () => {
    const lists = (await fields()).filter(({ field }) => field.widget === 'list' && field.field);
    expect(lists.length).toBeGreaterThan(3);
    // "Add Plans accepted" read as a heading, and each box was "Item".
    expect(lists.filter(({ field }) => !field.label_singular || field.field!.label === 'Item').map(({ path }) => path)).toEqual([]);
  });

  it('says what to type, by example, wherever it checks a pattern: never a raw pattern', async () => {
    const patterned = (await fields()).filter(({ field }) => field.pattern);
    expect(patterned.length).toBeGreaterThan(5);
    for (const { path, field } of patterned) {
      expect(field.pattern![1], path).toMatch(/^Must be .*\blike\b/);
      expect(field.pattern![1], path).not.toMatch(/[\\^$]|\[\]|\\d/);
    }
  });

  it('shows the days of the week by their names, and dates with a date picker', async () => {
    const all = await fields();
    const days = all.find(({ keys }) => keys === 'Site.hours.days')!.field;
    expect(days.options).toEqual([{ label: 'Monday', value: 'Mo' }, { label: 'Tuesday', value: 'Tu' }, { label: 'Wednesday', value: 'We' }, { label: 'Thursday', value: 'Th' }, { label: 'Friday', value: 'Fr' }, { label: 'Saturday', value: 'Sa' }, { label: 'Sunday', value: 'Su' }]);
    for (const keys of ['Notices.items.closed.from', 'Notices.items.closed.to', 'Notices.items.show.from', 'Notices.items.show.to']) {
      expect(all.find((f) => f.keys === keys)?.field.widget, keys).toBe('datetime');
    }
  });

  it('gives paragraphs a box of several lines', async () => {
    const all = await fields();
    for (const keys of ['Home (/).hero.text', 'Services.faqs.a', 'Services.description', 'Notices.items.text.en', 'Reviews.items.text.en', 'Reviews.items.text.es']) {
      expect(all.find((f) => f.keys === keys)?.field.widget, keys).toBe('text');
    }
  });

  it('does not show the developers’ settings (addresses, budgets, coordinates, colours), which it keeps as they are', async () => {
    const all = await fields();
    for (const keys of ['Site.baseUrl', 'Site.themeColor', 'Site.budgets', 'Site.leadForm.host', 'Site.maps.embedUrl', 'Site.civilRights.mailingLocation', 'Locations.items.id', 'Locations.items.geo', 'Legal.noindex', 'Language assistance.items.lang']) {
      expect(all.find((f) => f.keys === keys)?.field.widget, keys).toBe('hidden');
    }
    // Her settings stay hers.
    for (const keys of ['Site.phone', 'Site.email', 'Site.hours', 'Notices.items.text.en', 'Services.name']) {
      expect(all.find((f) => f.keys === keys)?.field.widget, keys).not.toBe('hidden');
    }
  });

  it('copies a service’s shared facts to both languages, and picks related services from the list of services', async () => {
    const all = await fields();
    for (const name of ['group', 'order', 'onHome', 'paidByPatient', 'listed', 'related', 'illustration']) {
      expect(all.find((f) => f.keys === `Services.${name}`)?.field.i18n, name).toBe('duplicate');
    }
    expect(all.find((f) => f.keys === 'Services.related')!.field).toMatchObject({ widget: 'relation', collection: 'services', multiple: true, max: 3 });
  });
});
