// The link check on its own: every internal link and asset of a page must resolve, a #fragment to an
// element of the page it names; a link written in content is reported where it was written, and one
// to another locale's page names this locale's page.
import { describe, expect, it } from 'vitest';
import { checkContentLinks, checkOutputLinks, idsOf, linksOf, referencesOf, type OutputIndex } from '../../src/checks/links.ts';
import type { Route } from '../../src/routes/routes.ts';
import { localeUrls } from '../../src/routes/urls.ts';

const index: OutputIndex = {
  pages: new Map([['/', ['main']], ['/about', ['main', 'team']], ['/only-en', ['main']], ['/es/', ['main']], ['/es/about', ['main', 'equipo']]]),
  files: new Set(['/favicon.svg', '/assets/site-ABC.css', '/images/a b.svg', '/es/guia.pdf']),
};
const route = (url: string): Route => ({ page: 'p', params: {}, path: url.replace(/^\/es/, '') || '/', locale: url.startsWith('/es') ? 'es' : 'en', url, file: `${url.slice(1) || 'index'}.html`, noindex: false, notFound: false });
const page = (url: string, refs: string[], ids: string[] = ['main']) => ({ route: route(url), refs, ids });
const urls = localeUrls(['en', 'es'], 'en');

describe('links of rendered pages', () => {
  it('suggest a page of the link\'s own language for a mistyped one', () => {
    const spanish = { ...index, pages: new Map([...index.pages, ['/blog/starter-care', ['main']], ['/es/blog/cuidado-de-la-masa-madre', ['main']]]), localeOf: urls.localeOfPath };
    const [problem] = checkOutputLinks([page('/es/', ['/es/blog/cuidado-de-la-masa-madr'])], spanish, 'static');
    expect(problem!.format()).toContain('(did you mean "/es/blog/cuidado-de-la-masa-madre"?)');
    // The English slug typed in a Spanish link: never the English page.
    const [slug] = checkOutputLinks([page('/es/', ['/es/blog/starter-care'])], spanish, 'static');
    expect(slug!.format()).not.toContain('"/blog/starter-care"');
    const [english] = checkOutputLinks([page('/', ['/blog/starter-car'])], spanish, 'static');
    expect(english!.format()).toContain('(did you mean "/blog/starter-care"?)');
  });

  it('accept pages, fragments on them, this page\'s fragments, files and encoded file names', () => {
    expect(checkOutputLinks([page('/', ['/about', '/about#team', '#main', '/favicon.svg', '/images/a%20b.svg', '/about?x=1'])], index, 'static')).toEqual([]);
  });

  it('refuse a fragment that is not on the page it names, and one not on this page', () => {
    const problems = checkOutputLinks([page('/', ['/about#no-such-section', '#nowhere'])], index, 'static');
    expect(problems.map((p) => p.format())).toEqual([
      'page / (index.html)  has a broken internal link\n  "/about#no-such-section": has no element with id "no-such-section" on /about',
      'page / (index.html)  has a broken internal link\n  "#nowhere": has no element with id "nowhere" on /',
    ]);
    expect(problems.every((p) => p.code === 'link/broken')).toBe(true);
  });

  it('refuse a missing page with a suggestion, and a missing file as a static file', () => {
    const problems = checkOutputLinks([page('/', ['/abuot', '/logo.png'])], index, 'static');
    expect(problems.map((p) => [p.code, p.details[0]!.message])).toEqual([
      ['link/broken', 'points at no page or file (did you mean "/about"?)'],
      ['file/missing-static', 'no such file; expected static/logo.png'],
    ]);
  });

  it('report a link broken on more than three pages once, with the pages it is on', () => {
    const problems = checkOutputLinks(['/', '/about', '/es/', '/es/about'].map((u) => page(u, ['/gone'])), index, 'static');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.format()).toBe('4 pages (/, /about, /es/, ...)  share a broken internal link, probably from a template\n  "/gone": points at no page or file');
    // Written relative to their page (docs from elsewhere: "api/Agent.md"), it is as likely their own text.
    const docs = ['/docs/a', '/docs/b', '/docs/c', '/docs/d'].map((u) => page(u, ['gone.md']));
    expect(checkOutputLinks(docs, index, 'static')[0]!.format()).toMatch(/^4 pages \(\/docs\/a, \/docs\/b, \/docs\/c, \.\.\.\) {2}share a broken relative link, from their text or a template\n {2}"gone\.md" \(\/docs\/gone\.md\)/);
  });

  it('resolve a fragment on a page left out of the index (the 404 page) against its own ids', () => {
    expect(checkOutputLinks([page('/404', ['#help'], ['help'])], index, 'static')).toEqual([]);
  });

  it('take a missing path with a dot in a folder or an .html name for a page, not a static file', () => {
    const problems = checkOutputLinks([page('/', ['/docs.v2/intro', '/old.html'])], index, 'static');
    expect(problems.map((p) => p.code)).toEqual(['link/broken', 'link/broken']);
  });

  it('resolve a relative reference from its page, as a browser does, naming it as written and where it leads', () => {
    expect(checkOutputLinks([page('/es/about', ['guia.pdf', '../about#team', 'about?x=1'])], index, 'static')).toEqual([]);
    const [image, up] = checkOutputLinks([page('/es/about', ['img/a.png', '../gone'])], index, 'static').map((p) => p.format());
    expect(image).toBe('page /es/about (es/about.html)  refers to a missing static file\n  "img/a.png" (/es/img/a.png): no such file; expected static/es/img/a.png; or put it in static/images/ and write /images/a.png, the same from every page');
    expect(up).toMatch(/^page \/es\/about \(es\/about\.html\) {2}has a broken internal link\n {2}"\.\.\/gone" \(\/gone\): points at no page or file/);
    // Another tool's docs link a page by its Markdown file: its page's address is meant.
    const [markdown] = checkOutputLinks([page('/', ['guides/setup.md'])], index, 'static').map((p) => p.format());
    expect(markdown).toContain('"guides/setup.md" (/guides/setup.md): is a link to a Markdown file; link to its page\'s address instead (no ".md")');
  });

  it('tell an address that is none, never throw on it, and leave another site\'s to it', () => {
    const told = checkOutputLinks([page('/es/about', ['img/100%.png', '/100%.png', 'http://[', '\\\\other.example/x', ' //other.example/x'])], index, 'static').map((p) => p.format());
    expect(told).toHaveLength(3);
    expect(told[0]).toContain('"img/100%.png" (/es/img/100%.png): is not a valid address: a "%" starts an escape such as %20 (write %25 for a percent sign)');
    expect(told[1]).toContain('"/100%.png": is not a valid address');
    expect(told[2]).toContain('"http://[": is not a valid address');
  });

  it('report a page that repeats a broken link once', () => {
    expect(checkOutputLinks([page('/', ['/gone', '/gone'])], index, 'static')).toHaveLength(1);
  });

  it('report a missing static file on more than three pages once, as a missing file', () => {
    const problems = checkOutputLinks(['/', '/about', '/es/', '/es/about'].map((u) => page(u, ['/logo.png'])), index, 'static');
    expect(problems.map((p) => p.format())).toEqual(['4 pages (/, /about, /es/, ...)  refer to a missing static file\n  "/logo.png": no such file; expected static/logo.png']);
  });

  it('report a link broken on three pages on each', () => {
    expect(checkOutputLinks(['/', '/about', '/es/'].map((u) => page(u, ['/gone'])), index, 'static')).toHaveLength(3);
  });
});

