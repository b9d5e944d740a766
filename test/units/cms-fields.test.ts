// The editor's fields from zod schemas, and its configuration from a site definition: each rule the
// build enforces becomes the editor's own (required, lengths, patterns, ranges, choices), labels are
// spelt out, per-locale files are edited side by side, and the editor's CSP per Git host.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { adminCsp } from '../../src/admin/admin-files.ts';
import { cmsConfig, cmsConfigFile } from '../../src/admin/cms-config.ts';
import { labelOf } from '../../src/content/field-words.ts';
import { fieldOf, fileFields, jsonSchemaOf } from '../../src/admin/fields.ts';
import { formatCsp } from '../../src/security/csp.ts';
import type { AdminOptions, SiteDefinition } from '../../src/site/definition.ts';

const field = (schema: z.ZodType, required = true, i18n = false) => fieldOf('value', jsonSchemaOf(schema) as never, required, i18n);

describe('labels', () => {
  it('spell out ids and file names', () => {
    expect(labelOf('postalCode')).toBe('Postal code');
    expect(labelOf('language-assistance')).toBe('Language assistance');
    expect(labelOf('e164')).toBe('E164');
    expect(labelOf('snake_case')).toBe('Snake case');
  });
});

describe('a list named one item at a time', () => {
  const words = { plans: { label: 'Plans accepted', singular: 'plan' } };
  it('says "Add plan" and labels each item of plain values by what it is', () => {
    expect(fieldOf('plans', jsonSchemaOf(z.array(z.string().min(1))) as never, true, false, words)).toEqual({
      name: 'plans', label: 'Plans accepted', label_singular: 'plan', widget: 'list', field: { name: 'item', label: 'Plan', widget: 'string' },
    });
  });
  it('keeps its items\' own labels when they are objects', () => {
    const made = fieldOf('plans', jsonSchemaOf(z.array(z.object({ name: z.string() }))) as never, true, false, words);
    expect(made).toMatchObject({ label_singular: 'plan', widget: 'list', fields: [{ name: 'name', label: 'Name' }] });
  });
  it('gives a widget the schema chose instead (a relation) only its own settings', () => {
    const schema = z.array(z.string()).meta({ cms: { widget: 'relation', collection: 'settings', file: 'insurance', value_field: 'plans.*', search_fields: ['plans.*'], multiple: true } });
    expect(fieldOf('plans', jsonSchemaOf(schema) as never, true, false, words)).toEqual({
      name: 'plans', label: 'Plans accepted', widget: 'relation', collection: 'settings', file: 'insurance', value_field: 'plans.*', search_fields: ['plans.*'], multiple: true,
    });
  });
});

