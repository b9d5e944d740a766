// What every generator gives a developer, shown by the starter that `site init` writes: a blog list
// paginated five to a page, a page per tag, feeds per locale, drafts and dated posts, and a redirect
// from an old address, in English and Spanish, built as of a fixed day.
import { execFileSync } from 'node:child_process';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { createDistServer, listen } from '../src/serve/server.ts';
import { ROOT, runCli } from './helpers/fixtures.ts';
import { startDev } from './helpers/dev.ts';
import { get } from './helpers/http.ts';

const STARTER = join(ROOT, 'starter');
const SITE = join(STARTER, 'site.config.ts');
const TODAY = new Date('2026-11-25T12:00:00Z');
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-features-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function buildStarter(name: string, options: { now?: Date; drafts?: boolean; content?: string } = {}): Promise<{ out: string; result: BuildResult }> {
  const out = join(tmp, name, 'dist');
  const result = await build({ site: SITE, contentDir: options.content ?? join(STARTER, 'content'), staticDir: join(STARTER, 'static'), outDir: out, now: options.now ?? TODAY, drafts: options.drafts, compress: false });
  return { out, result };
}

/** Every file of an output, as one text, to look for what must not be there. */
async function everything(out: string): Promise<string> {
  const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const texts = await Promise.all(files.map(async (e) => `${join(e.parentPath, e.name).slice(out.length)}\n${await readFile(join(e.parentPath, e.name), 'utf8')}`));
  return texts.join('\n');
}

let out: string;
let result: BuildResult;
const read = (file: string) => readFile(join(out, file), 'utf8');

