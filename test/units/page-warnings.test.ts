// Warnings about rendered pages a browser would ignore or a search engine confuse, on made-up routes:
// each says which kind of page and which addresses, once per kind.
import { describe, expect, it } from 'vitest';
import { inlineStyleWarnings, sharedTitles } from '../../src/checks/page-warnings.ts';
import type { Route } from '../../src/routes/routes.ts';

const route = (page: string, url: string, locale = 'en', notFound = false): Route => ({ page, params: {}, path: url, locale, url, file: `${url}.html`, noindex: false, notFound });

describe('style="…" while the policy allows no inline style', () => {
  const routes = [route('about', '/about'), route('about', '/es/about', 'es'), route('about', '/fr/about', 'fr'), route('home', '/'), route('news', '/news')];
  const styled = (...indexes: number[]) => routes.map((_r, index) => ({ index, styled: indexes.includes(index) }));

  it('one warning per kind of page, naming two of its addresses and how many', () => {
    const warnings = inlineStyleWarnings(undefined, routes, styled(0, 1, 2, 3));
    expect(warnings.map((w) => w.file)).toEqual(['page "about"', 'page "home"']);
    expect(warnings[0]!.message).toMatch(/^3 pages have style="…" attributes \(\/about, \/es\/about, …\), which the Content-Security-Policy/);
    expect(warnings[1]!.message).toMatch(/^1 page has style="…" attributes \(\/\), which/);
    expect(inlineStyleWarnings({}, routes, styled(0, 1))[0]!.message).toMatch(/^2 pages have style="…" attributes \(\/about, \/es\/about\), which/);
  });

  it('none when no page is styled, or the site allows inline style, turns the policy off or writes its own headers', () => {
    expect(inlineStyleWarnings(undefined, routes, styled())).toEqual([]);
    expect(inlineStyleWarnings({ csp: { 'style-src': ["'self'", "'unsafe-inline'"] } }, routes, styled(0))).toEqual([]);
    expect(inlineStyleWarnings({ csp: { 'style-src': false } }, routes, styled(0))).toEqual([]);
    expect(inlineStyleWarnings(false, routes, styled(0))).toEqual([]);
    expect(inlineStyleWarnings(() => ({}), routes, styled(0))).toEqual([]);
    expect(inlineStyleWarnings({ csp: { 'style-src': ["'self'"] } }, routes, styled(0))).toHaveLength(1);
  });
});

describe('one title on pages of different kinds', () => {
  const routes = [route('home', '/'), route('letters', '/letters/a'), route('letters', '/letters/b'), route('home', '/es/', 'es'), route('not-found', '/404'), route('news', '/news')];
  const titled = (titles: (string | undefined)[]) => titles.map((title, index) => ({ index, title }));

  it('is a warning for each kind that repeats another kind\'s title, once, naming both addresses', () => {
    const warnings = sharedTitles(routes, titled(['Clinic', 'Clinic', 'Clinic', 'Clinic', undefined, 'Clinic']));
    expect(warnings.map((w) => w.file)).toEqual(['page "letters"', 'page "news"']);
    expect(warnings[0]!.message).toBe('/letters/a has the title of / (page "home"): "Clinic". The site\'s meta() may not know page "letters": give it a title there, or the plugin\'s route its own meta');
  });

  it('not for pages of one kind, another language, a page without a title, or a 404 page', () => {
    const notFound = [...routes.slice(0, 4), route('not-found', '/404', 'en', true)];
    expect(sharedTitles(notFound, titled(['Clinic', 'A', 'A', 'Clinic', 'Clinic']))).toEqual([]);
    // A Spanish page of another kind with an English page's title: each language's titles are its own.
    expect(sharedTitles([route('home', '/'), route('letters', '/es/letters/a', 'es')], titled(['Clinic', 'Clinic']))).toEqual([]);
    expect(sharedTitles(routes, titled(['', '', undefined, 'X', undefined, 'Y']))).toEqual([]);
  });
});