describe('a field from a schema', () => {
  it('text: short or long, with its lengths, its pattern and its kind', () => {
    expect(field(z.string().min(1))).toEqual({ name: 'value', label: 'Value', widget: 'string' });
    expect(field(z.string().min(3).max(80))).toEqual({ name: 'value', label: 'Value', widget: 'string', minlength: 3, maxlength: 80 });
    expect(field(z.string().max(500)).widget).toBe('text');
    expect(field(z.string().min(61)).widget).toBe('text');
    expect(field(z.string().max(200)).widget).toBe('string');
    // A bare regular expression is no message for the people who edit: the editor checks a pattern only
    // where the schema explains it in words (the build checks it either way).
    expect(field(z.string().regex(/^\d{5}$/)).pattern).toBeUndefined();
    expect(field(z.string().regex(/^\d{5}$/).meta({ cms: { pattern: ['^\\d{5}$', 'Must be 5 digits, like 33155'] } })).pattern).toEqual(['^\\d{5}$', 'Must be 5 digits, like 33155']);
    expect(field(z.email())).toMatchObject({ widget: 'string', type: 'email' });
    // The build's own pattern, in words: the browser's check takes "citas.@ffpc.com", which the build refuses.
    const [pattern, words] = field(z.email()).pattern as [string, string];
    for (const typed of ['citas.@ffpc.com', 'citas@ffpc', 'citas ffpc.com']) expect(new RegExp(pattern).test(typed), typed).toBe(z.email().safeParse(typed).success);
    expect(new RegExp(pattern).test('citas@ffpc.com')).toBe(true);
    expect(words).toMatch(/^Must be an e-mail address like/);
    expect(field(z.url())).toMatchObject({ widget: 'string', type: 'url' });
  });

  it('numbers with their ranges, whole or not; a fixed value as its only choice', () => {
    expect(field(z.number().int().min(1900))).toEqual({ name: 'value', label: 'Value', widget: 'number', value_type: 'int', min: 1900 });
    expect(field(z.number().int().positive())).toMatchObject({ value_type: 'int', min: 1 });
    expect(field(z.number().positive())).toMatchObject({ value_type: 'float', min: 0 });
    expect(field(z.number().min(0).max(5))).toMatchObject({ value_type: 'float', min: 0, max: 5 });
    expect(field(z.number())).toEqual({ name: 'value', label: 'Value', widget: 'number', value_type: 'float' });
    expect(field(z.literal(5))).toMatchObject({ widget: 'number', min: 5, max: 5 });
    expect(field(z.literal('rtl'))).toMatchObject({ widget: 'select', options: ['rtl'] });
  });

  it('choices, switches, lists and groups', () => {
    expect(field(z.enum(['a', 'b']))).toMatchObject({ widget: 'select', options: ['a', 'b'] });
    // Numbers stay numbers (the editor saves the option's value: "2" would be refused where 2 is asked).
    expect(field(z.literal([1, 2, 3]))).toMatchObject({ widget: 'select', options: [1, 2, 3] });
    expect(field(z.union([z.literal(1), z.literal(2), z.literal('many')]))).toMatchObject({ widget: 'select', options: [1, 2, 'many'] });
    expect(field(z.array(z.literal([10, 20])))).toMatchObject({ widget: 'select', multiple: true, options: [10, 20] });
    expect(field(z.union([z.string(), z.literal(2)])).widget).not.toBe('select');
    expect(field(z.boolean())).toMatchObject({ widget: 'boolean' });
    expect(field(z.array(z.enum(['Mo', 'Tu'])).min(1))).toMatchObject({ widget: 'select', multiple: true, options: ['Mo', 'Tu'], min: 1 });
    expect(field(z.array(z.string()).max(3))).toMatchObject({ widget: 'list', max: 3, field: { name: 'item', widget: 'string' } });
    expect(field(z.array(z.object({ q: z.string(), a: z.string().optional() })).min(2))).toEqual({
      name: 'value', label: 'Value', widget: 'list', min: 2,
      fields: [{ name: 'q', label: 'Q', widget: 'string' }, { name: 'a', label: 'A', widget: 'string', required: false }],
    });
    expect(field(z.object({ x: z.number() }))).toMatchObject({ widget: 'object', fields: [{ name: 'x', widget: 'number' }] });
    expect(field(z.record(z.string(), z.string()))).toMatchObject({ widget: 'keyvalue' });
  });

  it('optional or nullable is not required; per locale when asked; a schema\'s cms meta wins', () => {
    expect(field(z.string(), false).required).toBe(false);
    expect(field(z.string().nullable()).required).toBe(false);
    expect(field(z.string().nullable()).widget).toBe('string');
    expect(field(z.string(), true, true).i18n).toBe(true);
    expect(field(z.string().describe('What it is'))).toMatchObject({ hint: 'What it is' });
    expect(field(z.string().meta({ cms: { hint: 'Say so', readonly: true } }))).toMatchObject({ hint: 'Say so', readonly: true });
    expect(field(z.string().nullable().meta({ cms: { hint: 'Outer' } }))).toMatchObject({ hint: 'Outer', required: false });
  });

  it("takes the site's words for a field: its label, hint, the list's \"Add …\" name and a box of several lines", () => {
    const words = { faqs: { label: 'Questions', hint: 'Short answers', singular: 'question' }, intro: { label: 'Introduction', widget: 'text' }, city: 'Town' };
    const [faqs, intro, city, note] = fileFields(z.object({ faqs: z.array(z.object({ q: z.string() })), intro: z.string(), city: z.string(), note: z.string() }), false, words as never);
    expect(faqs).toMatchObject({ label: 'Questions', hint: 'Short answers', label_singular: 'question', widget: 'list' });
    expect(intro).toMatchObject({ label: 'Introduction', widget: 'text' });
    expect(intro!.hint).toBeUndefined();
    expect(city).toMatchObject({ label: 'Town', widget: 'string' });
    // No singular where the field is no list; no words, the name spelt out.
    expect(fileFields(z.object({ city: z.string() }), false, { city: { label: 'Town', singular: 'town' } } as never)[0]!.label_singular).toBeUndefined();
    expect(note).toEqual({ name: 'note', label: 'Note', widget: 'string' });
    // A word the site gives for a list of text: the list is kept.
    expect(fileFields(z.object({ tags: z.array(z.string()) }), false, { tags: { label: 'Tags', widget: 'text' } } as never)[0]).toMatchObject({ widget: 'list' });
  });

  it('starts a new entry with the schema\'s default, hides what a developer hid, and dates without a time', () => {
    expect(field(z.number().default(3))).toMatchObject({ default: 3 });
    expect(field(z.boolean().default(false))).toMatchObject({ default: false, widget: 'boolean' });
    expect(field(z.string().nullable().default(null)).default).toBeUndefined();
    expect(field(z.string()).default).toBeUndefined();
    expect(field(z.string().meta({ cms: { widget: 'hidden' } }), true, true)).toEqual({ name: 'value', label: 'Value', widget: 'hidden', i18n: 'duplicate' });
    expect(field(z.string().meta({ cms: { widget: 'hidden' } }))).toEqual({ name: 'value', label: 'Value', widget: 'hidden' });
    expect(field(z.iso.date())).toMatchObject({ widget: 'datetime', time_format: false, format: 'YYYY-MM-DD' });
    // A value of no type the editor knows is shown as its code, saved as it was.
    expect(field(z.unknown())).toMatchObject({ widget: 'code', output_code_only: true });
    expect(field(z.number().int().gt(0))).toMatchObject({ value_type: 'int', min: 1 });
    expect(field(z.number().int().min(-3).max(3))).toMatchObject({ min: -3, max: 3 });
    expect(field(z.literal(1.5))).toEqual({ name: 'value', label: 'Value', widget: 'number', value_type: 'float', min: 1.5, max: 1.5 });
    expect(field(z.number().int())).toEqual({ name: 'value', label: 'Value', widget: 'number', value_type: 'int' });
    expect(field(z.array(z.string()).min(1).max(4))).toMatchObject({ min: 1, max: 4 });
    expect(field(z.array(z.string()))).toEqual({ name: 'value', label: 'Value', widget: 'list', field: { name: 'item', label: 'Item', widget: 'string' } });
    expect(field(z.record(z.string(), z.number()))).toMatchObject({ widget: 'uneditable' });
    expect(field(z.string().nullable().describe('Outer hint'))).toMatchObject({ hint: 'Outer hint', required: false });
  });

  it('leaves out what the editor cannot edit (a map of lists), so it keeps it as it is', () => {
    const fields = fileFields(z.object({ a: z.string(), related: z.record(z.string(), z.array(z.string())) }), false);
    expect(fields.map((f) => f.name)).toEqual(['a']);
  });

  it('makes a file that is a list one list field saved at its root', () => {
    expect(fileFields(z.array(z.object({ id: z.string() })), true)).toEqual([
      { name: 'items', label: 'Entries', widget: 'list', root: true, i18n: true, fields: [{ name: 'id', label: 'Id', widget: 'string', i18n: true }] },
    ]);
  });
});

