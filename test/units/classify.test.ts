// What a content file is, by its path, as the content model says, and why an unexpected one is not
// part of the site: each role, and each sentence that tells a writer what was expected instead.
import { describe, expect, it } from 'vitest';
import { classify, entryNameProblem, pagesWithContent } from '../../src/content/classify.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';

const schema = {} as never;
const site = {
  locales: { en: { intl: 'en-US' }, es: { intl: 'es-US' } },
  content: {
    shared: { site: { file: 'site.yaml' }, org: { file: 'org.yaml' } },
    perLocale: { ui: { file: 'ui.yaml' }, help: { file: 'help/faq.yaml' } },
    collections: {
      services: { folder: 'services', ext: '.md', label: 'service', listedIn: 'services.yaml' },
      notes: { folder: 'notes', ext: '.yaml', label: 'note' },
    },
  },
  pages: [
    { id: 'home', path: '/', schema },
    { id: 'about-us', path: '/about', schema },
    { id: 'gallery', path: '/gallery' },
  ],
} as unknown as SiteDefinition;
const ids = { services: new Set(['vaccines', 'iv-therapy']), notes: new Set(['welcome']) };
const role = (rel: string) => classify(site, rel, ids, (r) => `content/${r}`);

describe('a content file', () => {
  it('is a shared file, a locale file, a page or a collection entry by where it is', () => {
    expect(role('site.yaml')).toEqual({ kind: 'shared', key: 'site' });
    expect(role('org.yaml')).toEqual({ kind: 'shared', key: 'org' });
    expect(role('es/ui.yaml')).toEqual({ kind: 'locale-file', locale: 'es', key: 'ui' });
    expect(role('en/help/faq.yaml')).toEqual({ kind: 'locale-file', locale: 'en', key: 'help' });
    expect(role('en/pages/about-us.yaml')).toEqual({ kind: 'page', locale: 'en', id: 'about-us' });
    expect(role('es/services/iv-therapy.md')).toEqual({ kind: 'entry', locale: 'es', collection: 'services', id: 'iv-therapy' });
    expect(role('en/notes/welcome.yaml')).toEqual({ kind: 'entry', locale: 'en', collection: 'notes', id: 'welcome' });
  });

  it('is not part of the site otherwise, with what was expected and the nearest name', () => {
    expect(role('sites.yaml')).toEqual({ kind: 'unknown', why: 'unknown content file (did you mean "site.yaml"?); expected one of site.yaml, org.yaml' });
    expect(role('fr/ui.yaml')).toEqual({ kind: 'unknown', why: 'unknown locale folder "fr"; expected one of en, es', folder: 'fr/' });
    expect(role('se/ui.yaml')).toEqual({ kind: 'unknown', why: 'unknown locale folder "se" (did you mean "es"?); expected one of en, es', folder: 'se/' });
    expect(role('en/pages/abuot-us.yaml')).toEqual({ kind: 'unknown', why: 'no page "abuot-us" (did you mean "about-us"?); pages are home, about-us' });
    // A page without content of its own has no file.
    expect(role('en/pages/gallery.yaml')).toEqual({ kind: 'unknown', why: 'no page "gallery"; pages are home, about-us' });
    expect(role('en/services/vacines.md')).toEqual({ kind: 'unknown', why: 'service "vacines" is not listed in content/services.yaml (did you mean "vaccines"?)' });
    expect(role('en/notes/welcom.yaml')).toEqual({ kind: 'unknown', why: 'no note "welcom" (did you mean "welcome"?); notes are welcome' });
    expect(role('en/notes/welcome.md')).toEqual({ kind: 'unknown', why: 'not a content file the site knows: expected <locale>/ui.yaml, help/faq.yaml, pages/*.yaml, services/*.md or notes/*.yaml' });
    // A photo brought along with Markdown from elsewhere: where it belongs, and the address it then has.
    expect(role('en/notes/img/Diagram.PNG')).toEqual({ kind: 'unknown', why: "an image or PDF is published from static/, not content/: move it into static/ (static/images/Diagram.PNG, say) and link it by its address from the site's root (/images/Diagram.PNG)" });
    expect(role('en/pages/home.yml')).toEqual(role('en/notes/welcome.md'));
    expect(role('en/xpages/home.yaml')).toEqual(role('en/notes/welcome.md'));
    expect(role('en/pages/home.yaml.bak')).toEqual(role('en/notes/welcome.md'));
  });

  it('keeps a name as its author wrote it (capitals, symbols, dots), and refuses what cannot be an address', () => {
    const notes = new Set(['My_First Note', 'c++', '[', 'mkfs.ext4']);
    const named = (rel: string) => classify(site, rel, { ...ids, notes }, (r) => `content/${r}`) as { kind: string; why?: string };
    for (const id of notes) expect(named(`en/notes/${id}.yaml`) as object).toEqual({ kind: 'entry', locale: 'en', collection: 'notes', id });
    expect(named('en/notes/...yaml').why).toMatch(/^"\.\." is a dot segment/);
    expect(named('en/notes/..yaml').why).toMatch(/^"\." is a dot segment/);
    expect(named('en/notes/.draft.yaml').why).toMatch(/starting with "\." is a hidden file/);
    expect(named('en/notes/a#b.yaml').why).toMatch(/"#" or "\?" ends an address/);
    expect(named('en/notes/page.html.yaml').why).toMatch(/ending in \.html/);
    expect(named('en/notes/a\\b.yaml').why).toMatch(/backslash/);
    // "résumé" with each accent a character of its own (NFD): refused; the usual spelling (NFC) is a name like any.
    expect(named(`en/notes/${'résumé'.normalize('NFD')}.yaml`).why).toMatch(/stored in another form than the usual one/);
    expect(named(`en/notes/${'résumé'.normalize('NFC')}.yaml`).why).not.toMatch(/accent/);
    // No suggestion is ever a name: none can collide with another file.
    for (const rel of ['en/notes/...yaml', 'en/notes/a#b.yaml']) expect(named(rel).why).not.toMatch(/rename it \S+\.yaml/);
    expect(role('en/notes/Welcome.md')).toEqual(role('en/notes/welcome.md')); // not the collection's extension: not a name question
  });

  it('of a collection whose list failed to load is not placed', () => {
    expect(classify(site, 'en/notes/welcome.yaml', {}, (r) => r)).toEqual({ kind: 'unknown', why: 'no note "welcome"; notes are ' });
  });

  it('of a collection whose folder or extension holds dots is placed by that very name only', () => {
    const dotted = { ...site, content: { ...site.content, collections: { posts: { folder: 'blog.posts', ext: '.post.md', label: 'post' } } } } as unknown as SiteDefinition;
    const posts = { posts: new Set(['first']) };
    expect(classify(dotted, 'en/blog.posts/first.post.md', posts, (r) => r)).toEqual({ kind: 'entry', locale: 'en', collection: 'posts', id: 'first' });
    // A dot is a dot, not "any character": neither the folder nor the extension matches another name.
    expect(classify(dotted, 'en/blogXposts/first.post.md', posts, (r) => r).kind).toBe('unknown');
    expect(classify(dotted, 'en/blog.posts/first.postXmd', posts, (r) => r).kind).toBe('unknown');
  });

  it('names the only expected shape without "or"', () => {
    const bare = { ...site, content: { shared: {}, perLocale: {}, collections: {} }, pages: [] } as unknown as SiteDefinition;
    expect(classify(bare, 'en/x.yaml', {}, (r) => r)).toEqual({ kind: 'unknown', why: 'not a content file the site knows: expected <locale>/pages/*.yaml' });
    expect(pagesWithContent(site).map((p) => p.id)).toEqual(['home', 'about-us']);
  });
});

