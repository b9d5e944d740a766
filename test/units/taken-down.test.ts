// Dated entries and the links to them, worked out as the content loads: which addresses go down or are
// not up yet on a day (in each locale, and where a locale shows the original untranslated), what a link
// to them becomes, and which warnings say so. A date never fails a build.
import { describe, expect, it } from 'vitest';
import { buildMoment, dayIn, publishedAhead } from '../../src/content/lifecycle.ts';
import { datedUrls, takeDownLinks } from '../../src/content/taken-down.ts';
import { localeUrls } from '../../src/routes/urls.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import type { EngineContent } from '../../src/site/page-data.ts';

const site = (fallback: boolean) => ({
  defaultLocale: 'en',
  locales: { en: {}, es: {} },
  pages: [{ id: 'post', path: '/blog/[slug]', collection: 'posts' }, { id: 'tags', path: '/blog/tags/[tag]', collection: 'posts', generated: true }],
  content: { collections: { posts: { folder: 'posts', ext: '.md', ...(fallback ? { fallback: true } : { partial: true }) } } },
}) as unknown as SiteDefinition;
const urls = localeUrls(['en', 'es'], 'en');
const entry = (html = '') => ({ front: {}, html });
const contentOf = (en: Record<string, unknown>, es: Record<string, unknown>) => ({ locales: { en: { posts: en }, es: { posts: es } } }) as unknown as EngineContent;

describe('dated addresses', () => {
  const lifecycle = new Map([
    ['en/posts/sale', { file: 'content/en/posts/sale.md', expiryDate: '2026-12-31' }],
    ['en/posts/launch', { file: 'content/en/posts/launch.md', publishDate: '2027-03-01' }],
    ['es/posts/oferta', { file: 'content/es/posts/oferta.md', expiryDate: '2026-11-30' }],
    ['en/posts/secret', { file: 'content/en/posts/secret.md', draft: true, publishDate: '2027-01-01' }],
  ]);

  it('are each entry\'s own, at its slug, on its page and not on a page made from many (tags)', () => {
    const dated = datedUrls(site(false), urls, lifecycle, new Map([['es/posts/oferta', 'oferta-de-invierno']]), contentOf({ sale: entry() }, { oferta: entry() }));
    expect(Object.fromEntries(dated.expiring)).toEqual({ '/blog/sale': '2026-12-31', '/es/blog/oferta-de-invierno': '2026-11-30' });
    expect(Object.fromEntries(dated.scheduled)).toEqual({ '/blog/launch': '2027-03-01' });
  });

  it('include the original\'s address in a locale that shows it untranslated, and never a translation\'s own dates there', () => {
    // Spanish has no "sale" of its own: it shows the English one at /es/blog/sale; its own "oferta" is shown, or the English.
    const dated = datedUrls(site(true), urls, lifecycle, new Map(), contentOf({ sale: entry(), oferta: entry() }, { oferta: entry() }));
    expect(Object.fromEntries(dated.expiring)).toEqual({ '/blog/sale': '2026-12-31', '/es/blog/sale': '2026-12-31' });
    expect(Object.fromEntries(dated.scheduled)).toEqual({ '/blog/launch': '2027-03-01', '/es/blog/launch': '2027-03-01' });
  });
});

