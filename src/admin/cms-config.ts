// The editor's configuration (/admin/config.json), derived from the site definition: never kept by hand.
import { relative, sep } from 'node:path';
import type { AdminOptions, EditorBackend, SiteDefinition } from '../site/definition.ts';
import { capitalised, labelOf } from '../content/field-words.ts';
import { fieldsOf, fileFields, jsonSchemaOf, type CmsField } from './fields.ts';
import { OAUTH_PATHS } from './oauth-worker.ts';

export interface EditorPaths {
  /** The repository's root: the editor's paths are relative to it. */
  root: string;
  contentDir: string;
  staticDir: string;
}

/** What the editor is told about one editable file, for tests and messages. */
export interface CmsFile {
  name: string;
  label: string;
  file: string;
  i18n?: boolean;
  fields: CmsField[];
}

/** A Markdown box for writers: formatting buttons, no raw-Markdown mode or code button (the build refuses most raw HTML). */
export const MARKDOWN_EDITOR = {
  modes: ['rich_text'],
  buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'quote', 'bulleted-list', 'numbered-list'],
  editor_components: ['image'],
  linked_images: false,
} as const;

/** Where uploads go unless the site says otherwise, below static/. */
export const DEFAULT_MEDIA_FOLDER = 'images/uploads';

const posix = (path: string) => path.split(sep).join('/');

export function cmsConfig(site: SiteDefinition, paths: EditorPaths, baseUrl: string, admin: AdminOptions): Record<string, unknown> {
  const content = posix(relative(paths.root, paths.contentDir)) || '.';
  const locales = Object.keys(site.locales);
  const inContent = (path: string) => (content === '.' ? path : `${content}/${path}`);
  // Labels the site wrote keep their words; ids and file names are spelt out by labelOf.
  const words = admin.labels ?? site.content.labels ?? {};

  const shared: CmsFile[] = Object.entries(site.content.shared).map(([key, def]) => ({
    name: key, label: labelOf(def.file.replace(/\.ya?ml$/, '')), file: inContent(def.file), i18n: false, fields: fileFields(def.schema, false, words),
  }));
  const perLocale: CmsFile[] = Object.entries(site.content.perLocale).map(([key, def]) => ({
    name: key, label: capitalised(def.label), file: inContent(`{{locale}}/${def.file}`), i18n: true, fields: fileFields(def.schema, true, words),
  }));
  const pages: CmsFile[] = site.pages.filter((p) => p.schema).map((page) => ({
    name: `page-${page.id}`, label: `${page.path === '/' ? 'Home' : labelOf(page.id)} (${page.path})`, file: inContent(`{{locale}}/pages/${page.id}.yaml`), i18n: true, fields: fileFields(page.schema!, true, words),
  }));

  const collections: Record<string, unknown>[] = [
    { name: 'settings', label: 'Site settings', i18n: true, files: shared },
    { name: 'text', label: 'Texts in every language', i18n: true, files: perLocale },
    { name: 'pages', label: 'Pages', i18n: true, files: pages },
  ];
  for (const [key, def] of Object.entries(site.content.collections)) {
    const same = new Set(def.sameInEveryLocale ?? []);
    const fields = (def.ext === '.md'
      ? [...fieldsOf(jsonSchemaOf(def.schema), true, words), { name: 'body', label: 'Text', widget: 'markdown', i18n: true, ...MARKDOWN_EDITOR }]
      : fileFields(def.schema, true, words))
      // Typed once, copied to every locale's file on save.
      .map((field) => (same.has(field.name) ? { ...field, i18n: 'duplicate' } : field));
    const listed = !!def.ids;
    const identifier = (fields.find((f) => f.widget === 'string') ?? fields[0])?.name;
    // In the order the site lists them, each with its number: where a new number puts an entry is seen before saving.
    const order = def.listedBy && identifier ? { sortable_fields: { fields: [def.listedBy, identifier], default: { field: def.listedBy, direction: 'ascending' } }, summary: `{{fields.${def.listedBy}}} · {{fields.${identifier}}}` } : {};
    collections.push({
      name: key,
      label: labelOf(key),
      // "New service", "Creating service": one entry, as the content model names it.
      label_singular: def.label,
      folder: inContent(`{{locale}}/${def.folder}`),
      extension: def.ext === '.md' ? 'md' : 'yml',
      format: def.ext === '.md' ? 'frontmatter' : 'yaml',
      i18n: true,
      // Entries listed in a shared file are added there first (the build says so); others are one file per locale.
      create: !listed,
      delete: !listed,
      identifier_field: identifier,
      ...order,
      fields,
    });
  }

  const media = admin.media ?? { folder: DEFAULT_MEDIA_FOLDER };
  return {
    app_title: admin.title ?? 'Content editor',
    site_url: baseUrl,
    backend: signInMethods(admin.githubSignIn && admin.backend.name === 'github' ? { ...admin.backend, base_url: new URL(baseUrl).origin, auth_endpoint: OAUTH_PATHS.auth.slice(1) } : admin.backend),
    media_folder: posix(relative(paths.root, `${paths.staticDir}/${media.folder}`)),
    // The site's own uploads only: no stock-photo sites (photos a business cannot vouch for). An upload is named
    // plainly ("Foto Café.JPG" → foto-cafe.jpg), as a new entry is: a phone's name with spaces,
    // accents or an emoji was saved as it was, and its address refused by the build.
    media_libraries: { default: { config: { slugify_filename: true } }, stock_assets: false },
    slug: { encoding: 'ascii', clean_accents: true },
    public_folder: `/${media.folder}`,
    i18n: { structure: 'multiple_folders', locales, default_locale: site.defaultLocale, initial_locales: 'all' },
    // No preview pane: the fields again, unstyled, with numbers as amounts ("2,018" for a year). The
    // site itself shows a change once it is published.
    editor: { preview: false },
    // Every string quoted: unquoted, "18:00" is a number to YAML 1.1 readers (1,080 minutes) and
    // "no" a boolean; the build would refuse what the editor saved.
    // A field left empty is left out of the file, as a person writing it by hand would (the build also
    // takes the empty forms, [], null and "", as "not set").
    output: { omit_empty_optional_fields: true, yaml: { quote: 'double', indent_size: 2 } },
    collections,
  };
}

/** Without an OAuth helper (base_url) "Sign In with GitHub" does nothing, so only the access-token sign-in is offered. */
function signInMethods(backend: EditorBackend): EditorBackend {
  const hosted = backend.name === 'github' || backend.name === 'gitlab' || backend.name === 'gitea';
  if (!hosted || backend.auth_methods || backend.base_url) return backend;
  return { ...backend, auth_methods: ['token'] };
}

/** Sveltia's schema, named in the file (Sveltia checks the name; it never fetches it). */
export const CMS_SCHEMA = 'https://unpkg.com/@sveltia/cms/schema/sveltia-cms.json';

/** The configuration file as JSON (Sveltia reads it as well as YAML; cheaper to write). Generated: edit the schemas, not it. */
export function cmsConfigFile(config: Record<string, unknown>): string {
  return `${JSON.stringify({ $schema: CMS_SCHEMA, ...config }, null, 2)}\n`;
}
