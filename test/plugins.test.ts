// The plugin interface: a plugin kept outside the engine (test/fixtures/plugin-site/plugins/letters.tsx),
// listed by a site definition as a user's would be, adds pages with their data, a Markdown syntax, a
// change to every page's HTML and an output file, in `build` and in `dev`. The engine's own features
// are plugins on the same interface, listed here; a plugin that throws is named with its hook.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.ts';
import { loadSite } from '../src/pipeline/load-site.ts';
import { callPlugin, pluginsOf } from '../src/plugins/run.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { HookError } from '../src/site/hooks.ts';
import { headersFor, parseHeadersFile } from '../src/security/headers-file.ts';
import { buildInto, FIXTURE, ROOT, SITE } from './helpers/fixtures.ts';
import { startDev, type DevServer } from './helpers/dev.ts';
import { get } from './helpers/http.ts';

const PLUGIN_SITE = join(ROOT, 'test/fixtures/plugin-site/site.config.ts');
let tmp: string;
let content: string;
let out: string;
let result: BuildResult;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-plugins-'));
  content = join(tmp, 'content');
  await cp(join(FIXTURE, 'content'), content, { recursive: true });
  for (const locale of ['fr', 'en', 'de']) {
    const note = join(content, locale, 'notes/welcome.md');
    await writeFile(note, `${await readFile(note, 'utf8')}\nSaid !!loud!! and clear.\n\n::callout{tone="info" text="Open on <Sunday> & holidays"}\n\nAfter it.\n`);
  }
  ({ out, result, cleanup } = await buildInto({ site: PLUGIN_SITE, content, static: join(tmp, 'static') }));
});
afterAll(async () => {
  await cleanup();
  await rm(tmp, { recursive: true, force: true });
});

const read = (file: string) => readFile(join(out, file), 'utf8');

describe('a plugin of the site', () => {
  it('adds pages in every locale, each rendered with the data its routes hook gave', async () => {
    const letters = result.routes.filter((r) => r.page === 'letter').map((r) => r.url);
    expect(letters).toEqual(['/letters/a', '/letters/b', '/letters/c', '/en/letters/a', '/en/letters/b', '/en/letters/c', '/de/letters/a', '/de/letters/b', '/de/letters/c']);
    expect(await read('en/letters/b.html')).toContain('<h1 class="letter">B</h1><p>2 / 3 (en)</p>');
    expect(await read('letters/c.html')).toContain('<html data-lettered="letter" lang="fr"');
    expect(await read('sitemap.xml')).toContain('<loc>https://three.example/de/letters/a</loc>');
  });

  it('adds a Markdown syntax, applied after the HTML policy read what content wrote', async () => {
    expect(await read('en/notes/welcome.html')).toContain('Said <strong class="loud">loud</strong> and clear.');
  });

  it('changes every page\'s HTML once rendered', async () => {
    for (const route of result.routes) expect(await read(route.file), route.url).toMatch(new RegExp(`^<!DOCTYPE html><html data-lettered="${route.page}" `));
  });

  it('adds an output file', async () => {
    expect(JSON.parse(await read('letters.json'))).toEqual(result.routes.filter((r) => r.page === 'letter').map((r) => r.url));
  });

  it('does all of it in dev too', async () => {
    let dev: DevServer | undefined;
    try {
      dev = await startDev(join(ROOT, 'bin/site'), ['--site', PLUGIN_SITE, '--content', content, '--out', join(tmp, 'dev-out'), '--port', '0'], { cwd: tmp });
      expect((await get(dev.base, '/de/letters/c')).body).toContain('<h1 class="letter">C</h1><p>3 / 3 (de)</p>');
      expect((await get(dev.base, '/notes/welcome')).body).toContain('<strong class="loud">loud</strong>');
      expect((await get(dev.base, '/en/about')).body).toContain('<html data-lettered="about" ');
      expect(JSON.parse((await get(dev.base, '/letters.json')).body)).toHaveLength(9);
    } finally {
      await dev?.stop();
    }
  }, 60_000);
});

