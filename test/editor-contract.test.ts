// One contract for content: every rule the build enforces on a field a person types is in the editor's
// configuration, so the editor refuses at the field, before saving, what the build would refuse after.
// The walk goes over each content file's schema (as JSON Schema, what a file may hold) and the field
// the editor gets for it, side by side: a new field, or a rule added to the schema, is covered with no
// edit here.
import { describe, expect, it } from 'vitest';
import { adminFiles } from '../src/admin/admin-files.ts';
import { cmsConfig } from '../src/admin/cms-config.ts';
import { siteAndContent } from './helpers/content.ts';
import type { EditorPlugin } from '../src/admin/editor-plugin.ts';
import { jsonSchemaOf } from '../src/admin/fields.ts';
import { loadSite } from '../src/pipeline/load-site.ts';
import type { SiteDefinition } from '../src/site/definition.ts';
import { CONTENT, ROOT, SITE, STATIC } from './helpers/fixtures.ts';

interface Node { format?: string; type?: string | string[]; properties?: Record<string, Node>; required?: string[]; items?: Node; anyOf?: Node[]; enum?: unknown[]; const?: unknown; pattern?: string; minLength?: number; maxLength?: number; minimum?: number; maximum?: number; minItems?: number; maxItems?: number }
interface Field { name: string; label?: string; widget: string; required?: boolean; pattern?: [string, string]; minlength?: number; maxlength?: number; min?: number; max?: number; fields?: Field[]; field?: Field; options?: unknown[]; root?: boolean; multiple?: boolean; i18n?: unknown }

/** A value that may be left empty (null, or "" for a choice of none) is the value itself, optional. */
function filled(node: Node): { node: Node } {
  const members = node.anyOf?.filter((n) => n.type !== 'null' && n.const !== '');
  if (members && members.length === 1 && members.length < node.anyOf!.length) return filled(members[0]!);
  return { node };
}

/** What the build enforces on a field that the editor's field does not: a line per rule missed. */
function missedRules(raw: Node, field: Field, path: string, required: boolean): string[] {
  if (field.widget === 'hidden') return [];
  const { node } = filled(raw);
  const missed: string[] = [];
  const miss = (rule: string) => missed.push(`${path}: ${rule}`);
  // The editor leaves an empty optional field out of the file: a key the build requires must be required.
  if (required && field.required === false) miss('required by the build, optional in the editor (left out when empty)');
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  // A date, an e-mail address or an upload is checked by the kind of field itself (a calendar, the
  // browser's e-mail check, a file picked from the uploads), not by a pattern.
  const ownCheck = ['date', 'email', 'uri'].includes(node.format ?? '') || field.widget === 'image' || field.widget === 'file';
  if (type === 'string' && !node.enum && node.const === undefined) {
    if (node.pattern && !ownCheck) {
      if (field.pattern?.[0] !== node.pattern) miss(`pattern ${node.pattern} not checked`);
      // A message by example: what to type, shown as it could be typed.
      else if (!/^Must be .*\blike\b/.test(field.pattern[1])) miss(`pattern message "${field.pattern[1]}" gives no example`);
    }
    if (node.maxLength !== undefined && field.widget !== 'datetime' && field.maxlength !== node.maxLength) miss(`at most ${node.maxLength} characters, editor ${field.maxlength}`);
    if ((node.minLength ?? 0) > 1 && field.minlength !== node.minLength) miss(`at least ${node.minLength} characters, editor ${field.minlength}`);
  }
  if (type === 'number' || type === 'integer') {
    if (node.minimum !== undefined && field.min !== node.minimum) miss(`at least ${node.minimum}, editor ${field.min}`);
    if (node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER && field.max !== node.maximum) miss(`at most ${node.maximum}, editor ${field.max}`);
  }
  if (node.enum && field.widget !== 'select' && field.widget !== 'relation') miss('a choice, not offered as one');
  // The editor saves an option's value as it is written: each must be one the build takes, of its type (2, not "2").
  const saved = field.options?.map((o) => (o !== null && typeof o === 'object' && 'value' in o ? o.value : o));
  // A choice is an enum, or a union of literals (each branch one const).
  const choices = node.enum ?? (node.anyOf?.length && node.anyOf.every((n) => n.const !== undefined) ? node.anyOf.map((n) => n.const) : undefined);
  if (choices && saved?.some((value) => !choices.includes(value))) miss(`choices ${JSON.stringify(choices)}, editor saves ${JSON.stringify(saved)}`);
  if (type === 'array') {
    if ((node.minItems ?? 0) > 0 && field.min !== node.minItems && !(field.root && node.minItems === 1)) miss(`at least ${node.minItems} items, editor ${field.min}`);
    if (node.maxItems !== undefined && field.max !== node.maxItems) miss(`at most ${node.maxItems} items, editor ${field.max}`);
    const items = filled(node.items ?? {}).node;
    if (items.properties) missed.push(...missedObject(items, field.fields ?? [], `${path}[]`));
    else if (!items.enum && field.field) missed.push(...missedRules(items, field.field, `${path}[]`, true));
  }
  if (type === 'object' && node.properties) missed.push(...missedObject(node, field.fields ?? [], path));
  return missed;
}

