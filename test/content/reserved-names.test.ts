// An entry's name becomes an address: a name that a host or the site already gives a meaning ("index",
// "404", a locale's folder, a folder of static/, a plugin's own folder) would replace or shadow another
// page, so the build refuses it, naming the entry's file; so are two pages writing one file.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildFailure } from '../../src/problems/problem.ts';
import { buildInto, fixtureCopy, type SiteCopy } from '../helpers/fixtures.ts';

let site: SiteCopy;
let messages: string[] = [];
const NAMES = ['index', '404', 'de', 'media', 'tools', 'assets', 'about'];

beforeAll(async () => {
  site = await fixtureCopy('reserved-names');
  // Notes at the top level of the site (/<name>), any name, and a plugin with a folder of its own.
  await site.edit('site.config.ts', (text) =>
    text
      .replace("path: '/notes/[slug]'", "path: '/[slug]'")
      .replace(", ids: () => ['welcome']", '')
      .replace('  layout: Layout,', "  plugins: [{ name: 'tools', area: () => ({ dir: 'tools', csp: {} }) }],\n  layout: Layout,"),
  );
  await mkdir(join(site.static, 'media'), { recursive: true });
  await writeFile(join(site.static, 'media/a.txt'), 'a');
  // Each name added as an author would: a copy of an existing entry, in every language.
  for (const locale of ['en', 'fr', 'de']) for (const name of NAMES) await copyFile(join(site.content, locale, 'notes/welcome.md'), join(site.content, locale, `notes/${name}.md`));
  try {
    await buildInto({ site: site.site, content: site.content, static: site.static });
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error;
    messages = error.problems.map((p) => p.format());
  }
}, 60_000);
afterAll(() => site.cleanup());

describe('names an entry cannot have', () => {
  it.each([
    ['index', /"index" is the name of a folder's own page/],
    ['404', /"404" is the name of the page a host shows for an address it does not know/],
    ['de', /"de" at the start of an address is the folder of the site's "de" pages/],
    ['media', /"media" at the start of an address is the folder of static\/media/],
    ['tools', /"tools" at the start of an address is the folder of plugin "tools"/],
    ['assets', /"assets" at the start of an address is the folder of the site's scripts, styles and photos/],
  ])('%s is refused, naming the file and why', (name, why) => {
    const found = messages.filter((m) => m.includes(`/notes/${name}.md`));
    expect(found.length, messages.join('\n')).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(why);
  });

  it('an entry at the address of a page is refused, naming both', () => {
    const twice = messages.filter((m) => m.includes('/notes/about.md') && m.includes('page "about"'));
    expect(twice.join('\n'), messages.join('\n')).toMatch(/both at \/about/);
  });

  it('the entry with an ordinary name is not blamed', () => {
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((m) => m.includes('welcome.md'))).toEqual([]);
  });
});

describe('a section beside a folder of static/ of its name', () => {
  it('is told once, with how many pages and which folder, not once a page', async () => {
    const section = await fixtureCopy('static-section');
    try {
      await section.edit('site.config.ts', (text) => text.replace(", ids: () => ['welcome']", ''));
      await mkdir(join(section.static, 'notes/img'), { recursive: true });
      await writeFile(join(section.static, 'notes/img/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      for (const locale of ['en', 'fr', 'de']) await copyFile(join(section.content, locale, 'notes/welcome.md'), join(section.content, locale, 'notes/second.md'));
      const failure = await buildInto({ site: section.site, content: section.content, static: section.static }).then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(BuildFailure);
      const all = (failure as BuildFailure).problems.map((p) => p.format());
      const told = all.filter((m) => m.includes('static/notes'));
      expect(told, all.join('\n')).toHaveLength(1);
      expect(told[0]).toMatch(/^\d+ pages {2}have addresses the site cannot use\n {2}"notes" at the start of an address is the folder of static\/notes, and \d+ pages start there \(\/\S+, \/\S+, \/\S+ and \d+ more\): rename that folder, or the pages' section$/);
    } finally {
      await section.cleanup();
    }
  }, 60_000);
});
