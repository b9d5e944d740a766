// The route table from a registry and content alone: a page per locale, a page per collection entry
// (its id in the path), each locale's 404 page, noindex decided per entry; the ICU check of locales;
// islands the client registry lacks.
import { describe, expect, it } from 'vitest';
import { unknownIslands } from '../../src/checks/islands.ts';
import { localesWithoutIcu } from '../../src/checks/locales.ts';
import { paramsOf, planRoutes, routeSignature } from '../../src/routes/routes.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';

const Template = () => null;
const site = {
  locales: { fr: { intl: 'fr-FR' }, de: { intl: 'de-DE' } },
  defaultLocale: 'fr',
  pages: [
    { id: 'home', path: '/', template: Template },
    { id: 'note', path: '/notes/[slug]', collection: 'notes', template: Template, noindex: (entry: { draft: boolean }) => entry.draft },
    { id: 'legal', path: '/legal', template: Template, noindex: true },
    { id: 'missing', path: '/404', template: Template, notFound: true },
  ],
} as unknown as SiteDefinition;
const content = { locales: { fr: { notes: { a: { draft: false }, b: { draft: true } } }, de: { notes: { a: { draft: false } } } } };

describe('the route table', () => {
  // Planned in each test, not as the file loads: a mutation run counts only what a test itself runs.
  const plan = () => planRoutes(site, content as never);

  it('has every page in every locale, one per entry, the default locale at the root', () => {
    const routes = plan();
    const table = routes.map((r) => `${r.locale} ${r.page} ${r.url} ${r.file} ${r.noindex ? 'noindex' : 'index'}${r.notFound ? ' 404' : ''} ${JSON.stringify(r.params)}`);
    expect(table).toEqual([
      'fr home / index.html index {}',
      'fr note /notes/a notes/a.html index {"slug":"a"}',
      'fr note /notes/b notes/b.html noindex {"slug":"b"}',
      'fr legal /legal legal.html noindex {}',
      'fr missing /404 404.html noindex 404 {}',
      'de home /de/ de/index.html index {}',
      'de note /de/notes/a de/notes/a.html index {"slug":"a"}',
      'de legal /de/legal de/legal.html noindex {}',
      'de missing /de/404 de/404.html noindex 404 {}',
    ]);
    expect(routes[1]!.path).toBe('/notes/a');
  });

  it('names the params of a path, and signs a table by its URLs, pages and noindex', () => {
    expect(paramsOf('/a/[x]/b/[y]')).toEqual(['x', 'y']);
    expect(paramsOf('/about')).toEqual([]);
    expect(routeSignature(plan().slice(0, 2))).toBe('/ home false\n/notes/a note false');
  });
});

describe('an entry at other addresses in other languages', () => {
  it('names each language\'s address where they differ, leaves out one shown untranslated, and says nothing where all agree', () => {
    const content = { locales: { fr: { notes: { a: { draft: false }, b: { draft: false }, c: { draft: false } } }, de: { notes: { a: { draft: false }, b: { draft: false, fallback: 'fr' }, c: { draft: false } } } } };
    const routes = planRoutes(site, content as never, new Map([['de/notes/a', 'anfang']]));
    const of = (locale: string, id: string) => routes.find((r) => r.locale === locale && r.page === 'note' && r.params['slug'] === id)!;
    expect(of('fr', 'a')).toMatchObject({ url: '/notes/a', alternates: { fr: '/notes/a', de: '/notes/anfang' } });
    expect(of('de', 'a')).toMatchObject({ url: '/de/notes/anfang', path: '/notes/anfang', file: 'de/notes/anfang.html', alternates: { fr: '/notes/a', de: '/notes/anfang' } });
    // Shown in German from the French: the French page is its only original.
    expect(of('de', 'b')).toMatchObject({ url: '/de/notes/b', fallback: 'fr', alternates: { fr: '/notes/b' } });
    expect(of('fr', 'b').alternates).toEqual({ fr: '/notes/b' });
    expect(of('fr', 'b')).not.toHaveProperty('fallback');
    for (const route of [of('fr', 'c'), of('de', 'c'), ...routes.filter((r) => r.page !== 'note')]) expect(route, route.url).not.toHaveProperty('alternates');
    expect(routeSignature([of('de', 'b')])).toBe('/de/notes/b note false {"fr":"/notes/b"}');
  });

  it('a generated page is left to its plugin, and a hook that decides noindex is given the entry', () => {
    const seen: unknown[] = [];
    const withGenerated = { ...site, pages: [...site.pages, { id: 'feed', path: '/feed', template: Template, generated: true }, { id: 'tagged', path: '/t/[slug]', collection: 'notes', template: Template, noindex: (entry: unknown) => (seen.push(entry), false) }] } as unknown as SiteDefinition;
    const routes = planRoutes(withGenerated, { locales: { fr: { notes: { a: { draft: true } } }, de: { notes: {} } } } as never);
    expect(routes.some((r) => r.page === 'feed')).toBe(false);
    expect(seen).toEqual([{ draft: true }]);
    expect(routes.find((r) => r.page === 'tagged')).toMatchObject({ url: '/t/a', noindex: false });
  });
});

describe('locales without ICU data', () => {
  it('warn, naming the locale, the formats that fall back and what they fall back to', () => {
    expect(localesWithoutIcu({ en: { intl: 'en-US' }, es: { intl: 'es-US' } }, 'site.config.ts')).toEqual([]);
    // A region ICU has no data of its own for is written in its language's (es-CU as es): no warning.
    expect(localesWithoutIcu({ es: { intl: 'es-CU' }, pt: { intl: 'pt-BR' } }, 'site.config.ts')).toEqual([]);
    expect(localesWithoutIcu({ ht: { intl: 'ht-HT' } }, 'site.config.ts').map((w) => w.message)).toEqual([expect.stringContaining('written as en-US writes them')]);
    const [warning, ...rest] = localesWithoutIcu({ en: { intl: 'en-US' }, xx: { intl: 'xx' } }, 'site.config.ts');
    expect(rest).toEqual([]);
    expect(warning!.file).toBe('site.config.ts');
    expect(warning!.message).toMatch(/^locale "xx" \(Intl tag "xx"\): this Node has no ICU data for it, so its dates and times, numbers, plurals, lists are written as \S+ writes them; pick a tag Node knows, or write those in content$/);
  });
});

describe('islands the client registry lacks', () => {
  it('are each named once, at the first page that uses them, with the registered ones', () => {
    const route = (url: string) => ({ url, file: `${url.slice(1)}.html` }) as never;
    const problems = unknownIslands([{ route: route('/a'), islands: ['Menu', 'Map'] }, { route: route('/b'), islands: ['Map', 'Chat'] }], ['Menu']);
    expect(problems.map((p) => p.format())).toEqual([
      expect.stringContaining('uses island "Map", which the site\'s island registry does not have\n  registered islands: Menu'),
      expect.stringContaining('uses island "Chat"'),
    ]);
    expect(problems[0]!.format()).toContain('/a');
    expect(unknownIslands([{ route: route('/a'), islands: ['X'] }], [])[0]!.format()).toContain('registered islands: none');
    expect(unknownIslands([{ route: route('/a'), islands: ['Menu'] }], ['Menu'])).toEqual([]);
  });
});