function missedObject(node: Node, fields: Field[], path: string): string[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([name, child]) => {
    const field = fields.find((f) => f.name === name);
    // A value with no field the editor can show (a map of lists) is kept by the editor as it is.
    return field ? missedRules(child, field, `${path}.${name}`, required.has(name)) : [];
  });
}

async function editorConfig() {
  const site = (await loadSite(SITE)) as SiteDefinition;
  const admin = (site.plugins?.find((p) => p.name === 'editor') as EditorPlugin).options;
  const config = cmsConfig(site, { root: ROOT, contentDir: CONTENT, staticDir: STATIC }, 'https://www.example.com', admin) as Record<string, unknown> & { collections: { name: string; folder?: string; i18n?: unknown; files?: { name: string; fields: Field[] }[]; fields?: Field[] }[] };
  return { site, config };
}

describe('the editor and the build agree', () => {
  it('every rule the build enforces on a field a person types is checked by the editor, with a message by example', async () => {
    const { site, config } = await editorConfig();
    const missed: string[] = [];
    let walked = 0;
    const check = (schema: Parameters<typeof jsonSchemaOf>[0], fields: Field[], where: string) => {
      walked += 1;
      const node = jsonSchemaOf(schema) as Node;
      if (node.type === 'array') missed.push(...missedRules(node, fields[0]!, where, true));
      else missed.push(...missedObject(node, fields, where));
    };
    const files = config.collections.flatMap((c) => c.files ?? []);
    for (const [key, def] of Object.entries(site.content.shared)) check(def.schema, files.find((f) => f.name === key)!.fields, def.file);
    for (const [key, def] of Object.entries(site.content.perLocale)) check(def.schema, files.find((f) => f.name === key)!.fields, def.file);
    for (const page of site.pages.filter((p) => p.schema)) check(page.schema!, files.find((f) => f.name === `page-${page.id}`)!.fields, `pages/${page.id}`);
    for (const [key, def] of Object.entries(site.content.collections)) check(def.schema, config.collections.find((c) => c.name === key)!.fields!, key);
    expect(walked).toBeGreaterThan(10);
    expect(missed).toEqual([]);
  });

  it('the phone, the times and the ZIP code are checked by the editor as the build checks them', async () => {
    const { config } = await editorConfig();
    const site = config.collections.flatMap((c) => c.files ?? []).find((f) => f.name === 'site')!;
    const phone = site.fields.find((f) => f.name === 'phone')!;
    const accepts = (value: string) => new RegExp(phone.pattern![0]).test(value);
    for (const typed of ['305-448-2210', '305.448.2210', '(305) 448-2210', '+1 305 448 2210', '(305)\u00a0448\u20112210']) expect(accepts(typed), typed).toBe(true);
    expect(accepts('305-555-12')).toBe(false);
    const opens = site.fields.find((f) => f.name === 'hours')!.fields!.find((f) => f.name === 'opens')!;
    expect(new RegExp(opens.pattern![0]).test('9:00')).toBe(false);
    expect(opens.pattern![1]).toMatch(/^Must be a 24-hour time like "08:00"/);
  });

  it('offers the site\'s own uploads only: no stock-photo sites, no address typed in', async () => {
    const { config } = await editorConfig();
    expect(config.media_libraries).toMatchObject({ stock_assets: false });
    // An upload gets a plain name (office-day.slow.test.ts uploads "Foto Clínica 2041.JPG" and saves a plain one).
    expect(config.media_libraries).toMatchObject({ default: { config: { slugify_filename: true } } });
    const images: Field[] = [];
    const walk = (fields: Field[] = []) => fields.forEach((f) => (f.widget === 'image' || f.widget === 'file' ? images.push(f) : (walk(f.fields), f.field && walk([f.field]))));
    for (const c of config.collections) {
      walk(c.fields);
      for (const f of c.files ?? []) walk(f.fields);
    }
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image, image.name).toMatchObject({ choose_url: false });
  });

  it('takes a photo once for every language: uploaded on one side, it is on the other language\'s page too', async () => {
    const { config } = await editorConfig();
    // Collections of a file per language (the services): the photo and "decorative" are copied to each file on save.
    const perLanguage = config.collections.filter((c) => c.folder && c.i18n);
    const shared: Field[] = [];
    const walk = (fields: Field[] = []) => fields.forEach((f) => (f.widget === 'image' || f.name === 'decorative' ? shared.push(f) : (walk(f.fields), f.field && walk([f.field]))));
    for (const c of perLanguage) walk(c.fields);
    expect(shared.length).toBeGreaterThan(0);
    for (const field of shared) expect(field.i18n, field.name).toBe('duplicate');
  });

  it('asks at the field for the words in braces the site fills in ({time}), as the build does, in every language', async () => {
    const { site, content } = await siteAndContent();
    const admin = (site.plugins?.find((p) => p.name === 'editor') as EditorPlugin).options;
    const served = JSON.parse(adminFiles(site as SiteDefinition, { root: ROOT, contentDir: CONTENT, staticDir: STATIC }, 'https://www.example.com', admin, content).get('admin/config.json')!) as { collections: { files?: { name: string; fields: Field[] }[] }[] };
    // Each text field of a language's file, with its value in every language.
    const checked: string[] = [];
    const walk = (fields: Field[], values: Record<string, Record<string, unknown>>, path: string) => {
      for (const field of fields) {
        const own = Object.fromEntries(Object.entries(values).map(([l, v]) => [l, (v as Record<string, unknown> | undefined)?.[field.name]]));
        if (field.fields) walk(field.fields, own as Record<string, Record<string, unknown>>, `${path}.${field.name}`);
        const texts = Object.values(own).filter((v): v is string => typeof v === 'string');
        if (!texts.some((t) => /\{[A-Za-z]\w*\}/.test(t))) continue;
        expect(field.pattern, `${path}.${field.name}`).toBeDefined();
        const pattern = new RegExp(field.pattern![0]);
        for (const text of texts) expect(pattern.test(text), `${path}.${field.name}: ${text}`).toBe(true);
        // A word translated, or one the site does not fill in, is refused with a sentence saying which to keep.
        const [token] = texts[0]!.match(/\{[A-Za-z]\w*\}/)!;
        expect(pattern.test(texts[1]!.replace(token, '{hora}')), `${path}.${field.name}`).toBe(false);
        expect(pattern.test(`${texts[1]} {extra}`), `${path}.${field.name}`).toBe(false);
        expect(field.pattern![1]).toMatch(new RegExp(`^Keep .*${token.replace(/[{}]/g, '\\$&')}.* exactly as written, in every language`));
        checked.push(`${path}.${field.name}`);
      }
    };
    for (const file of served.collections.flatMap((c) => c.files ?? []).filter((f) => Object.hasOwn(site.content.perLocale, f.name))) {
      walk(file.fields, Object.fromEntries(Object.entries(content.locales).map(([l, t]) => [l, (t as unknown as Record<string, Record<string, unknown>>)[file.name]!])), file.name);
    }
    expect(checked.length).toBeGreaterThan(5);
  });

  it('leaves empty optional fields out of what it saves', async () => {
    const { config } = await editorConfig();
    expect(config.output).toMatchObject({ omit_empty_optional_fields: true });
  });
});