describe('a plugin on the hooks the engine\'s own plugins use (test/fixtures/plugin-site/plugins/lab.ts)', () => {
  // With a second plugin's area beside the lab's: each folder gets its own policy.
  const labSite = (name: string, maxBrotli: number, kioskDir = 'kiosk') => scratchSite(name, [
    "import base from '../../fixtures/plugin-site/site.config.ts';",
    "import { lab } from '../../fixtures/plugin-site/plugins/lab.ts';",
    `const kiosk = { name: 'kiosk', area: () => ({ dir: ${JSON.stringify(kioskDir)}, csp: { 'default-src': ["'self'"], 'frame-src': ['https://kiosk.example'] } }) };`,
    `export default { ...base, plugins: [...base.plugins, lab({ maxBrotli: ${maxBrotli} }), kiosk] };`,
  ]);

  it('runs before the content loads, publishes files of static/ its own way, serves a folder with its own CSP and weighs every page', async () => {
    const { dir, site: siteFile } = await labSite('lab-plugin', 100_000);
    const { dir: heavyDir, site: heavySite } = await labSite('lab-heavy', 10);
    const statics = join(tmp, 'lab-static');
    await mkdir(join(statics, 'lab'), { recursive: true });
    await writeFile(join(statics, 'lab/notes.txt'), 'quiet words\n');
    await writeFile(join(statics, 'plain.txt'), 'left as it is\n');
    try {
      const built = await buildInto({ site: siteFile, content, static: statics });
      try {
        // Claimed: published as the plugin made it; the file beside it is copied as it is.
        expect(await readFile(join(built.out, 'lab/notes.txt'), 'utf8')).toBe('QUIET WORDS\n');
        expect(await readFile(join(built.out, 'plain.txt'), 'utf8')).toBe('left as it is\n');
        // Its folder has its own policy, and the rest of the site keeps the site's.
        const headers = await readFile(join(built.out, '_headers'), 'utf8');
        expect(headers).toMatch(/^\/lab\/\*\n(  .*\n)*  Content-Security-Policy: default-src 'none'; img-src 'self'\n/m);
        // As a host reads _headers (every matching rule joined): each area's folder has its policy and only that.
        const policy = (path: string) => headersFor(parseHeadersFile(headers), path)['Content-Security-Policy'];
        expect(policy('/lab/notes.txt')).toBe("default-src 'none'; img-src 'self'");
        expect(policy('/kiosk/screen.html')).toBe("default-src 'self'; frame-src https://kiosk.example");
        expect(policy('/de/notes/welcome')).toMatch(/^default-src 'self'/);
        expect(policy('/de/notes/welcome')).not.toContain('kiosk.example');
        expect(headers).toMatch(/^\/\n(  .*\n)*  Content-Security-Policy: default-src 'self'/m);
      } finally {
        await built.cleanup();
      }
      // Every page was weighed (brotli bytes), so its check finds every page over a limit of 10 bytes.
      const error = await buildInto({ site: heavySite, content, static: statics }).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(BuildFailure);
      const told = (error as BuildFailure).problems.map((p) => p.format()).join('\n');
      expect(told).toMatch(/the lab +finds pages too heavy/);
      expect(told).toMatch(/\/de\/notes\/welcome: \d+\n/);
    } finally {
      for (const scratch of [dir, heavyDir]) await rm(scratch, { recursive: true, force: true });
    }
  });

  it('gives an area only a folder of its own: not a locale\'s, the assets\', static/\'s, another area\'s, nor a name that is no folder', async () => {
    const statics = join(tmp, 'area-static');
    await mkdir(join(statics, 'photos'), { recursive: true });
    await writeFile(join(statics, 'photos/a.txt'), 'a\n');
    for (const [dir, why] of [['de', 'the folder of the site\'s "de" pages'], ['assets', "the folder of the site's scripts"], ['photos', 'the folder of static/photos'], ['lab', 'the folder of plugin "lab"'], ['../up', 'is not a folder name'], ['*', 'is not a folder name']] as const) {
      const { dir: scratch, site: siteFile } = await labSite(`area-${dir.replace(/\W/g, '')}`, 100_000, dir);
      try {
        const error = await buildInto({ site: siteFile, content, static: statics }).then(() => undefined, (e: unknown) => e);
        expect(error, dir).toBeInstanceOf(BuildFailure);
        const told = (error as BuildFailure).problems.map((p) => p.format()).join('\n');
        expect(told, dir).toMatch(/plugin "kiosk" +has an area the site cannot give it/);
        expect(told, dir).toContain(`"${dir}" ${why.startsWith('is ') ? why : `is ${why}`}`);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    }
  });
});

describe('the files a contentLoaded hook is given', () => {
  it('are every content file as the build read it, by its path: its data, and a Markdown body with its first line', async () => {
    // The plugin site with one more plugin, which keeps what its hook was given.
    await scratchBuild('files-hook', [
      "import base from '../../fixtures/plugin-site/site.config.ts';",
      'export default { ...base, plugins: [...(base.plugins ?? []), { name: \'recorder\', contentLoaded(_content: unknown, context: { files: ReadonlyMap<string, { file: string; data: unknown; body?: string; bodyLine?: number }> }) {',
      '  (globalThis as Record<string, unknown>).filesSeen = new Map(context.files);',
      '} }] };',
    ], content, async () => {
      const seen = (globalThis as Record<string, unknown>).filesSeen as Map<string, { file: string; data: unknown; body?: string; bodyLine?: number }>;
      expect([...seen.keys()]).toEqual(expect.arrayContaining(['site.yaml', 'fr/notes/welcome.md', 'en/notes/welcome.md', 'de/notes/welcome.md']));
      const note = seen.get('en/notes/welcome.md')!;
      expect(note.file).toMatch(/content\/en\/notes\/welcome\.md$/);
      expect(note.body).toContain('Said !!loud!! and clear.');
      const text = await readFile(join(content, 'en/notes/welcome.md'), 'utf8');
      expect(text.split('\n')[note.bodyLine! - 1]).toBe(note.body!.split('\n')[0]);
      expect(note.data).toMatchObject({ title: expect.any(String) });
    }).finally(() => delete (globalThis as Record<string, unknown>).filesSeen);
  });
});

describe("a plugin's page and its title", () => {
  it("takes its own title from its route's meta, and one that takes another page's title is a warning", async () => {
    await scratchBuild('plugin-titles', [
      "import base from '../../fixtures/plugin-site/site.config.ts';",
      '// A meta() that knows the registry pages and falls back to the home page for any other.',
      'const meta = ({ route, text }: { route: { page: string }; text: { pages: Record<string, { title: string; description: string }> } }) => text.pages[route.page] ?? text.pages.home!;',
      "const own = { name: 'own-title', config: () => ({ pages: [{ id: 'colophon', path: '/colophon', template: () => null, generated: true }] }),",
      "  routes: (_c: unknown, context: { locales: string[] }) => context.locales.map((locale) => ({ page: 'colophon', locale, path: '/colophon', meta: { title: `Colophon ${locale}`, description: 'How this site is made.' } })) };",
      'export default { ...base, meta, plugins: [...(base.plugins ?? []), own] };',
    ], content, async (built) => {
      expect(await readFile(join(built.out, 'en/colophon.html'), 'utf8')).toMatch(/<title>Colophon en[^<]*<\/title>/);
      const told = built.result.warnings.filter((w) => w.file === 'page "letter"').map((w) => w.message);
      expect(told.length).toBeGreaterThan(0);
      expect(told[0]).toMatch(/^\/(\w+\/)?letters\/[abc] has the title of \/(\w+\/)? \(page "home"\)/);
      expect(built.result.warnings.filter((w) => w.file === 'page "colophon"')).toEqual([]);
    });
  });
});

describe('components in Markdown', () => {
  it('know their file\'s language through usePage(), and one that reads what it cannot have is named at its line', async () => {
    const { dir, site: siteFile } = await scratchSite('component-page', [
      "import { createElement } from 'react';",
      "import * as z from 'zod';",
      "import { usePage } from 'sitewright';",
      "import base from '../../fixtures/plugin-site/site.config.ts';",
      '// Says the date in the language of the file it is written in.',
      "function Today() { const { intl, locale } = usePage(); return createElement('time', { lang: locale }, new Intl.DateTimeFormat(intl, { month: 'long', timeZone: 'UTC' }).format(new Date('2026-03-01T00:00:00Z'))); }",
      "function Nav() { const { navigation } = usePage(); return createElement('p', null, String(navigation.length)); }",
      'export default { ...base, markdownComponents: { ...base.markdownComponents, today: { component: Today, props: z.object({}).strict() }, nav: { component: Nav, props: z.object({}).strict() } } };',
    ]);
    const withToday = join(tmp, 'today-content');
    await cp(content, withToday, { recursive: true });
    for (const locale of ['fr', 'en', 'de']) await writeFile(join(withToday, locale, 'notes/welcome.md'), `${await readFile(join(withToday, locale, 'notes/welcome.md'), 'utf8')}\n::today\n`);
    const built = await buildInto({ site: siteFile, content: withToday, static: join(tmp, 'static') });
    try {
      expect(await readFile(join(built.out, 'de/notes/welcome.html'), 'utf8')).toContain('<time lang="de">März</time>');
      expect(await readFile(join(built.out, 'notes/welcome.html'), 'utf8')).toContain('<time lang="fr">mars</time>');
    } finally {
      await built.cleanup();
    }
    // A page that shows another language's entry (fallback) shows its components in that language, as the text around them.
    const untranslated = join(tmp, 'untranslated-content');
    await cp(withToday, untranslated, { recursive: true });
    await rm(join(untranslated, 'de/notes/welcome.md'));
    await scratchBuild('component-fallback', [
      "import today from '../component-page/site.config.ts';",
      'export default { ...today, content: { ...today.content, collections: { notes: { ...today.content.collections.notes, fallback: true } } } };',
    ], untranslated, async (fallback) => {
      expect(await readFile(join(fallback.out, 'de/notes/welcome.html'), 'utf8')).toContain('<time lang="fr">mars</time>');
    });
    const note = join(withToday, 'en/notes/welcome.md');
    await writeFile(note, `${await readFile(note, 'utf8')}\n::nav\n`);
    const line = (await readFile(note, 'utf8')).split('\n').indexOf('::nav') + 1;
    const error = await buildInto({ site: siteFile, content: withToday, static: join(tmp, 'static') }).then(() => undefined, (e: unknown) => e);
    expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toMatch(new RegExp(`today-content/en/notes/welcome\\.md:${line}:1 +has a component it cannot show\\n +component "nav" threw: usePage\\(\\)\\.navigation is not known to a component in Markdown`));
    await rm(dir, { recursive: true, force: true });
  });

  it('render the registered component with its checked props, React escaping each', async () => {
    expect(await read('de/notes/welcome.html')).toContain('<aside class="callout callout-info"><strong>i</strong> Open on &lt;Sunday&gt; &amp; holidays</aside>\n<p>After it.</p>');
  });

  it('name the file and line of an unknown component or a wrong prop', async () => {
    const broken = join(tmp, 'broken-content');
    await cp(content, broken, { recursive: true });
    const note = join(broken, 'en/notes/welcome.md');
    const text = await readFile(note, 'utf8');
    await writeFile(note, text.replace('::callout{tone="info"', '::callout{tone="loud"').concat('\n::calout{text="x"}\n\n::callout{tone="info" text="x" onclick="y"}\n'));
    const error = await buildInto({ site: PLUGIN_SITE, content: broken, static: join(tmp, 'static') }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    const told = (error as BuildFailure).problems.map((p) => p.format());
    const line = (needle: string) => text.concat('\n::calout{text="x"}\n\n::callout{tone="info" text="x" onclick="y"}\n').split('\n').findIndex((l) => l.startsWith(needle)) + 1;
    expect(told).toEqual([
      `broken-content/en/notes/welcome.md:${line('::callout{tone="info" text="Open')}:1  has a component it cannot show\n  ::callout tone: Invalid option: expected one of "info"|"warning"`,
      `broken-content/en/notes/welcome.md:${line('::calout')}:1  has a component it cannot show\n  ::calout is not a component this site has (did you mean "callout"?); components are ::callout`,
      `broken-content/en/notes/welcome.md:${line('::callout{tone="info" text="x"')}:1  has a component it cannot show\n  ::callout props: Unrecognized key: "onclick"`,
    ].map((t) => expect.stringMatching(new RegExp(`${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))));
  });
});

describe("the engine's own features", () => {
  it('are plugins, in the order they run, the site\'s own among them', async () => {
    expect(pluginsOf(await loadSite(SITE)).map((p) => p.name)).toEqual(['client-bundle', 'today', 'services', 'facts', 'clinic-hours', 'images', 'editor', 'locale-files', 'placeholders', 'budgets', 'sitemap', 'robots', 'redirects', 'speculation-rules', 'headers']);
    expect(pluginsOf(await loadSite(PLUGIN_SITE)).map((p) => p.name)).toEqual(['client-bundle', 'letters', 'locale-files', 'placeholders', 'sitemap', 'robots', 'redirects', 'speculation-rules', 'headers']);
    expect(existsSync(join(out, 'admin'))).toBe(false); // the editor is a site's choice
  });

  it('name a plugin that throws with its hook', () => {
    const error = (() => {
      try {
        return callPlugin({ name: 'feeds' }, 'files', 'locale es', () => {
          throw new Error('no posts');
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(HookError);
    expect((error as Error).message).toBe('locale es: plugin "feeds": files() threw: no posts');
  });

  it("turn a plugin's warnings into errors with --strict, named as that plugin's (not as placeholders)", async () => {
    const { dir, site } = await scratchSite('strict-warning', [
      "import base from '../../fixtures/plugin-site/site.config.ts';",
      "const todo = { name: 'todo-check', warnings: () => [{ file: 'content/en/notes/welcome.md', message: 'still says TODO' }] };",
      'export default { ...base, plugins: [...(base.plugins ?? []), todo] };',
    ]);
    try {
      const built = await buildInto({ site, content, static: join(tmp, 'static') });
      await built.cleanup();
      expect(built.result.warnings).toContainEqual({ file: 'content/en/notes/welcome.md', message: 'still says TODO' });
      const error = await buildInto({ site, content, static: join(tmp, 'static'), strict: true }).then(() => undefined, (e: unknown) => e);
      const told = (error as BuildFailure).problems.map((p) => p.format()).join('\n');
      expect(told).toContain('content/en/notes/welcome.md  has a warning of plugin "todo-check" (--strict)\n  still says TODO');
      expect(told).not.toContain('placeholder');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('name a plugin whose async hook rejects with its hook, as one that throws', async () => {
    const { dir, site } = await scratchSite('async-reject', [
      "import base from '../../fixtures/plugin-site/site.config.ts';",
      "const uploader = { name: 'uploader', async prepare() { await Promise.resolve(); throw new Error('no network'); } };",
      'export default { ...base, plugins: [...(base.plugins ?? []), uploader] };',
    ]);
    try {
      await expect(buildInto({ site, content, static: join(tmp, 'static') })).rejects.toThrow(/^plugin "uploader": prepare\(\) threw: no network$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** A site definition of a few lines in test/scratch/<name>/ (where 'sitewright' and the fixtures resolve), made afresh. */
/** Builds `content` with a scratch site definition of `lines`, hands the build to `check`, then removes the output and the definition. */
async function scratchBuild(name: string, lines: string[], content: string, check: (built: Awaited<ReturnType<typeof buildInto>>) => Promise<void>): Promise<void> {
  const { dir, site } = await scratchSite(name, lines);
  try {
    const built = await buildInto({ site, content, static: join(tmp, 'static') });
    try {
      await check(built);
    } finally {
      await built.cleanup();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function scratchSite(name: string, lines: string[]): Promise<{ dir: string; site: string }> {
  const dir = join(ROOT, 'test/scratch', name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const site = join(dir, 'site.config.ts');
  await writeFile(site, lines.join('\n'));
  return { dir, site };
}