describe("an entry's name", () => {
  it('is refused when it holds a character that shows nothing, but not for the joiners Persian needs', () => {
    for (const id of ['a\u200bb', 'no\u00a0break', 'filler\u3164', 'bread\ufe0f']) expect(entryNameProblem(id), id).toMatch(/invisible character/);
    expect(entryNameProblem('می\u200cخواهم')).toBeUndefined();
  });

  it('is refused when "%" and two hex digits would read as an escape, kept otherwise', () => {
    expect(entryNameProblem('a%62c')).toMatch(/reads as an escape/);
    expect(entryNameProblem('100%')).toBeUndefined();
    expect(entryNameProblem('50%-off')).toBeUndefined();
    expect(entryNameProblem('a%6')).toBeUndefined();
  });

  it('fits its page and its compressed copy in a file name: 247 bytes at most, counted in UTF-8', () => {
    expect(entryNameProblem('a'.repeat(247))).toBeUndefined();
    expect(entryNameProblem('a'.repeat(248))).toMatch(/248 bytes long/);
    expect(entryNameProblem('ل'.repeat(124))).toMatch(/248 bytes long/);
  });

  it('ending in .html or .htm is refused, one holding ".html" inside kept', () => {
    for (const id of ['page.html', 'page.HTM']) expect(entryNameProblem(id), id).toMatch(/ending in \.html/);
    expect(entryNameProblem('page.html-notes')).toBeUndefined();
  });
});