describe('links written in content', () => {
  it('are reported at their file and line', () => {
    const problems = checkContentLinks([{ file: 'content/en/a.md', locale: 'en', links: [{ href: '/abuot', line: 7 }] }], index, urls, 'static');
    expect(problems.map((p) => p.format())).toEqual(['content/en/a.md:7:1  links to a page that does not exist\n  "/abuot": points at no page or file (did you mean "/about"?)']);
  });

  it('to another locale\'s page name the same page in this locale, both ways', () => {
    const fromEs = checkContentLinks([{ file: 'content/es/a.md', locale: 'es', links: [{ href: '/about#team', line: 3 }] }], index, urls, 'static');
    expect(fromEs.map((p) => [p.code, p.details[0]!.message])).toEqual([['link/cross-locale', 'pages in "es" should link to pages in "es"; did you mean "/es/about#team", the same page in "es"?']]);
    const fromEn = checkContentLinks([{ file: 'content/en/a.md', locale: 'en', links: [{ href: '/es/about', line: 3 }] }], index, urls, 'static');
    expect(fromEn[0]!.details[0]!.message).toBe('pages in "en" should link to pages in "en"; did you mean "/about", the same page in "en"?');
  });

  it('to a page only the other locale has name no page in this one', () => {
    const problems = checkContentLinks([{ file: 'content/es/a.md', locale: 'es', links: [{ href: '/only-en', line: 4 }] }], index, urls, 'static');
    expect(problems.map((p) => p.format())).toEqual(['content/es/a.md:4:1  links to a page in another language (en)\n  "/only-en": pages in "es" should link to pages in "es"']);
  });

  it('to a file in another locale\'s folder pass: a file has no language', () => {
    expect(checkContentLinks([{ file: 'content/en/a.md', locale: 'en', links: [{ href: '/es/guia.pdf', line: 2 }] }], index, urls, 'static')).toEqual([]);
  });

  it('to a page in their own locale pass', () => {
    expect(checkContentLinks([{ file: 'content/es/a.md', locale: 'es', links: [{ href: '/es/about', line: 3 }] }], index, urls, 'static')).toEqual([]);
  });
});

