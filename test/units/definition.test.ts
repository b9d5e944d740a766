// The checks of a site definition itself: each unusable registry entry is an error naming it.
import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../src/pipeline/load-site.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';

const Template = () => null;
const site = (pages: SiteDefinition['pages'], extra: Partial<SiteDefinition> = {}) =>
  ({ locales: { fr: { intl: 'fr-FR' } }, defaultLocale: 'fr', content: { shared: {}, perLocale: {}, collections: { notes: {} } }, pages, ...extra }) as unknown as SiteDefinition;
const messages = (definition: SiteDefinition) => checkDefinition(definition, 'site.config.ts').map((p) => p.format());

describe('a site definition', () => {
  it('passes when every entry is usable', () => {
    expect(messages(site([{ id: 'home', path: '/', template: Template }, { id: 'note', path: '/notes/[slug]', collection: 'notes', template: Template }]))).toEqual([]);
  });

  it('takes brotli and gzip as precompressed encodings, and refuses any other', () => {
    const home = [{ id: 'home', path: '/', template: Template }];
    expect(messages(site(home, { output: { precompress: ['gzip', 'br'] } }))).toEqual([]);
    expect(messages(site(home, { output: { precompress: ['br', 'zstd' as never] } }))).toEqual(['site.config.ts  names an encoding the engine cannot precompress\n  output.precompress: "zstd"; the encodings are "br" and "gzip"']);
  });

  it('refuses a path that does not start with "/"', () => {
    expect(messages(site([{ id: 'about', path: 'about', template: Template }]))).toEqual(['site.config.ts: page "about"  is not a usable registry entry\n  its path "about" must start with "/"']);
  });

  it('refuses an entry without a template, a twin id, a param without a collection, an unknown collection, two 404 pages and a default locale it does not have', () => {
    const found = messages(site([
      { id: 'a', path: '/a', template: undefined as never },
      { id: 'a', path: '/b', template: Template },
      { id: 'c', path: '/c/[slug]', template: Template },
      { id: 'd', path: '/d/[slug]', collection: 'posts', template: Template },
      { id: 'e', path: '/e', collection: 'notes', template: Template },
      { id: 'x', path: '/404', template: Template, notFound: true },
      { id: 'y', path: '/404b', template: Template, notFound: true },
    ], { defaultLocale: 'de' }));
    expect(found).toEqual([
      'site.config.ts  has a default locale that is not one of its locales\n  defaultLocale: "de"; locales are fr',
      'site.config.ts: page "a"  is not a usable registry entry\n  has no template (template: undefined)',
      'site.config.ts: page "a"  is not a usable registry entry\n  another page has the same id',
      'site.config.ts: page "c"  is not a usable registry entry\n  its path "/c/[slug]" has a [param] but no collection gives its values',
      'site.config.ts: page "d"  is not a usable registry entry\n  names collection "posts", which the content model does not have',
      'site.config.ts: page "e"  is not a usable registry entry\n  a collection page needs one [param] in its path, found "/e"',
      'site.config.ts  has more than one "not found" page',
    ]);
  });

  it('refuses a collection named "pages" beside pages with content of their own, and a time zone Node does not know', () => {
    const withPages = { locales: { fr: { intl: 'fr-FR' } }, defaultLocale: 'fr', content: { shared: {}, perLocale: {}, collections: { pages: {} } }, pages: [{ id: 'careers', path: '/careers', schema: {}, template: Template }] } as unknown as SiteDefinition;
    expect(messages(withPages)).toEqual(['site.config.ts  has a collection named "pages" and pages with content of their own\n  content.collections.pages: content.<locale>.pages holds the content of the registry\'s pages (careers), so a collection of that name would replace it: name the collection after what it holds, such as "articles" (its folder may stay "pages")']);
    expect(messages(site([{ id: 'home', path: '/', template: Template }], { timeZone: 'Mars/Olympus' }))).toEqual(['site.config.ts  names a time zone this Node does not know\n  timeZone: "Mars/Olympus"; use an IANA name such as "America/New_York"']);
  });

  it('refuses a locale whose Intl tag is not a language tag, naming it, where Intl would throw as the pages render', () => {
    const home = [{ id: 'home', path: '/', template: Template }];
    expect(messages(site(home, { locales: { fr: { intl: 'fr_FR' } } }))).toEqual(['site.config.ts  has a locale whose Intl tag is not a language tag\n  locales.fr.intl: "fr_FR"; write a language tag such as "fr-FR" or "es-US" (a dash, not "_")']);
    expect(messages(site(home, { locales: { fr: {} as never } }))).toEqual(['site.config.ts  has a locale whose Intl tag is not a language tag\n  locales.fr.intl: missing; write a language tag such as "fr-FR" or "es-US" (a dash, not "_")']);
    expect(messages(site(home, { locales: { fr: { intl: 'fr' }, pt: { intl: 'pt-BR' } }, defaultLocale: 'fr' }))).toEqual([]);
  });
});
