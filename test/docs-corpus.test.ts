// A documentation corpus from elsewhere, as a newcomer brings one: command names as their authors
// wrote them ("[", "c++", "mkfs.ext4", "pct-move_volume"), files with no front matter (titled by their
// first heading), most pages in one language only. It builds; every page answers at its URL on `serve`
// and on the staged nginx; links written either way ("/notes/c++", "/notes/c%2B%2B") resolve; two
// names that would be one file, and a name no host can serve, are refused naming the files.
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildFailure } from '../src/problems/problem.ts';
import { createDistServer, listen } from '../src/serve/server.ts';
import { buildInto, fixtureCopy, type SiteCopy } from './helpers/fixtures.ts';
import { onStagedNginx } from './helpers/host-checks.ts';

const NAMES = ['[', '[[', '!', 'c++', 'clang++', 'g++', 'mkfs.ext4', 'pct-move_volume', 'pct-move-volume', '7z', 'a b', '100%'];
let site: SiteCopy;
let out: string;
let urls: string[];
let warnings: string[];
let cleanup: () => Promise<void>;

beforeAll(async () => {
  site = await fixtureCopy('docs-corpus');
  // Notes in some languages only, with no date required: pages as a docs corpus has them.
  await site.edit('site.config.ts', (t) => t.replace(", ids: () => ['welcome']", ', partial: true').replace('date: z.iso.date() }', 'date: z.iso.date().optional() }'));
  await site.edit('templates/pages.tsx', (t) => t.replace(/const date = (new Intl\.DateTimeFormat[^;]*);/, 'const date = note.front.date ? $1 : "";'));
  for (const name of NAMES) {
    await writeFile(join(site.content, 'fr/notes', `${name}.md`), `# ${name}\n\nThe ${name} command. See [c++](/notes/c++), [mkfs.ext4](/notes/mkfs.ext4) and [the space](/notes/a%20b).\n`);
  }
  // A package's README, as docs arrive: a note for the team, said so (it was dropped without a word).
  await writeFile(join(site.content, 'fr/notes/README.md'), '# Notes\n\nHow these notes are kept.\n');
  // And in folders below, which the site reads no pages from: renaming one would not publish it.
  for (const folder of ['imported', 'imported/deeper']) {
    await mkdir(join(site.content, 'fr/notes', folder), { recursive: true });
    await writeFile(join(site.content, 'fr/notes', folder, 'README.md'), '# Imported\n\nFrom elsewhere.\n');
  }
  // One page in English too (the others are French only).
  await writeFile(join(site.content, 'en/notes/c++.md'), '# c++\n\nThe C++ compiler. See [brackets](/en/notes/c%2B%2B).\n');
  const built = await buildInto({ site: site.site, content: site.content, static: site.static });
  ({ out, cleanup } = built);
  urls = built.result.routes.filter((r) => !r.notFound).map((r) => r.url);
  warnings = built.result.warnings.map((w) => `${w.file}: ${w.message}`);
}, 60_000);
afterAll(async () => {
  await cleanup?.();
  await site.cleanup();
});