describe('uploads', () => {
  it("limit every image and file field to what the uploads folder publishes", () => {
    expect(field(z.string().meta({ cms: { widget: 'image' } })).accept).toBe('.png,.jpg,.jpeg,.gif,.webp,.avif');
    expect(field(z.string().meta({ cms: { widget: 'file' } })).accept).toBe('.png,.jpg,.jpeg,.gif,.webp,.avif,.svg,.pdf');
    // A schema cannot widen it: the build would refuse the upload anyway.
    expect(field(z.string().meta({ cms: { widget: 'file', accept: '.html' } })).accept).toBe('.png,.jpg,.jpeg,.gif,.webp,.avif,.svg,.pdf');
    expect(field(z.string()).accept).toBeUndefined();
  });

  it('keep a photo one for every language of a file per language: the photo itself, and an optional group holding it, whose description stays each language\'s', () => {
    const photo = z.object({ src: z.string().meta({ cms: { widget: 'image' } }), alt: z.string() });
    expect(field(photo.optional(), false, true)).toMatchObject({ widget: 'object', i18n: 'duplicate', fields: [{ name: 'src', i18n: 'duplicate' }, { name: 'alt', i18n: true }] });
    // A required group has no box to tick; in a file of all languages, nothing is copied.
    expect(field(photo, true, true).i18n).toBe(true);
    expect(field(photo.optional(), false, false).i18n).toBeUndefined();
    // A group without a photo is each language's own, even with a setting copied to every language (a hidden one).
    expect(field(z.object({ alt: z.string(), kind: z.string().meta({ cms: { widget: 'hidden' } }) }).optional(), false, true).i18n).toBe(true);
  });
});