describe('reading a page', () => {
  it('finds its local references once each and its ids', () => {
    const html = '<a href="/about">a</a><a href="/about">b</a><a href="https://x.example/">c</a><a href="//cdn.example/x">d</a><img src="/favicon.svg"><a href="#top">e</a><p id="top"></p><div id="x y"></div>';
    expect(referencesOf(html)).toEqual(['/about', '/favicon.svg', '#top']);
    // Relative ones are the site's too (Markdown from elsewhere); a scheme or another origin is not, nor an empty href.
    expect(referencesOf('<a href="/a?x=1&amp;y=2">q</a><img src="/b&amp;c.png">')).toEqual(['/a?x=1&y=2', '/b&c.png']);
    expect(referencesOf('<img src="img/a.png"><a href="../up">u</a><a href="mailto:a@b.example">m</a><a href="tel:+1">t</a><img src="data:image/png;base64,x"><a href="">s</a><a href="HTTPS://X.example">h</a>')).toEqual(['img/a.png', '../up']);
    expect([...idsOf(html)]).toEqual(['top', 'x y']);
  });

  it('as stretches finds what the whole page holds, in its order, reading a kept stretch once', () => {
    const footer = { kept: 'footer' };
    const page = (n: number) => [
      { html: `<head><link href="/a.css"></head><body><a href="/about">x</a><h1 id="t${n}">` },
      { html: `<footer id="foot"><a href="/about">About</a><a href="/privacy">P</a><site-island data-props="${n}"></site-island></footer>`, kept: footer },
      { html: `<a href="#foot">top</a><a href="/page-${n}" id="t${n}-link">next</a></body>` },
    ];
    for (const n of [1, 7]) {
      const whole = page(n).map((p) => p.html).join('');
      expect(linksOf(page(n))).toEqual({ refs: referencesOf(whole), ids: [...idsOf(whole)] });
    }
    expect(linksOf(page(2)).refs).toEqual(['/a.css', '/about', '/privacy', '#foot', '/page-2']);
    // The kept stretch is read once: its stand-in on a later page is not read again.
    expect(linksOf([{ html: '<p id="own">', kept: undefined }, { html: '<a href="/elsewhere" id="other">', kept: footer }])).toEqual({ refs: ['/about', '/privacy'], ids: ['own', 'foot'] });
    // One stretch: the page itself.
    expect(linksOf([{ html: '<a href="/x" id="y">' }])).toEqual({ refs: ['/x'], ids: ['y'] });
  });
});
