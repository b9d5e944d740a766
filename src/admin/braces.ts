// Words in braces the site fills in ("{opens} – {closes}") must stay as they are in every language; the build refuses a
// translation that changes one (check-locales.ts). The editor says so at the field, before saving: each text of a
// language's file whose default-language text holds such words gets a pattern that asks for those words, and no others.
import { tokensOf } from '../content/check-locales.ts';
import type { SiteDefinition } from '../site/definition.ts';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Field {
  name: string;
  widget: string;
  fields?: Field[];
  pattern?: unknown;
}

/** The pattern for a text holding these words: each of them, and no other word in braces. */
export function bracesPattern(tokens: readonly string[]): [string, string] {
  const each = tokens.map((token) => `(?=[\\s\\S]*${escaped(token)})`).join('');
  const others = `(?![\\s\\S]*\\{(?!(?:${tokens.map((t) => escaped(t.slice(1))).join('|')}))[A-Za-z][A-Za-z0-9_]*\\})`;
  const named = tokens.length > 1 ? `${tokens.slice(0, -1).join(', ')} and ${tokens.at(-1)}` : tokens[0];
  return [`^${each}${others}`, `Keep ${named} exactly as written, in every language: the site fills ${tokens.length > 1 ? 'them' : 'it'} in`];
}

function withPatterns(fields: Field[], value: unknown): Field[] {
  return fields.map((field) => {
    const own = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[field.name] : undefined;
    if (field.fields && own && typeof own === 'object') return { ...field, fields: withPatterns(field.fields, own) };
    if (typeof own !== 'string' || field.pattern || (field.widget !== 'string' && field.widget !== 'text')) return field;
    const tokens = [...tokensOf(own)];
    return tokens.length ? { ...field, pattern: bracesPattern(tokens) } : field;
  });
}

/** A copy of the configuration whose language files' texts ask for the words in braces their default-language text has. */
export function bracedTexts<T>(config: T, site: SiteDefinition, content: unknown): T {
  const texts = (content as { locales?: Record<string, Record<string, unknown>> } | undefined)?.locales?.[site.defaultLocale];
  if (!texts) return config;
  const perLocale = new Set(Object.keys(site.content.perLocale));
  const collections = (config as { collections?: { files?: { name: string; fields: Field[] }[] }[] }).collections ?? [];
  return {
    ...config,
    collections: collections.map((collection) => (collection.files ? { ...collection, files: collection.files.map((file) => (perLocale.has(file.name) ? { ...file, fields: withPatterns(file.fields, texts[file.name]) } : file)) } : collection)),
  };
}