describe('a docs corpus with names from elsewhere', () => {
  it('builds every page, named as its author named it, titled by its first heading', async () => {
    for (const name of NAMES) {
      const html = await readFile(join(out, 'notes', `${name}.html`), 'utf8');
      expect(html, name).toContain(`<h1>${name.replace('&', '&amp;')}</h1>`);
      expect(html, name).not.toContain(`<h1>${name}</h1><p class="date"></p><div><h1>`);
    }
    expect(urls).toContain('/notes/c%2B%2B');
    expect(urls).toContain('/en/notes/c%2B%2B');
    // French only: no English or German page, and the switch goes to that language's home.
    expect(urls).not.toContain('/en/notes/mkfs.ext4');
    expect(await readFile(join(out, 'notes/mkfs.ext4.html'), 'utf8')).toMatch(/<a href="\/en\/" hrefLang="en"/);
  });

  it('says a README is a note, not a page, and how to publish it: in a section\'s folder or below it', () => {
    expect(urls.some((u) => /readme/i.test(u))).toBe(false);
    expect(warnings).toContainEqual(expect.stringMatching(/fr\/notes\/README\.md: is read as a note for the team, not a page, and not published; to publish it, rename it \(overview\.md\)$/));
    // One below a section's folder: moving it is the way, and every such README is named.
    const below = warnings.find((w) => w.includes('notes/imported/README.md:'));
    expect(below).toMatch(/and 1 more README\.md file \(\S*fr\/notes\/imported\/deeper\/README\.md\) are read as a note for the team, not a page, and not published; their folders are not one the site takes pages from: to publish one, move it into a section's folder \(notes\/\) and rename it \(overview\.md\)/);
  });

  it('links written as the name is or encoded lead to the page, and the sitemap names it encoded', async () => {
    const html = await readFile(join(out, 'notes/[.html'), 'utf8');
    expect(html).toContain('href="/notes/c++"');
    expect(await readFile(join(out, 'sitemap.xml'), 'utf8')).toContain('/notes/c%2B%2B</loc>');
  });

  it('answers every page at its URL on serve', async () => {
    const server = createDistServer(out);
    try {
      const base = await listen(server, 0, '127.0.0.1');
      for (const url of urls) expect((await fetch(base + url, { redirect: 'manual' })).status, url).toBe(200);
      expect((await fetch(`${base}/notes/c++`)).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('answers every page at its URL on the staged nginx', () =>
    onStagedNginx(out, async (base) => {
      for (const url of urls) expect((await fetch(base + url, { redirect: 'manual' })).status, url).toBe(200);
    }));

  it('refuses two names that would be one file, and a name no host can serve, naming the files', async () => {
    const refused = async () => {
      const error = await buildInto({ site: site.site, content: site.content, static: site.static }).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(BuildFailure);
      return (error as BuildFailure).problems.map((p) => p.format()).join('\n');
    };
    // One file on the disks and hosts that ignore case.
    await copyFile(join(site.content, 'fr/notes/7z.md'), join(site.content, 'fr/notes/7Z.md'));
    expect(await refused()).toMatch(/entry "7z" of notes \(.*fr\/notes\/7z\.md\) and by entry "7Z" of notes \(.*fr\/notes\/7Z\.md\)|entry "7Z" of notes .* and by entry "7z" of notes/);
    await rm(join(site.content, 'fr/notes/7Z.md'));
    // "." as a page's name: never dropped without a word.
    await writeFile(join(site.content, 'fr/notes/..md'), '# dot\n');
    expect(await refused()).toMatch(/notes\/\.\.md +has a name the site cannot use\n +"\." is a dot segment/);
  });
});

describe('the same corpus with fallback: a page missing in a language shows the default one, marked', () => {
  let copy: SiteCopy;
  let built: Awaited<ReturnType<typeof buildInto>>;
  beforeAll(async () => {
    copy = await fixtureCopy('docs-fallback');
    await copy.edit('site.config.ts', (t) => t.replace(", ids: () => ['welcome']", ', fallback: true').replace('date: z.iso.date() }', 'date: z.iso.date().optional() }'));
    // The template marks a fallback: the text in its own language, a note in the visitor's.
    await copy.edit('templates/pages.tsx', (t) =>
      t
        .replace(/const date = (new Intl\.DateTimeFormat[^;]*);/, 'const date = note.front.date ? $1 : "";')
        .replace('const { text, intl } = usePage();', 'const { text, intl, route } = usePage();')
        .replace('return <article><h1>', 'return <article lang={route.fallback}>{route.fallback ? <p lang={undefined}>not translated</p> : null}<h1>'),
    );
    for (const name of ['c++', 'mkfs.ext4']) await writeFile(join(copy.content, 'fr/notes', `${name}.md`), `# ${name}\n\nLa commande ${name}.\n`);
    await writeFile(join(copy.content, 'en/notes/c++.md'), '# c++\n\nThe C++ compiler.\n');
    built = await buildInto({ site: copy.site, content: copy.content, static: copy.static });
  }, 60_000);
  afterAll(async () => {
    await built?.cleanup();
    await copy.cleanup();
  });

  it('builds the page in every language, with the original text, its language and a canonical to the original', async () => {
    const html = await readFile(join(built.out, 'de/notes/mkfs.ext4.html'), 'utf8');
    expect(html).toContain('<article lang="fr">');
    expect(html).toContain('La commande mkfs.ext4.');
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/notes\/mkfs\.ext4"\/>/);
    // Not a translation: no hreflang names it, and the translated page is not a fallback.
    expect(html).not.toMatch(/<link rel="alternate" hrefLang="de"/);
    expect(await readFile(join(built.out, 'en/notes/c++.html'), 'utf8')).not.toContain('<article lang="fr">');
  });

  it('keeps fallbacks out of the sitemap and out of the original\'s hreflang', async () => {
    const sitemap = await readFile(join(built.out, 'sitemap.xml'), 'utf8');
    expect(sitemap).not.toContain('/de/notes/mkfs.ext4');
    expect(sitemap).toContain('/en/notes/c%2B%2B</loc>');
    const original = await readFile(join(built.out, 'notes/mkfs.ext4.html'), 'utf8');
    expect(original).not.toMatch(/<link rel="alternate" hrefLang="(de|en)"/);
    expect(built.result.routes.filter((r) => r.fallback).map((r) => r.url).sort()).toEqual(['/de/notes/c%2B%2B', '/de/notes/mkfs.ext4', '/en/notes/mkfs.ext4']);
  });
});

