// A bilingual blog as people keep one: more posts in English than in Spanish, tags only one language
// has, and a Spanish post that expires. Built as of a day before the expiry and a day after (the daily
// rebuild), it builds every time, and no link, hreflang, language switch or sitemap entry of any page
// points at a page that was not built.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { build } from '../src/pipeline/build.ts';
import { ROOT } from './helpers/fixtures.ts';

const STARTER = join(ROOT, 'starter');
let tmp: string;
let content: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-uneven-'));
  content = join(tmp, 'content');
  await cp(join(STARTER, 'content'), content, { recursive: true });
  // Four more posts in English only (the blog allows a post in one language), one with a tag of its own.
  for (let i = 1; i <= 4; i++) {
    await writeFile(join(content, `en/posts/market-day-${i}.md`), `---\ntitle: Market day ${i}\ndescription: What we baked for market day ${i}.\ndate: 2026-0${i}-15\ntags: [${i === 4 ? 'markets' : 'news'}]\n---\nMarket day ${i}.\n`);
  }
  // An English post links to the post that opens holiday orders, dated far ahead (publishDate).
  const oven = join(content, 'en/posts/oven-day.md');
  await writeFile(oven, `${await readFile(oven, 'utf8')}\nHoliday orders open soon: [see the holiday menu](/blog/holiday-orders).\n`);
  // A post announced for a day far ahead, whose Spanish translation was written without the date.
  await writeFile(join(content, 'en/posts/new-oven.md'), '---\ntitle: A new oven\ndescription: It arrives soon.\ndate: 2026-03-01\ntags: [news]\npublishDate: 2099-03-01\n---\nIt arrives soon.\n');
  await writeFile(join(content, 'es/posts/new-oven.md'), '---\ntitle: Un horno nuevo\ndescription: Llega pronto.\ndate: 2026-03-01\ntags: [baking]\n---\nLlega pronto.\n');
  // Every published Spanish post tagged news expires at the end of the year.
  for (const name of await readdir(join(content, 'es/posts'))) {
    const file = join(content, 'es/posts', name);
    const text = await readFile(file, 'utf8');
    if (/^tags: \[.*\bnews\b.*\]$/m.test(text) && !/^publishDate: 2099/m.test(text)) await writeFile(file, text.replace(/^(tags: .*)$/m, '$1\nexpiryDate: 2026-12-31'));
  }
}, 30_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Every address a built page or the sitemap names on the site itself, with where it was found. */
async function addresses(out: string): Promise<[string, string][]> {
  const found: [string, string][] = [];
  const files = (await readdir(out, { recursive: true })).map(String).filter((f) => f.endsWith('.html'));
  for (const file of files) {
    const html = await readFile(join(out, file), 'utf8');
    for (const m of html.matchAll(/<a [^>]*href="(\/[^"#?]*)[^"]*"/g)) found.push([`${file} <a>`, m[1]!]);
    for (const m of html.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="https:\/\/www\.example\.com(\/[^"]*)"/g)) found.push([`${file} hreflang`, m[1]!]);
  }
  const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
  for (const m of sitemap.matchAll(/(?:<loc>|href=")https:\/\/www\.example\.com(\/[^<"]*)/g)) found.push(['sitemap.xml', m[1]!]);
  return found;
}

/** Whether a path is served from the output, as `serve` and the hosts map it. */
function built(out: string, path: string): boolean {
  if (path.endsWith('/')) return existsSync(join(out, path, 'index.html'));
  return existsSync(join(out, `${path}.html`)) || existsSync(join(out, path));
}

describe.each([
  ['before the expiry', '2026-11-25'],
  ['after the expiry (the daily rebuild)', '2027-01-02'],
])('the bakery blog with more English than Spanish, %s', (_, day) => {
  let out: string;
  let warnings: { file: string; message: string }[];
  let summary: string;
  beforeAll(async () => {
    out = join(tmp, `dist-${day}`);
    ({ warnings, summary } = await build({ site: join(STARTER, 'site.config.ts'), contentDir: content, staticDir: join(STARTER, 'static'), outDir: out, now: new Date(`${day}T12:00:00Z`), compress: false }));
  }, 60_000);

  it('says in its summary how many entries their dates keep from this build', async () => {
    // Counted from the posts' own front matter, as of the build's day.
    let [scheduled, expired, drafts] = [0, 0, 0];
    for (const locale of ['en', 'es']) {
      for (const name of await readdir(join(content, locale, 'posts'))) {
        const text = await readFile(join(content, locale, 'posts', name), 'utf8');
        if (/^draft: true$/m.test(text)) drafts += 1;
        else if ((/^publishDate: (\S+)$/m.exec(text)?.[1] ?? '') > day) scheduled += 1;
        else if ((/^expiryDate: (\S+)$/m.exec(text)?.[1] ?? '9999') < day) expired += 1;
      }
    }
    expect(scheduled).toBeGreaterThan(0);
    const counted = [scheduled && `${scheduled} scheduled ${scheduled === 1 ? 'entry' : 'entries'}`, expired && `${expired} expired ${expired === 1 ? 'entry' : 'entries'}`, drafts && `${drafts} draft${drafts === 1 ? '' : 's'}`].filter(Boolean).join(', ');
    expect(summary).toContain(`Not published as of this build's day: ${counted} (`);
  });

  it('builds, with English pages Spanish has not', () => {
    expect(existsSync(join(out, 'blog/page/3.html'))).toBe(true);
    expect(existsSync(join(out, 'es/blog/pagina/3.html'))).toBe(false);
    expect(existsSync(join(out, 'blog/tags/markets.html'))).toBe(true);
    expect(existsSync(join(out, 'es/blog/etiquetas/markets.html'))).toBe(false);
    expect(existsSync(join(out, 'es/blog/etiquetas/noticias.html'))).toBe(day < '2027');
  });

  it('names only built pages: links, hreflang, the language switch and the sitemap', async () => {
    const named = await addresses(out);
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter(([, path]) => !built(out, path)).map(([where, path]) => `${where} → ${path}`)).toEqual([]);
  });

  it('shows a link to a post not yet published as its words, with a warning naming its day', async () => {
    const day = (await readFile(join(content, 'en/posts/holiday-orders.md'), 'utf8')).match(/^publishDate: (\S+)$/m)![1]!;
    const html = await readFile(join(out, 'blog/oven-day.html'), 'utf8');
    expect(html).toContain('see the holiday menu');
    expect(html).not.toContain('href="/blog/holiday-orders"');
    expect(warnings.map((w) => `${w.file}: ${w.message}`)).toContainEqual(expect.stringMatching(new RegExp(`en/posts/oven-day\\.md:\\d+: links to "/blog/holiday-orders", published from ${day} \\(its publishDate\\)`)));
  });

  it('says a translation is out ahead of its post\'s publishDate, at the translation', () => {
    expect(warnings.map((w) => `${w.file}: ${w.message}`)).toContainEqual(expect.stringMatching(/content\/es\/posts\/new-oven\.md: is published, while its "en" version waits for 2099-03-01 \(its publishDate\)/));
  });

  it('switches language on a page the other language lacks to that language\'s blog home or home', async () => {
    const html = await readFile(join(out, 'blog/page/3.html'), 'utf8');
    const toSpanish = /<a href="([^"]+)" hrefLang="es"/.exec(html)?.[1];
    expect(toSpanish).toMatch(/^\/es\//);
    expect(built(out, toSpanish!)).toBe(true);
  });
});