describe('the starter, built as of 2026-11-25', () => {
  beforeAll(async () => {
    ({ out, result } = await buildStarter('today'));
  });

  it('paginates the blog five posts a page, newest first, page 1 at /blog, in both languages (/es/blog/pagina/2)', async () => {
    for (const [prefix, newest, older, word] of [['', 'Summer hours', 'Older posts', 'page'], ['es/', 'Horario de verano', 'Entradas anteriores', 'pagina']] as const) {
      const first = await read(`${prefix}blog.html`);
      expect((first.match(/<li><a href="[^"]*\/blog\/[a-z-]+">/g) ?? []).length, prefix).toBe(5);
      expect(first.indexOf(newest), prefix).toBeLessThan(first.indexOf(prefix ? 'Bienvenido al blog' : 'Welcome to the blog') === -1 ? Infinity : first.indexOf(prefix ? 'Bienvenido' : 'Welcome'));
      expect(first).toContain(`<a href="/${prefix}blog/${word}/2" rel="next">${older}</a>`);
      expect(first).toContain(`<link rel="next" href="/${prefix}blog/${word}/2"/>`);
      const second = await read(`${prefix}blog/${word}/2.html`);
      // English has a post Spanish has not (the blog allows one: partial).
      expect((second.match(/<li><a href="[^"]*\/blog\/[a-z-]+">/g) ?? []).length).toBe(prefix ? 1 : 2);
      expect(second).toContain(`<link rel="prev" href="/${prefix ? 'es/' : ''}blog"/>`);
      expect(existsSync(join(out, `${prefix}blog/${word}/3.html`))).toBe(false);
      // Each page names its translation, at the other language's own address.
      expect(second).toContain(`hrefLang="${prefix ? 'en' : 'es'}" href="https://www.example.com/${prefix ? '' : 'es/'}blog/${prefix ? 'page' : 'pagina'}/2"`);
    }
    expect(await read('es/blog.html')).toContain('Página 1 de 2');
  });

  it('shows a photo in a post through Markdown and one through its cover field, processed, described in each language', async () => {
    const loaf = await read('es/blog/primera-hogaza.html');
    expect(loaf).toMatch(/<picture><source type="image\/avif" srcset="\/assets\/images\/loaf-[0-9a-f]{10}-320\.avif 320w, [^"]*1200w" sizes="\(min-width: 44rem\) 42rem, 100vw"\/>.*alt="Una hogaza redonda con tres cortes en la corteza, sobre una tabla de madera" loading="lazy"/);
    const oven = await read('blog/oven-day.html');
    expect(oven).toMatch(/<img src="\/assets\/images\/oven-[0-9a-f]{10}-1200\.jpg" srcSet="[^"]+" sizes="\(min-width: 44rem\) 42rem, 100vw" width="1200" height="800" alt="A brick oven with the fire glowing inside" fetchPriority="high"\/>/);
    expect(await read('es/blog/oven-day.html')).toContain('alt="Un horno de ladrillo con el fuego encendido dentro"');
    expect(existsSync(join(out, 'images/loaf.jpg'))).toBe(false);
  });

  it('gives each tag with posts a page, named and addressed in each language, and lists them', async () => {
    expect(await read('blog/tags/bread.html')).toContain('<h1>Posts tagged Bread</h1>');
    const pan = await read('es/blog/etiquetas/pan.html');
    expect(pan).toContain('<h1>Entradas con la etiqueta «Pan»</h1>');
    expect(pan).toContain('hrefLang="en" href="https://www.example.com/blog/tags/bread"');
    const list = await read('es/blog/etiquetas.html');
    expect(list).toContain('<a href="/es/blog/etiquetas/reposteria">Repostería</a> (2)');
    expect(list).toContain('<a href="/es/blog/etiquetas/pan">Pan</a> (2)');
    expect(await read('es/blog/primera-hogaza.html')).toContain('<a href="/es/blog/etiquetas/pan">Pan</a>');
  });

  it('builds no draft and no post before its publishDate: no page, no list, no tag, no feed item, no sitemap entry', async () => {
    const all = await everything(out);
    for (const hidden of ['rye-notes', 'holiday-orders', 'Notes on rye', 'Pedidos para las fiestas', 'tags/holidays']) expect(all, hidden).not.toContain(hidden);
    expect(result.routes.some((r) => r.url.includes('holidays'))).toBe(false);
  });

  it('writes RSS, Atom and JSON feeds per locale, with absolute URLs, well-formed and valid', async () => {
    execFileSync('xmllint', ['--noout', join(out, 'feed.xml'), join(out, 'atom.xml'), join(out, 'es/feed.xml'), join(out, 'es/atom.xml')]);
    expect(await read('es/feed.xml')).toContain('<link>https://www.example.com/es/blog/horario-de-verano</link>');
    expect(await read('atom.xml')).toMatch(/<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    // Atom against RFC 4287's RELAX NG grammar (jing, from Debian; exit 1 on any error).
    execFileSync('jing', ['-c', join(ROOT, 'test/fixtures/schemas/atom.rnc'), join(out, 'atom.xml'), join(out, 'es/atom.xml')], { stdio: 'pipe' });
    // JSON Feed 1 (jsonfeed.org/version/1): what a reader needs of the top level and of each item.
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const valid = ajv.compile({
      type: 'object', required: ['version', 'title', 'items'],
      properties: {
        version: { type: 'string', pattern: '^https://jsonfeed\\.org/version/1(\\.1)?$' }, title: { type: 'string', minLength: 1 }, home_page_url: { type: 'string', format: 'uri' }, feed_url: { type: 'string', format: 'uri' },
        items: { type: 'array', items: { type: 'object', required: ['id'], anyOf: [{ required: ['content_html'] }, { required: ['content_text'] }], properties: { id: { type: 'string' }, url: { type: 'string', format: 'uri' }, title: { type: 'string' }, content_html: { type: 'string' }, date_published: { type: 'string', format: 'date-time' } } } },
      },
    });
    for (const file of ['feed.json', 'es/feed.json']) expect(valid(JSON.parse(await read(file))), JSON.stringify(valid.errors)).toBe(true);
    const json = JSON.parse(await read('es/feed.json')) as { version: string; items: { url: string; title: string }[] };
    expect(json.version).toMatch(/^https:\/\/jsonfeed\.org\/version\//);
    expect(json.items.map((i) => i.title)).toEqual(['Horario de verano', 'Un día junto al horno', 'El menú de primavera', 'Cómo mantener la masa madre', 'Nuestra primera hogaza', 'Bienvenido al blog']);
  });

  it('shows a component a post uses, in each language', async () => {
    expect(await read('blog/summer-hours.html')).toContain('<aside class="note">Hours may change on public holidays.</aside>');
    expect(await read('es/blog/horario-de-verano.html')).toContain('<aside class="note">El horario puede cambiar en los días festivos.</aside>');
  });

  it('gives a post its address in each language, with hreflang, the sitemap and the language link following it', async () => {
    const es = await read('es/blog/primera-hogaza.html');
    expect(es).toContain('<link rel="alternate" hrefLang="en" href="https://www.example.com/blog/first-loaf"/><link rel="alternate" hrefLang="es" href="https://www.example.com/es/blog/primera-hogaza"/>');
    expect(es).toContain('<a href="/blog/first-loaf" hrefLang="en" lang="en">English</a>');
    expect(await read('blog/first-loaf.html')).toContain('<a href="/es/blog/primera-hogaza" hrefLang="es" lang="es">Español</a>');
    expect(await read('es/blog.html')).toContain('<a href="/es/blog/primera-hogaza">Nuestra primera hogaza</a>');
    expect(existsSync(join(out, 'es/blog/first-loaf.html'))).toBe(false);
    expect(await read('sitemap.xml')).toContain('<url><loc>https://www.example.com/es/blog/primera-hogaza</loc>');
  });

  it('builds a post in one language only, where the collection allows it: no page, hreflang or sitemap entry in the other', async () => {
    const en = await read('blog/baking-class.html');
    expect(en).not.toContain('hrefLang="es" href=');
    expect(en).toContain('<a href="/es/" hrefLang="es" lang="es">Español</a>');
    expect(existsSync(join(out, 'es/blog/baking-class.html'))).toBe(false);
    expect(await read('sitemap.xml')).not.toMatch(/es\/blog\/baking-class/);
  });

  it('redirects an old address in every language: _redirects, a page for hosts without it, and serve', async () => {
    // In Cloudflare Pages' dialect (the default host): no "!", no 404 rules (it finds each locale's 404.html).
    expect(await read('_redirects')).toBe('/news  /blog  301\n/es/news  /es/blog  301\n');
    expect(await read('es/news.html')).toContain('<meta http-equiv="refresh" content="0; url=/es/blog">');
    const server = createDistServer(out);
    const base = await listen(server, 0, '127.0.0.1');
    try {
      const moved = await get(base, '/es/news?x=1');
      expect([moved.status, moved.headers.location]).toEqual([301, '/es/blog?x=1']);
      expect((await get(base, '/news')).headers.location).toBe('/blog');
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

describe('dated and draft posts', () => {
  it('appear from their publishDate on (build --now), with their tag', async () => {
    const later = await buildStarter('later', { now: new Date('2099-12-01T12:00:00Z') });
    expect(await readFile(join(later.out, 'es/blog/holiday-orders.html'), 'utf8')).toContain('<h1>Pedidos para las fiestas</h1>');
    expect(await readFile(join(later.out, 'blog/tags/holidays.html'), 'utf8')).toContain('Holiday orders');
    expect(await readFile(join(later.out, 'sitemap.xml'), 'utf8')).toContain('<lastmod>2099-12-01</lastmod>');
  });

  it('appear with --drafts', async () => {
    const drafts = await buildStarter('drafts', { drafts: true });
    expect(await readFile(join(drafts.out, 'blog/rye-notes.html'), 'utf8')).toContain('<h1>Notes on rye</h1>');
  });

  it('states a title or summary with markup in it as text in RSS and Atom, and links in bodies with the origin', async () => {
    const content = join(tmp, 'feed-text-content');
    await cp(join(STARTER, 'content'), content, { recursive: true });
    const file = join(content, 'en/posts/first-loaf.md');
    const hostile = 'Evil <img src=x onerror=alert(1)> & <b>bold</b>';
    await writeFile(file, `${(await readFile(file, 'utf8')).replace('title: Our first loaf', `title: ${JSON.stringify(hostile)}`).replace(/^description: .*$/m, `description: ${JSON.stringify(`${hostile} too`)}`)}\nHello <span title="]]>]]></content:encoded></item><item><title>Fake</title><link>https://evil.example/</link>">there</span>\n`);
    const built = await buildStarter('feed-text', { content });
    const { parseDocument } = await import('htmlparser2');
    for (const feed of ['feed.xml', 'atom.xml']) {
      const xml = await readFile(join(built.out, feed), 'utf8');
      execFileSync('xmllint', ['--noout', join(built.out, feed)]);
      // What a reader that trusts type="html" shows: the text decoded once, with no element in it.
      const fields = [...xml.matchAll(/<(title|summary|description)[^>]*>(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?<\/\1>/g)].map((m) => m[2]!).filter((t) => t.includes('Evil'));
      expect(fields.length, feed).toBeGreaterThanOrEqual(2);
      for (const field of fields) {
        const doc = parseDocument(field, { decodeEntities: true });
        expect(doc.children.every((n) => n.type === 'text'), `${feed}: ${field}`).toBe(true);
        expect((doc.children[0] as unknown as { data: string }).data).toContain(hostile);
      }
      // A body never closes its CDATA section: no item but the posts'.
      const outsideCdata = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
      expect(outsideCdata, feed).not.toContain('Fake');
      expect(outsideCdata, feed).not.toContain('evil.example');
      // Bodies: no root-relative address left (a reader fetches them away from the site).
      expect(xml, feed).not.toMatch(/(?:src|href|srcset)="\/(?!\/)/);
      expect(xml, feed).toContain('https://www.example.com/assets/images/loaf-');
    }
    const json = JSON.parse(await readFile(join(built.out, 'feed.json'), 'utf8')) as { items: { title: string }[] };
    expect(json.items.map((i) => i.title)).toContain(hostile);
  });

  it('a link to a draft is a broken link, named where it was written', async () => {
    const content = join(tmp, 'linking-content');
    await cp(join(STARTER, 'content'), content, { recursive: true });
    const file = join(content, 'en/posts/oven-day.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nSee [our rye notes](/blog/rye-notes).\n`);
    const error = await buildStarter('linking', { content }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(/linking-content\/en\/posts\/oven-day\.md:\d+:\d+ .*\n.*\/blog\/rye-notes/);
  });

  it('a link to a post that expires, from a page that stays: a warning naming the day, then its words alone, never a failed build', async () => {
    const content = join(tmp, 'expiring-content');
    await cp(join(STARTER, 'content'), content, { recursive: true });
    const target = join(content, 'en/posts/spring-menu.md');
    await writeFile(target, (await readFile(target, 'utf8')).replace('tags: [seasonal, news]', 'tags: [seasonal, news]\nexpiryDate: 2026-12-31'));
    const linking = join(content, 'en/posts/oven-day.md');
    const text = await readFile(linking, 'utf8');
    await writeFile(linking, `${text}\nSee [the spring menu](/blog/spring-menu).\n`);
    const line = (await readFile(linking, 'utf8')).split('\n').findIndex((l) => l.includes('the spring menu')) + 1;
    // While it is up: built, the link live, a warning at the line naming the day.
    const before = await buildStarter('expiring', { content });
    expect(before.result.warnings.map((w) => `${w.file}: ${w.message}`)).toContainEqual(expect.stringMatching(new RegExp(`expiring-content/en/posts/oven-day\\.md:${line}: links to "/blog/spring-menu", which is published until 2026-12-31 \\(its expiryDate\\), and this page stays: after that day the link is shown as its words alone`)));
    expect(await readFile(join(before.out, 'blog/oven-day.html'), 'utf8')).toContain('<a href="/blog/spring-menu">the spring menu</a>');
    // The daily rebuild after that day: built, the words without the link, a warning saying so.
    const after = await buildStarter('expired', { content, now: new Date('2027-01-02T12:00:00Z') });
    const page = await readFile(join(after.out, 'blog/oven-day.html'), 'utf8');
    expect(page).toContain('See the spring menu.');
    expect(page).not.toContain('/blog/spring-menu"');
    expect(existsSync(join(after.out, 'blog/spring-menu.html'))).toBe(false);
    expect(after.result.warnings.map((w) => `${w.file}: ${w.message}`)).toContainEqual(expect.stringMatching(/oven-day\.md:\d+: links to "\/blog\/spring-menu", taken down after 2026-12-31 \(its expiryDate\): the link is shown as its words alone/));
    // From a page that expires with it (or before), no warning.
    await writeFile(linking, `${text.replace('tags: [baking]', 'tags: [baking]\nexpiryDate: 2026-12-31')}\nSee [the spring menu](/blog/spring-menu).\n`);
    expect((await buildStarter('expiring-ok', { content })).result.warnings.filter((w) => w.message.includes('spring-menu'))).toEqual([]);
  });

  it('an image from another site, which the pages\' policy blocks, is a warning at its line', async () => {
    const content = join(tmp, 'badge-content');
    await cp(join(STARTER, 'content'), content, { recursive: true });
    const file = join(content, 'en/posts/oven-day.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\n![build status](https://img.shields.io/badge/oven-hot-orange.svg)\n`);
    const line = (await readFile(file, 'utf8')).split('\n').findIndex((l) => l.includes('img.shields.io')) + 1;
    const { result } = await buildStarter('badge', { content });
    expect(result.warnings.map((w) => `${w.file}: ${w.message}`)).toContainEqual(expect.stringMatching(new RegExp(`badge-content/en/posts/oven-day\\.md:${line}: shows an image from another site, "https://img\\.shields\\.io/badge/oven-hot-orange\\.svg", and the pages' content policy lets a browser show images from \\'self\\' data: only`)));
  });

  it('a date that is no day is refused, naming the file and key', async () => {
    const content = join(tmp, 'bad-date-content');
    await cp(join(STARTER, 'content'), content, { recursive: true });
    const file = join(content, 'es/posts/oven-day.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('tags: [baking]', 'tags: [baking]\npublishDate: 2026-02-30'));
    const error = await buildStarter('bad-date', { content }).then(() => undefined, (e: unknown) => e);
    const line = (await readFile(file, 'utf8')).split('\n').indexOf('publishDate: 2026-02-30') + 1;
    expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(new RegExp(`bad-date-content/es/posts/oven-day\\.md:${line}:\\d+ `));
    expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(/bad-date-content\/es\/posts\/oven-day\.md:\d+:\d+ {2}has a publishing setting it cannot use\n {2}publishDate: expected a day written YYYY-MM-DD \(such as 2026-12-24\), found "2026-02-30"/);
  });

  it('--now with a day means that day in the site\'s time zone; a day the calendar lacks is refused', async () => {
    const wrong = await runCli(['build', '--site', SITE, '--out', join(tmp, 'no-day', 'dist'), '--now', '2099-11-31']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--now 2099-11-31 is no day of the calendar; give a day like 2026-12-24.');
    // A site fourteen hours ahead of UTC (Kiribati): the day before a post's publishDate is still the day before there.
    const dir = join(ROOT, 'test/scratch', `time-zone-${process.pid}`);
    await cp(STARTER, dir, { recursive: true });
    try {
      await writeFile(join(dir, 'site.config.ts'), (await readFile(join(dir, 'site.config.ts'), 'utf8')).replace(/timeZone: '[^']+'/, "timeZone: 'Pacific/Kiritimati'"));
      const day = (await readFile(join(STARTER, 'content/en/posts/holiday-orders.md'), 'utf8')).match(/^publishDate: (\S+)$/m)![1]!;
      const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      for (const [now, published] of [[dayBefore, false], [day, true]] as const) {
        const out = join(dir, `dist-${now}`);
        const built = await runCli(['build', '--site', join(dir, 'site.config.ts'), '--out', out, '--now', now]);
        expect(built.code, built.stderr).toBe(0);
        expect(existsSync(join(out, 'blog/holiday-orders.html')), now).toBe(published);
        expect(await readFile(join(out, 'sitemap.xml'), 'utf8')).toContain(`<lastmod>${now}</lastmod>`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('on the command line: build --now, and dev --drafts --now', async () => {
    const bad = await runCli(['build', '--site', SITE, '--now', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--now expects a day like 2026-12-24 or a date-time with its zone');
    const built = await runCli(['build', '--site', SITE, '--out', join(tmp, 'cli', 'dist'), '--now', '2099-12-02']);
    expect(built.code, built.stderr).toBe(0);
    expect(existsSync(join(tmp, 'cli/dist/blog/holiday-orders.html'))).toBe(true);
    const dev = await startDev(join(ROOT, 'bin/site'), ['--site', SITE, '--out', join(tmp, 'dev-out'), '--port', '0', '--drafts', '--now', '2099-12-02'], { cwd: tmp });
    try {
      expect((await get(dev.base, '/es/blog/rye-notes')).body).toContain('<h1>Apuntes sobre el centeno</h1>');
      // A post scheduled for that day, previewed.
      expect((await get(dev.base, '/blog/holiday-orders')).status).toBe(200);
    } finally {
      await dev.stop();
    }
  }, 60_000);
});