describe('the configuration of a site', () => {
  const Template = () => null;
  const site = {
    locales: { fr: { intl: 'fr-FR' }, de: { intl: 'de-DE' } },
    defaultLocale: 'fr',
    content: {
      shared: { site: { file: 'site.yaml', schema: z.object({ name: z.string() }), title: 't' } },
      perLocale: { ui: { file: 'ui.yaml', schema: z.object({ hello: z.string() }), label: 'UI strings' } },
      collections: {
        notes: { folder: 'notes', ext: '.md', schema: z.object({ title: z.string() }), label: 'note' },
        staff: { folder: 'staff', ext: '.yaml', schema: z.object({ role: z.string() }), label: 'person', ids: () => ['a'] },
      },
    },
    pages: [
      { id: 'home', path: '/', template: Template, schema: z.object({ title: z.string() }) },
      { id: 'about-us', path: '/about', template: Template, schema: z.object({ title: z.string() }) },
      { id: 'plain', path: '/plain', template: Template },
    ],
  } as unknown as SiteDefinition;
  const admin: AdminOptions = { backend: { name: 'github', repo: 'o/r' }, title: 'Editor' };
  // Made inside each test, so that what the test checks is what this run of the code made.
  const configOf = () => cmsConfig(site, { root: '/r', contentDir: '/r/site/content', staticDir: '/r/site/static' }, 'https://x.example', admin);

  it('names the backend, media folder, locales, quoting and the paths from the repository root', () => {
    expect(configOf()).toMatchObject({
      app_title: 'Editor',
      site_url: 'https://x.example',
      backend: { name: 'github', repo: 'o/r' },
      media_folder: 'site/static/images/uploads',
      public_folder: '/images/uploads',
      i18n: { structure: 'multiple_folders', locales: ['fr', 'de'], default_locale: 'fr', initial_locales: 'all' },
      output: { omit_empty_optional_fields: true, yaml: { quote: 'double', indent_size: 2 } },
      // Her own uploads only (no stock-photo services), and no preview pane of unstyled fields.
      media_libraries: { stock_assets: false },
      editor: { preview: false },
    });
    const { title: _title, ...untitled } = admin;
    expect(cmsConfig(site, { root: '/r', contentDir: '/r/site/content', staticDir: '/r/site/static' }, 'https://x.example', untitled).app_title).toBe('Content editor');
  });

  it('offers only a sign-in that works: the access token alone on a Git host without a sign-in helper', () => {
    const backendOf = (backend: AdminOptions['backend'], more: Partial<AdminOptions> = {}) =>
      cmsConfig(site, { root: '/r', contentDir: '/r/site/content', staticDir: '/r/site/static' }, 'https://x.example/fr/', { ...admin, ...more, backend }).backend as Record<string, unknown>;
    for (const name of ['github', 'gitlab', 'gitea'] as const) expect(backendOf({ name, repo: 'o/r' }).auth_methods, name).toEqual(['token']);
    // A helper, or methods the site chose, are kept as written; other backends have no such button.
    expect(backendOf({ name: 'github', repo: 'o/r', base_url: 'https://auth.example' }).auth_methods).toBeUndefined();
    expect(backendOf({ name: 'gitlab', repo: 'o/r', auth_methods: ['oauth'] }).auth_methods).toEqual(['oauth']);
    expect(backendOf({ name: 'test-repo' } as AdminOptions['backend']).auth_methods).toBeUndefined();
    // The site's own helper (githubSignIn) on GitHub: its origin and path, and the GitHub button.
    expect(backendOf({ name: 'github', repo: 'o/r' }, { githubSignIn: 'cloudflare-pages' })).toEqual({ name: 'github', repo: 'o/r', base_url: 'https://x.example', auth_endpoint: 'admin/auth' });
    expect(backendOf({ name: 'gitlab', repo: 'o/r' }, { githubSignIn: 'cloudflare-pages' })).toEqual({ name: 'gitlab', repo: 'o/r', auth_methods: ['token'] });
  });

  it('lists shared files, per-locale files, page files and collections', () => {
    const [settings, text, pages, notes, staff] = configOf().collections as Record<string, unknown>[];
    // Each group has a label she can read.
    for (const group of [settings, text, pages]) expect(group!.label, String(group!.name)).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    expect(settings).toMatchObject({ name: 'settings', i18n: true, files: [{ name: 'site', label: 'Site', file: 'site/content/site.yaml', i18n: false, fields: [{ name: 'name' }] }] });
    expect(text).toMatchObject({ name: 'text', i18n: true, files: [{ name: 'ui', label: 'UI strings', file: 'site/content/{{locale}}/ui.yaml', i18n: true, fields: [{ name: 'hello', i18n: true }] }] });
    expect((pages!.files as { name: string; label: string; file: string }[]).map((f) => [f.name, f.label, f.file])).toEqual([
      ['page-home', 'Home (/)', 'site/content/{{locale}}/pages/home.yaml'],
      ['page-about-us', 'About us (/about)', 'site/content/{{locale}}/pages/about-us.yaml'],
    ]);
    expect(notes).toMatchObject({ name: 'notes', label: 'Notes', folder: 'site/content/{{locale}}/notes', extension: 'md', format: 'frontmatter', create: true, delete: true, identifier_field: 'title' });
    expect((notes!.fields as { name: string; widget: string }[]).map((f) => `${f.name}:${f.widget}`)).toEqual(['title:string', 'body:markdown']);
    expect(staff).toMatchObject({ extension: 'yml', format: 'yaml', create: false, delete: false });
    // Listed as the site lists them only when the collection says by what.
    expect(notes).not.toHaveProperty('sortable_fields');
    expect(notes).not.toHaveProperty('summary');
  });

  it("lists a collection by the number its site lists it by, each entry with that number", () => {
    const ordered = { ...site, content: { ...site.content, collections: { steps: { folder: 'steps', ext: '.md', schema: z.object({ heading: z.string(), place: z.number() }), label: 'step', listedBy: 'place' } } } } as unknown as SiteDefinition;
    const [steps] = (cmsConfig(ordered, { root: '/r', contentDir: '/r/site/content', staticDir: '/r/site/static' }, 'https://x.example', admin).collections as Record<string, unknown>[]).slice(3);
    expect(steps).toMatchObject({ name: 'steps', identifier_field: 'heading', sortable_fields: { fields: ['place', 'heading'], default: { field: 'place', direction: 'ascending' } }, summary: '{{fields.place}} · {{fields.heading}}' });
  });

  it('writes JSON that names the schema Sveltia checks it against', () => {
    const file = JSON.parse(cmsConfigFile(configOf())) as Record<string, unknown>;
    expect(Object.keys(file)[0]).toBe('$schema');
    expect(file.$schema).toBe('https://unpkg.com/@sveltia/cms/schema/sveltia-cms.json');
    expect(file).toEqual({ $schema: file.$schema, ...configOf() });
    expect(file.app_title).toBe('Editor');
  });

  it('paths at the repository root have no folder in front', () => {
    const atRoot = cmsConfig(site, { root: '/r', contentDir: '/r', staticDir: '/r/static' }, 'https://x.example', admin);
    expect((atRoot.collections as { files?: { file: string }[] }[])[0]!.files![0]!.file).toBe('site.yaml');
  });

});

describe('the editor\'s policy', () => {
  it('widens the strict one only where Sveltia needs it, and for its Git host', () => {
    const github = formatCsp(adminCsp({ name: 'github', repo: 'o/r', base_url: 'https://auth.example/x' }));
    expect(github).toBe("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://avatars.githubusercontent.com; font-src 'self' data:; connect-src 'self' blob: data: https://api.github.com https://auth.example; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; upgrade-insecure-requests; worker-src 'self' blob:");
    expect(formatCsp(adminCsp({ name: 'gitlab' }))).toContain("connect-src 'self' blob: data: https://gitlab.com;");
    expect(formatCsp(adminCsp({ name: 'gitlab' }))).toContain('img-src \'self\' data: blob: https://gitlab.com https://secure.gravatar.com;');
    expect(formatCsp(adminCsp({ name: 'test-repo' }))).toContain("connect-src 'self' blob: data:;");
    expect(formatCsp(adminCsp({ name: 'github' }))).toContain("connect-src 'self' blob: data: https://api.github.com;");
  });
});