describe('a blog that shows untranslated posts in English (fallback), the day after an English post expires', () => {
  it('builds: a Spanish post\'s link to it is its words, with a warning, as in English', async () => {
    // A copy of the starter whose posts fall back to English where Spanish has none.
    const dir = join(ROOT, 'test/scratch', `fallback-${process.pid}`);
    await cp(STARTER, dir, { recursive: true });
    try {
      await writeFile(join(dir, 'site.config.ts'), (await readFile(join(dir, 'site.config.ts'), 'utf8')).replace("label: 'post', localizedSlugs: true, partial: true", "label: 'post', localizedSlugs: true, fallback: true"));
      // An English-only post that expires, linked from a Spanish post at its Spanish address (its English words).
      await writeFile(join(dir, 'content/en/posts/pop-up.md'), '---\ntitle: Pop-up bakery\ndescription: One weekend only.\ndate: 2026-06-01\ntags: [news]\nexpiryDate: 2026-12-31\n---\nOne weekend only.\n');
      // Its Spanish translation is written, to go out far ahead: until then the English shows at its Spanish address.
      await writeFile(join(dir, 'content/es/posts/pop-up.md'), '---\ntitle: Panadería de un fin de semana\ndescription: Solo un fin de semana.\ndate: 2026-06-01\ntags: [news]\npublishDate: 2099-01-01\n---\nSolo un fin de semana.\n');
      const oven = join(dir, 'content/es/posts/oven-day.md');
      await writeFile(oven, `${await readFile(oven, 'utf8')}\nVea [la panadería de un fin de semana](/es/blog/pop-up).\n`);
      const build_ = (day: string) => build({ site: join(dir, 'site.config.ts'), contentDir: join(dir, 'content'), staticDir: join(dir, 'static'), outDir: join(dir, `dist-${day}`), now: new Date(`${day}T12:00:00Z`), compress: false });
      // While it is up, the link is live (the translation's own later day does not take the address down).
      const before = await build_('2026-11-25');
      expect(await readFile(join(dir, 'dist-2026-11-25/es/blog/oven-day.html'), 'utf8')).toContain('href="/es/blog/pop-up"');
      expect(before.warnings.filter((w) => w.message.includes('/es/blog/pop-up') && w.message.includes('publishDate'))).toEqual([]);
      // A translation that waits for a later day than its original is a choice, not told.
      expect(before.warnings.filter((w) => w.message.startsWith('is published, while'))).toEqual([]);
      // Shown in English at its Spanish address: the text marked English, and a note in Spanish saying so.
      const untranslated = (parse(await readFile(join(dir, 'content/es/ui.yaml'), 'utf8')) as { untranslated: string }).untranslated;
      const note = untranslated.replace('{language}', new Intl.DisplayNames(['es'], { type: 'language' }).of('en')!);
      expect(await readFile(join(dir, 'dist-2026-11-25/es/blog/pop-up.html'), 'utf8')).toContain(`<article lang="en"><p class="note" lang="es">${note}</p><h1>Pop-up bakery</h1>`);
      expect(await readFile(join(dir, 'dist-2026-11-25/es/blog/oven-day.html'), 'utf8')).toMatch(/<article><h1>/);
      const after = await build_('2027-01-02');
      const html = await readFile(join(dir, 'dist-2027-01-02/es/blog/oven-day.html'), 'utf8');
      expect(html).toContain('la panadería de un fin de semana');
      expect(html).not.toContain('href="/es/blog/pop-up"');
      expect(after.warnings.map((w) => `${w.file}: ${w.message}`)).toContainEqual(expect.stringMatching(/es\/posts\/oven-day\.md:\d+: links to "\/es\/blog\/pop-up", taken down after 2026-12-31 \(its expiryDate\)/));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