describe('links to dated entries', () => {
  const lifecycle = new Map([
    ['en/posts/sale', { file: 'content/en/posts/sale.md', expiryDate: '2026-12-31' }],
    ['en/posts/news', { file: 'content/en/posts/news.md', expiryDate: '2027-06-30' }],
  ]);
  const dated = { expiring: new Map([['/blog/sale', '2026-12-31']]), scheduled: new Map([['/blog/launch', '2027-03-01']]) };
  const html = '<p>See <a href="/blog/sale">the sale</a>, <a href="/blog/launch#menu">the launch</a> and <a href="/blog/other">more</a>.</p>';
  const links = [{ file: 'content/en/posts/news.md', locale: 'en', links: [{ href: '/blog/sale', line: 4 }, { href: '/blog/launch#menu', line: 4 }, { href: '/blog/other', line: 5 }, { href: '/blog/sale', line: 6, image: true as const }] }];

  it('are their words alone while the entry is not up, with a warning naming the day; others are kept and checked', () => {
    const before = takeDownLinks(contentOf({ news: entry(html) }, {}), links, dated, lifecycle, '2026-12-31');
    const page = (before.content.locales.en!.posts as Record<string, { html: string }>).news!.html;
    expect(page).toBe('<p>See <a href="/blog/sale">the sale</a>, the launch and <a href="/blog/other">more</a>.</p>');
    expect(before.links[0]!.links.map((l) => l.href)).toEqual(['/blog/sale', '/blog/other', '/blog/sale']);
    expect(before.warnings.map((w) => `${w.file}: ${w.message}`)).toEqual([
      'content/en/posts/news.md:4: links to "/blog/launch#menu", published from 2027-03-01 (its publishDate): until then the link is shown as its words alone',
      // The sale is still up, and this page stays after it: said while there is time to change it.
      expect.stringMatching(/^content\/en\/posts\/news\.md:4: links to "\/blog\/sale", which is published until 2026-12-31 \(its expiryDate\), and this page until 2027-06-30/),
      expect.stringMatching(/^content\/en\/posts\/news\.md:6: links to "\/blog\/sale"/),
    ]);
    const after = takeDownLinks(contentOf({ news: entry(html) }, {}), links, dated, lifecycle, '2027-03-01');
    expect((after.content.locales.en!.posts as Record<string, { html: string }>).news!.html).toBe('<p>See the sale, <a href="/blog/launch#menu">the launch</a> and <a href="/blog/other">more</a>.</p>');
    expect(after.warnings.map((w) => w.message)).toEqual(['links to "/blog/sale", taken down after 2026-12-31 (its expiryDate): the link is shown as its words alone; remove it, or point it at a page that stays']);
  });

  it('to an entry that expires before the linking page, while it is up, is a warning; from a page that goes with it, none', () => {
    const stays = takeDownLinks(contentOf({}, {}), [{ file: 'content/en/posts/about.md', locale: 'en', links: [{ href: '/blog/sale', line: 2 }] }], dated, lifecycle, '2026-06-01');
    expect(stays.warnings.map((w) => `${w.file}: ${w.message}`)).toEqual([expect.stringMatching(/^content\/en\/posts\/about\.md:2: links to "\/blog\/sale", which is published until 2026-12-31 \(its expiryDate\), and this page stays/)]);
    const goes = takeDownLinks(contentOf({}, {}), [{ file: 'content/en/posts/news.md', locale: 'en', links: [{ href: '/blog/sale', line: 2 }] }], dated, new Map([['en/posts/news', { file: 'content/en/posts/news.md', expiryDate: '2026-12-01' }]]), '2026-06-01');
    expect(goes.warnings).toEqual([]);
  });
});

describe('the build\'s day', () => {
  it('is a day\'s noon in the site\'s zone, that day there; a date-time as given; refused when the calendar lacks it', () => {
    for (const zone of ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu']) {
      expect(dayIn(buildMoment('2026-03-08', zone), zone), zone).toBe('2026-03-08');
    }
    expect(buildMoment('2026-06-10', 'America/New_York').toISOString()).toBe('2026-06-10T16:00:00.000Z');
    const at = new Date('2026-01-01T00:00:00Z');
    expect(buildMoment(at, 'UTC')).toBe(at);
    expect(() => buildMoment('2026-02-29', 'UTC')).toThrow(/--now 2026-02-29 is no day of the calendar/);
  });
});

describe('a translation out ahead of its original', () => {
  const fileOf = (locale: string, collection: string, id: string) => `content/${locale}/${collection}/${id}.md`;
  it('is told at the translation; one that waits longer than its original, a draft or a day passed, not', () => {
    const published = { locales: { en: { posts: {} }, es: { posts: { launch: {}, later: {} } } } };
    const lifecycle = new Map([
      ['en/posts/launch', { file: 'content/en/posts/launch.md', publishDate: '2027-03-01' }],
      ['en/posts/draft', { file: 'content/en/posts/draft.md', publishDate: '2027-03-01', draft: true }],
      ['es/posts/later', { file: 'content/es/posts/later.md', publishDate: '2027-05-01' }],
    ]);
    expect(publishedAhead(published, lifecycle, '2026-12-01', 'en', fileOf)).toEqual([{ file: 'content/es/posts/launch.md', message: 'is published, while its "en" version waits for 2027-03-01 (its publishDate): a file\'s dates are its own. To publish them together, give this file the same publishDate' }]);
    expect(publishedAhead(published, lifecycle, '2027-03-01', 'en', fileOf)).toEqual([]);
  });
});
