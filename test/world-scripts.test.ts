// The starter as a newcomer turned it into a bilingual English and Arabic blog, with material from
// elsewhere: Arabic written right to left, names in Arabic and with spaces, an English post shown
// untranslated in Arabic (fallback), a photo named with a space and linked percent-encoded, a redirect
// to a page with an accented name. It builds and reads right in both directions; files saved in another
// encoding than UTF-8, names with invisible characters or too long for a file, and a base URL with a
// path are refused naming the file or the setting.
import { copyFile, cp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { createDistServer, listen } from '../src/serve/server.ts';
import { ROOT } from './helpers/fixtures.ts';
import { onStagedNginx } from './helpers/host-checks.ts';

const dir = join(ROOT, 'test/scratch', `world-${process.pid}-${Date.now()}`);
const content = join(dir, 'content');
const edit = async (rel: string, change: (text: string) => string) => {
  const before = await readFile(join(dir, rel), 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`edit of ${rel} changed nothing`);
  await writeFile(join(dir, rel), after);
};
const ARABIC_SLUG = 'أهلا-بكم';
const options = (out: string) => ({ site: join(dir, 'site.config.ts'), contentDir: content, staticDir: join(dir, 'static'), outDir: join(dir, out), now: new Date('2026-11-25T12:00:00Z'), compress: false });
const read = (file: string) => readFile(join(dir, 'dist', file), 'utf8');
let warnings: { file: string; message: string }[];

beforeAll(async () => {
  await cp(join(ROOT, 'starter'), dir, { recursive: true });
  // Arabic instead of Spanish; a post missing in Arabic is shown in English there (fallback), not left out.
  await edit('site.config.ts', (t) => t.replace("es: { intl: 'es-US' }", "ar: { intl: 'ar-EG' }").replace("es: 'pagina'", "ar: 'page'").replace('partial: true', 'fallback: true').replace("redirects: [{ from: '/news', to: '/blog' }]", "redirects: [{ from: '/news', to: '/blog' }, { from: '/cafe', to: '/blog/café-night' }, { from: '/أخبار', to: '/blog' }]"));
  await edit('templates/blog.tsx', (t) => t.replace("es: '/blog/etiquetas'", "ar: '/blog/tags'"));
  await cp(join(content, 'es'), join(content, 'ar'), { recursive: true });
  await rm(join(content, 'es'), { recursive: true });
  await edit('content/ar/ui.yaml', (t) => t.replace('languageName: Español', 'languageName: العربية'));
  // An Arabic address for a post, written in Arabic; an English one for a post Arabic lacks.
  await edit('content/ar/posts/welcome.md', (t) => t.replace('title: Bienvenido al blog', `title: مرحبا بكم في المدونة\nslug: ${ARABIC_SLUG}`));
  await edit('content/en/posts/baking-class.md', (t) => t.replace(/^title: /m, 'slug: bread-class\ntitle: '));
  // English only, each with a name from elsewhere: an accent, a space and a capital; a photo with a space, linked encoded.
  await writeFile(join(content, 'en/posts/café-night.md'), '---\ntitle: Café night\ndescription: Coffee and bread.\ndate: 2026-03-01\ntags: [news, パン]\n---\nCoffee and bread.\n\n![A loaf on the table](/images/my%20photo.jpg)\n');
  await writeFile(join(content, 'en/posts/Spring Cleanup.md'), '---\ntitle: Spring cleanup\ndescription: We clean the ovens.\ndate: 2026-03-02\ntags: [news]\n---\nWe clean the ovens.\n');
  await copyFile(join(dir, 'static/images/loaf.jpg'), join(dir, 'static/images/my photo.jpg'));
  // A photo the home page's template shows by its own address, and one only a draft shows (and one no page shows).
  await copyFile(join(dir, 'static/images/oven.jpg'), join(dir, 'static/images/door.jpg'));
  await edit('templates/pages.tsx', (t) => t.replace("import { island, usePage } from 'sitewright';", "import { island, Picture, usePage } from 'sitewright';").replace('<p>{text.ui.home.intro}</p>', '<p>{text.ui.home.intro}</p>\n      <Picture src="/images/door.jpg" alt="Our door" sizes="100vw" />\n      <h2 id="فريق">فريق</h2>\n      <a href={href(\'/#فريق\')}>فريق</a>'));
  await copyFile(join(dir, 'static/images/oven.jpg'), join(dir, 'static/images/chart.jpg'));
  await writeFile(join(content, 'en/posts/hidden.md'), '---\ntitle: Hidden\ndescription: Not yet.\ndate: 2025-01-01\ndraft: true\n---\n![A chart](/images/chart.jpg)\n');
  await copyFile(join(dir, 'static/images/oven.jpg'), join(dir, 'static/images/replaced.jpg'));
  // A post brought from Hugo and Jekyll, with their template syntax, and the same written as code.
  await writeFile(join(content, 'en/posts/garden.md'), '---\ntitle: Garden\ndescription: The garden.\ndate: 2025-01-03\ntags: [news]\n---\nOur garden.\n\n{{< figure src="/images/loaf.jpg" >}}\n\nSign up: {% include signup.html %}\n\nThis page is `{{ page.title }}`:\n\n```\n{{ .Title }}\n```\n');
  ({ warnings } = await build(options('dist')));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('an English and Arabic blog made from the starter', () => {
  it('writes Arabic pages right to left: dir on <html>, and on a language name shown in a page of the other direction', async () => {
    for (const file of ['ar/index.html', 'ar/blog.html', 'ar/404.html', `ar/blog/${ARABIC_SLUG}.html`]) expect(await read(file), file).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
    for (const file of ['index.html', 'blog.html', '404.html']) expect(await read(file), file).toMatch(/^<!DOCTYPE html><html lang="en" data-page/);
    expect(await read('index.html')).toMatch(/hrefLang="ar" lang="ar" dir="rtl">العربية</);
    expect(await read('ar/index.html')).toMatch(/hrefLang="en" lang="en" dir="ltr">English</);
  });

  it("numbers the blog's pages in the language's own digits, as its dates", async () => {
    const arabic = new Intl.NumberFormat('ar-EG');
    expect(await read('ar/blog.html')).toMatch(new RegExp(`<span>Página ${arabic.format(1)} de [${arabic.format(1234567890)}]+</span>`));
    expect(await read('blog.html')).toMatch(/<span>Page 1 of \d<\/span>/);
  });

  it('links to an element named in Arabic, its fragment percent-encoded', async () => {
    expect(await read('index.html')).toContain(`<a href="/#${encodeURIComponent('فريق')}">`);
  });

  it('publishes a post at its Arabic address, and links to it percent-encoded', async () => {
    const encoded = `/ar/blog/${encodeURIComponent(ARABIC_SLUG)}`;
    expect(existsSync(join(dir, `dist/ar/blog/${ARABIC_SLUG}.html`))).toBe(true);
    expect(await read('blog/welcome.html')).toContain(`hrefLang="ar" href="https://www.example.com${encoded}"`);
    expect(await read('sitemap.xml')).toContain(`https://www.example.com${encoded}`);
  });

  it('writes every link it makes of a name with a space encoded, in pages and feeds', async () => {
    expect(await read('blog.html')).toContain('href="/blog/Spring%20Cleanup"');
    expect(await read('blog.html')).not.toContain('/blog/Spring Cleanup"');
    const feed = JSON.parse(await read('feed.json')) as { items: { url: string }[] };
    expect(feed.items.map((i) => i.url)).toContain('https://www.example.com/blog/Spring%20Cleanup');
    for (const item of feed.items) expect(item.url).not.toMatch(/[\s\u0080-\uffff]/);
  });

  it("shows English posts untranslated in Arabic at their names, and keeps them out of Arabic's feed", async () => {
    // A fallback page is at the entry's name, and the list links there, the original's own slug notwithstanding.
    expect(existsSync(join(dir, 'dist/ar/blog/baking-class.html'))).toBe(true);
    expect(await read('ar/blog.html')).toContain('href="/ar/blog/baking-class"');
    expect(existsSync(join(dir, 'dist/ar/blog/café-night.html'))).toBe(true);
    for (const file of ['ar/feed.json', 'ar/feed.xml']) {
      const feed = await read(file);
      expect(feed, file).not.toMatch(/caf(é|%C3%A9)-night|Spring(%20| )Cleanup|baking-class/);
      expect(feed, file).toContain(encodeURIComponent(ARABIC_SLUG));
    }
  });

  it('gives a tag in another script its page, linked percent-encoded', async () => {
    expect(existsSync(join(dir, 'dist/blog/tags/パン.html'))).toBe(true);
    expect(await read('blog/café-night.html')).toContain(`href="/blog/tags/${encodeURIComponent('パン')}"`);
    expect(await read('sitemap.xml')).toContain(`/blog/tags/${encodeURIComponent('パン')}<`);
  });

  it('shows a photo linked with its name percent-encoded, processed like any other', async () => {
    const html = await read('blog/café-night.html');
    expect(html).toMatch(/<picture><source type="image\/avif"[^>]*><source type="image\/webp"[^>]*><img [^>]*alt="A loaf on the table"/);
  });

  it("publishes a photo's variants only where a page shows it: a template's own photo yes, one a draft or nobody shows no", async () => {
    const made = await readdir(join(dir, 'dist/assets/images'));
    expect(made.filter((f) => f.startsWith('door-')).length).toBeGreaterThan(0);
    expect(made.filter((f) => f.startsWith('my-photo-')).length).toBeGreaterThan(0);
    expect(made.filter((f) => /^(chart|replaced)-/.test(f))).toEqual([]);
  });

  it("says where a post holds another generator's template syntax, published as text; not in code", () => {
    const told = warnings.filter((w) => w.file.includes('garden.md')).map((w) => `${w.file.split('/').pop()} ${w.message.split(' is ')[0]}`);
    expect(told).toEqual(['garden.md:9 "{{<"', 'garden.md:11 "{% include"']);
  });

  it('redirects to a page with an accented name, and from an Arabic address, spelt as the pages are', async () => {
    expect(await read('_redirects')).toContain('/cafe  /blog/caf%C3%A9-night  301');
    expect(await read('cafe.html')).toContain('url=/blog/caf%C3%A9-night');
    expect(await read('_redirects')).toContain(`${encodeURI('/أخبار')}  /blog  301`);
    expect(await read('أخبار.html')).toContain('url=/blog');
  });
});

describe('its redirects between addresses in any script, as serve and the staged nginx apply them', () => {
  const expectations = [['/cafe', '/blog/caf%C3%A9-night'], [encodeURI('/أخبار'), '/blog']] as const;
  const follow = async (base: string) => {
    for (const [from, to] of expectations) {
      const reply = await fetch(base + from, { redirect: 'manual' });
      expect([reply.status, reply.headers.get('location')?.replace(/^https?:\/\/[^/]+/, '')], from).toEqual([301, to]);
    }
  };

  it('on serve', async () => {
    const server = createDistServer(join(dir, 'dist'));
    try {
      await follow(await listen(server, 0, '127.0.0.1'));
    } finally {
      server.close();
    }
  });

  it('on nginx', () => onStagedNginx(join(dir, 'dist'), follow));
});

describe('what a newcomer brings that the build cannot publish as it is', () => {
  let said: string;
  beforeAll(async () => {
    const bad = join(dir, 'bad');
    await cp(content, bad, { recursive: true });
    const text = (title: string) => `---\ntitle: ${title}\ndescription: From elsewhere.\ndate: 2026-03-08\n---\n${title}\n`;
    // Saved by older Windows editors: Windows-1252 ("é" as one byte 0xE9), and UTF-16 with its byte order mark.
    await writeFile(join(bad, 'en/posts/legacy.md'), Buffer.from(text('Caf\u00e9 evening'), 'latin1'));
    await writeFile(join(bad, 'en/posts/unicode.md'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text('Notes'), 'utf16le')]));
    await writeFile(join(bad, 'en/posts/unmarked.md'), Buffer.from(text('Notes'), 'utf16le'));
    await writeFile(join(bad, 'ar/posts/unmarked-arabic.md'), Buffer.from(text('لقاء في الحديقة'), 'utf16le'));
    // "�" typed as text on line 2, a Windows-1252 byte on line 6: the byte's line is named.
    await writeFile(join(bad, 'en/posts/mixed.md'), Buffer.concat([Buffer.from(text('A \uFFFD sign')), Buffer.from('Caf\u00e9\n', 'latin1')]));
    // Two megabytes of text: too large, said in a sentence.
    await writeFile(join(bad, 'en/posts/huge.md'), text('Huge') + 'word '.repeat(420_000));
    // Three gigabytes (sparse: no disk used), more than a file Node can read whole: refused by its size, never read.
    await writeFile(join(bad, 'en/posts/giant.md'), '');
    await truncate(join(bad, 'en/posts/giant.md'), 3 * 1024 ** 3);
    // A right-to-left mark pasted with an Arabic name, and a name as long as a file's may be (255 bytes), too long for its page's
    // compressed copy (".html.br").
    await writeFile(join(bad, 'ar/posts/لقاء\u200f.md'), text('لقاء'));
    await writeFile(join(bad, 'en/posts/zero\u200bwidth.md'), text('Zero width'));
    await writeFile(join(bad, 'en/posts/no\u00a0break.md'), text('No break'));
    await writeFile(join(bad, 'en/posts/a%62c.md'), text('Escape'));
    await writeFile(join(bad, 'en/posts/filler\u3164.md'), text('Filler'));
    await writeFile(join(bad, 'en/posts/blank-slug.md'), text('Blank').replace('---\n', '---\nslug: \u3164\n'));
    // A Persian word keeps its zero-width non-joiner: a name, not a trick.
    await writeFile(join(bad, 'ar/posts/می\u200cخواهم.md'), text('می\u200cخواهم'));
    await writeFile(join(bad, `ar/posts/${'ل'.repeat(124)}.md`), text('لقاء'));
    said = await build({ ...options('dist-bad'), contentDir: bad }).then(() => '', (error: unknown) => (error as BuildFailure).problems.map((p) => p.format()).join('\n'));
  }, 60_000);

  it('refuses a file in another encoding than UTF-8 at its line, saying how to save it', () => {
    expect(said).toMatch(/legacy\.md:2:1 +is not saved as UTF-8 text\n.*line 2 holds bytes that are not UTF-8.*save it again as UTF-8/);
    expect(said).toMatch(/unicode\.md:1:1 +is not saved as UTF-8 text\n.*saved as UTF-16.*save it again as UTF-8/);
    expect(said).toMatch(/unmarked\.md:1:1 +is not saved as UTF-8 text\n.*saved as UTF-16/);
    expect(said).toMatch(/unmarked-arabic\.md:1:1 +is not saved as UTF-8 text\n.*saved as UTF-16/);
    expect(said).not.toMatch(/(unicode|unmarked|unmarked-arabic)\.md.*control character/);
    expect(said).toMatch(/mixed\.md:7:1 +is not saved as UTF-8 text\n.*line 7 holds bytes/);
    expect(said).toMatch(/huge\.md +is too large\n +2,?\d{3} KB/);
    expect(said).toMatch(/giant\.md +is too large/);
  });

  it('refuses a name holding an invisible mark, one reading as an escape, and one too long for its page files', () => {
    expect(said).toMatch(/لقاء\\u200f\.md.*\n.*an invisible one \(a direction mark/);
    expect(said).toMatch(/zero\\u200bwidth\.md.*\n.*an invisible one \(a direction mark or a zero-width space/);
    expect(said).toMatch(/filler\u3164\.md.*\n.*invisible character/);
    expect(said).toMatch(/blank-slug\.md:2:7 +has an address it cannot use/);
    expect(said).toMatch(/no\u00a0break\.md.*\n.*invisible character \(a direction mark, a zero-width or no-break space/);
    expect(said).toMatch(/ل{124}\.md.*\n.*248 bytes long.*Rename the file shorter/);
    expect(said).toMatch(/a%62c\.md.*\n.*reads as an escape in an address/);
    expect(said).not.toMatch(/خواهم/);
  });

  it('refuses an address that is another page\'s on a disk that ignores case ("ſpring-menu" and "spring-menu")', async () => {
    const twin = join(dir, 'twin');
    await cp(content, twin, { recursive: true });
    await writeFile(join(twin, 'en/posts/impostor.md'), '---\nslug: ſpring-menu\ntitle: Impostor\ndescription: Not the menu.\ndate: 2026-01-02\n---\nNot the menu.\n');
    const failed = await build({ ...options('dist-twin'), contentDir: twin }).then(() => '', (error: unknown) => (error as BuildFailure).problems.map((p) => p.format()).join('\n'));
    expect(failed).toMatch(/is planned twice\n.*impostor\.md.*spring-menu\.md.*are one file/);
  }, 60_000);

  it("refuses a per-language setting for a language the site does not have, as the starter's Spanish one left behind", async () => {
    await writeFile(join(dir, 'site-es.config.ts'), (await readFile(join(dir, 'site.config.ts'), 'utf8')).replace("ar: 'page'", "es: 'pagina'"));
    const failed = await build({ ...options('dist-es'), site: join(dir, 'site-es.config.ts') }).then(() => '', (error: unknown) => (error as BuildFailure).problems.map((p) => p.format()).join('\n'));
    expect(failed).toMatch(/the paginate \(blog\) plugin +gives segment for a locale the site does not have\n +segment: "es": the site's locales are en, ar/);
  }, 60_000);

  it('writes nothing outside the output folder for an address that climbs out of it once decoded', async () => {
    await writeFile(join(dir, 'site-climb.config.ts'), (await readFile(join(dir, 'site.config.ts'), 'utf8')).replace("{ from: '/news', to: '/blog' }", "{ from: '/news', to: '/blog' }, { from: '/%2e%2e/%2e%2e/climbed', to: '/blog' }, { from: '/..%2F..%2Fclimbed2', to: '/blog' }"));
    const failed = await build({ ...options('out/dist-climb'), site: join(dir, 'site-climb.config.ts') }).then(() => '', (error: unknown) => (error as BuildFailure).problems.map((p) => p.format()).join('\n'));
    expect(failed).toMatch(/outside the output folder|not a redirect between two addresses/);
    for (const file of ['climbed.html', 'out/climbed.html', '../climbed.html', 'climbed2.html', 'out/climbed2.html']) expect(existsSync(join(dir, file)), file).toBe(false);
  }, 60_000);

  it('refuses a base URL with a path, naming the setting; a name in another script is written as punycode', async () => {
    const failed = await build({ ...options('dist-path'), baseUrl: 'https://example.org/bakery/' }).then(() => '', (error: unknown) => (error as BuildFailure).problems.map((p) => p.format()).join('\n'));
    expect(failed).toMatch(/--base-url.*\n.*https:\/\/example\.org\/bakery\/: has a path/);
    await build({ ...options('dist-idn'), baseUrl: 'https://مخبز.example' });
    expect(await readFile(join(dir, 'dist-idn/index.html'), 'utf8')).toContain('<link rel="canonical" href="https://xn--');
  }, 60_000);
});
