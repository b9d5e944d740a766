// The engine is generic: a small site of its own (test/fixtures/three-locales: three locales, its own
// templates and content, nothing of the clinic) builds through the same pipeline with correct lang,
// canonical, hreflang for every locale plus x-default (French is its default, so nothing may assume English), sitemap alternates, a language switcher that
// lists both other locales, Intl dates per locale, and a script only on the page with an island.
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { HookError } from '../src/site/hooks.ts';
import { buildInto, fixtureCopy, ROOT } from './helpers/fixtures.ts';

const FIXTURE = join(ROOT, 'test/fixtures/three-locales');
const LOCALES = ['fr', 'en', 'de'];
let out: string;
let result: BuildResult;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ out, result, cleanup } = await buildInto({ site: join(FIXTURE, 'site.config.ts'), content: join(FIXTURE, 'content'), static: join(FIXTURE, 'static') }));
});
afterAll(() => cleanup());

const read = (file: string) => readFile(join(out, file), 'utf8');

describe('a three-locale site of its own', () => {
  it('builds every page in every locale, the default at the root and the others under their prefix', () => {
    const urls = result.routes.map((r) => r.url);
    expect(urls).toEqual(['/', '/about', '/notes/welcome', '/404', '/en/', '/en/about', '/en/notes/welcome', '/en/404', '/de/', '/de/about', '/de/notes/welcome', '/de/404']);
  });

  it('gives each page its lang, canonical URL and an hreflang link per locale plus x-default', async () => {
    for (const route of result.routes.filter((r) => !r.notFound)) {
      const html = await read(route.file);
      expect(html, route.url).toContain(`<html lang="${route.locale}"`);
      expect(html, route.url).toContain(`<link rel="canonical" href="https://three.example${route.url}"/>`);
      for (const locale of LOCALES) {
        const href = locale === 'fr' ? route.path : route.path === '/' ? `/${locale}/` : `/${locale}${route.path}`;
        expect(html, route.url).toContain(`<link rel="alternate" hrefLang="${locale}" href="https://three.example${href}"/>`);
      }
      expect(html, route.url).toContain(`<link rel="alternate" hrefLang="x-default" href="https://three.example${route.path}"/>`);
    }
  });

  it('lists every page with its three alternates and x-default in the sitemap, and no 404', async () => {
    const sitemap = await read('sitemap.xml');
    expect(sitemap.match(/<url>/g)).toHaveLength(9);
    expect(sitemap).toContain('<loc>https://three.example/de/about</loc>');
    expect(sitemap).not.toContain('404');
    const entry = /<url><loc>https:\/\/three\.example\/en\/about<\/loc>.*?<\/url>/.exec(sitemap)![0];
    for (const [lang, url] of [['fr', '/about'], ['en', '/en/about'], ['de', '/de/about'], ['x-default', '/about']]) {
      expect(entry).toContain(`hreflang="${lang}" href="https://three.example${url}"`);
    }
  });

  it('offers both other locales in the language switcher, each in its own language', async () => {
    const english = await read('en/about.html');
    expect(english).toContain('<a href="/about" hrefLang="fr" lang="fr">Français</a>');
    expect(english).toContain('<a href="/de/about" hrefLang="de" lang="de">Deutsch</a>');
    expect(english).not.toContain('hrefLang="en" lang="en"');
  });

  it('formats dates with Intl for each locale', async () => {
    expect(await read('en/notes/welcome.html')).toContain('<p class="date">1 November 2025</p>');
    expect(await read('notes/welcome.html')).toContain('<p class="date">1 novembre 2025</p>');
    expect(await read('de/notes/welcome.html')).toContain('<p class="date">1. November 2025</p>');
  });

  it('ships the island script on the page that has an island and on no other', async () => {
    expect(await read('en/index.html')).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js">/);
    expect(await read('en/about.html')).not.toContain('<script type="module"');
  });

  it('has a 404 page in each locale, which the default host finds itself (no 404 rules to write)', async () => {
    expect(existsSync(join(out, '_redirects'))).toBe(false);
    expect(await read('en/404.html')).toContain('lang="en"');
    expect(await read('de/404.html')).toContain('<h1>Nicht gefunden</h1>');
  });
});

describe("the engine's default output files, which a site configures or turns off", () => {
  it('are on by default, with a neutral policy: strict CSP, a year of HSTS for this host, moderate prefetch', async () => {
    const headers = await read('_headers');
    expect(headers).toContain("  Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; upgrade-insecure-requests\n");
    expect(headers).toContain('  Strict-Transport-Security: max-age=31536000\n');
    expect(headers).toContain('  Speculation-Rules: "/speculation-rules.json"\n');
    expect(JSON.parse(await read('speculation-rules.json')).prefetch[0].eagerness).toBe('moderate');
    expect(await read('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://three.example/sitemap.xml\n');
  });

  it('follow the site definition: files turned off are not written, the policy is the site\'s', async () => {
    const copy = await fixtureCopy('output-policy');
    try {
      await copy.edit('site.config.ts', (t) => t.replace('  baseUrl: (content) => content.site.baseUrl,', `  baseUrl: (content) => content.site.baseUrl,
  output: {
    sitemap: false,
    redirects: false,
    speculationRules: false,
    headers: (content) => ({ csp: { 'img-src': ["'self'", 'https://images.example'], 'upgrade-insecure-requests': false }, hsts: false, extra: { 'X-Site': content.site.name } }),
  },`));
      const built = await buildInto({ site: copy.site, content: copy.content, static: copy.static });
      try {
        const files = await readdir(built.out);
        for (const file of ['sitemap.xml', '_redirects', 'speculation-rules.json']) expect(files).not.toContain(file);
        expect(await readFile(join(built.out, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
        const headers = await readFile(join(built.out, '_headers'), 'utf8');
        expect(headers).toContain("img-src 'self' https://images.example; font-src");
        expect(headers).not.toContain('upgrade-insecure-requests');
        expect(headers).not.toContain('Strict-Transport-Security');
        expect(headers).not.toContain('Speculation-Rules');
        expect(headers).toContain('  X-Site: Three Locales\n');
      } finally {
        await built.cleanup();
      }
      // A file of static/ with the name of one the build writes is an error, not a silent winner.
      await mkdir(copy.static, { recursive: true });
      await writeFile(join(copy.static, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
      const error = await buildInto({ site: copy.site, content: copy.content, static: copy.static }).catch((e: BuildFailure) => e);
      expect(error).toBeInstanceOf(BuildFailure);
      expect((error as BuildFailure).message).toMatch(/static\/robots\.txt {2}has the name of a file the build writes\n {2}the build writes robots\.txt itself; remove this file, or turn the generated one off in the site definition \(output\)/);
    } finally {
      await copy.cleanup();
    }
  });
});

describe('precompressed twins', () => {
  it('none for the default host (it compresses as it serves); brotli for nginx; the encodings the site names (output.precompress)', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const twins = async (dir: string) => (await readdir(dir, { recursive: true })).filter((f) => /\.(br|gz)$/.test(f)).sort();
    expect(await twins(out)).toEqual([]);
    // Two copies: a definition is imported once per process, so each variant is a file of its own.
    const copies = [await fixtureCopy('precompress-nginx'), await fixtureCopy('precompress-gzip')];
    const built = [];
    try {
      for (const [copy, policy] of [[copies[0]!, "{ host: 'nginx' }"], [copies[1]!, "{ host: 'nginx', precompress: ['gzip'] }"]] as const) {
        await copy.edit('site.config.ts', (t) => t.replace('  baseUrl: (content) => content.site.baseUrl,', `  baseUrl: (content) => content.site.baseUrl,\n  output: ${policy},`));
        built.push(await buildInto({ site: copy.site, content: copy.content, static: copy.static }));
      }
      const [nginx, gzipped] = built as [(typeof built)[0], (typeof built)[0]];
      const br = await twins(nginx.out);
      expect(br.length).toBeGreaterThan(0);
      expect(br.every((f) => f.endsWith('.br'))).toBe(true);
      for (const file of br) expect(brotliDecompressSync(await readFile(join(nginx.out, file))), file).toEqual(await readFile(join(nginx.out, file.slice(0, -3))));
      // The same files, each with a gzip twin instead, that inflates to the file itself.
      const gz = await twins(gzipped.out);
      expect(gz).toEqual(br.map((f) => f.replace(/\.br$/, '.gz')));
      for (const file of gz) expect(gunzipSync(await readFile(join(gzipped.out, file))), file).toEqual(await readFile(join(gzipped.out, file.slice(0, -3))));
    } finally {
      for (const b of built) await b.cleanup();
      for (const copy of copies) await copy.cleanup();
    }
  });
});

describe("a site's hook that throws", () => {
  const broken = async (name: string, change: (definition: string) => string) => {
    const copy = await fixtureCopy(name);
    try {
      await copy.edit('site.config.ts', change);
      return await buildInto({ site: copy.site, content: copy.content, static: copy.static }).then(
        () => undefined,
        (error: Error) => error,
      );
    } finally {
      await copy.cleanup();
    }
  };

  it('fails the build naming the hook, instead of leaving pages out (a collection\'s ids())', async () => {
    const error = await broken('ids-throws', (t) => t.replace("ids: () => ['welcome']", "ids: () => { throw new Error('the list is not ready'); }"));
    expect(error).toBeInstanceOf(HookError);
    expect(error!.message).toBe("the site definition's content.collections.notes.ids() threw: the list is not ready");
  });

  it('fails the build naming the hook and the page it was called for (meta())', async () => {
    const error = await broken('meta-throws', (t) => t.replace('  layout: Layout,', "  layout: Layout,\n  meta: (page) => { if (page.route.url === '/en/about') throw new Error('no title'); return { title: 'x', description: 'y' }; },"));
    expect(error).toBeInstanceOf(HookError);
    expect(error!.message).toBe("page /en/about (en): the site definition's meta() threw: no title");
  });

  it('fails the build naming the page when meta() gives it no title (a field the page lacks), never publishing "undefined"', async () => {
    const error = await broken('meta-untitled', (t) => t.replace('  layout: Layout,', "  layout: Layout,\n  meta: (page) => ({ title: page.route.page === 'about' ? undefined as unknown as string : 'x', description: 'y' }),"));
    expect(error).toBeInstanceOf(HookError);
    expect(error!.message).toMatch(/^page \/(\w+\/)?about \(\w+\): the site definition's meta\(\) threw: gave the page no title \(undefined\): give it one, from its content or a fallback$/);
  });
});

describe('a page with no description', () => {
  it('has no description tag, never an empty one (a meta() giving none for optional front matter)', async () => {
    const copy = await fixtureCopy('no-description');
    try {
      await copy.edit('site.config.ts', (t) => t.replace('  layout: Layout,', "  layout: Layout,\n  meta: (page) => ({ title: 'x', description: page.route.page === 'about' ? undefined as unknown as string : 'y' }),"));
      const built = await buildInto({ site: copy.site, content: copy.content, static: copy.static });
      try {
        const about = built.result.routes.find((r) => r.page === 'about')!;
        expect(await readFile(join(built.out, about.file), 'utf8')).not.toContain('name="description"');
        expect(await readFile(join(built.out, built.result.routes[0]!.file), 'utf8')).toContain('<meta name="description" content="y"/>');
      } finally {
        await built.cleanup();
      }
    } finally {
      await copy.cleanup();
    }
  });
});

describe('a locale added by content and one line of the definition', () => {
  it('builds, with a warning when this Node cannot format its dates and numbers', async () => {
    const copy = await fixtureCopy('fourth-locale');
    try {
      await copy.edit('site.config.ts', (t) => t.replace("de: { intl: 'de-DE' } },", "de: { intl: 'de-DE' }, ht: { intl: 'ht-HT' } },"));
      await cp(join(copy.content, 'en'), join(copy.content, 'ht'), { recursive: true });
      const built = await buildInto({ site: copy.site, content: copy.content, static: copy.static });
      try {
        expect(built.result.routes.filter((r) => r.locale === 'ht').map((r) => r.url)).toEqual(['/ht/', '/ht/about', '/ht/notes/welcome', '/ht/404']);
        expect(await readFile(join(built.out, 'ht/about.html'), 'utf8')).toContain('<html lang="ht"');
        expect(built.result.warnings).toContainEqual({
          file: expect.stringMatching(/site\.config\.ts$/),
          message: 'locale "ht" (Intl tag "ht-HT"): this Node has no ICU data for it, so its dates and times, numbers, plurals, lists are written as en-US writes them; pick a tag Node knows, or write those in content',
        });
        expect(built.result.warnings.filter((w) => w.message.includes('"de"'))).toEqual([]);
      } finally {
        await built.cleanup();
      }
    } finally {
      await copy.cleanup();
    }
  });
});

describe('a site without islands', () => {
  it('builds (no islands key, no island in its templates), and its pages ship no script', async () => {
    const copy = await fixtureCopy('no-islands');
    try {
      await copy.edit('site.config.ts', (t) => t.replace(/\n {2}islands: \{ registry[^\n]*/, '').replace("import { islands } from './templates/islands/index.ts';\n", ''));
      await copy.edit('templates/pages.tsx', (t) => t.replace(/<GreetingIsland [^>]*\/>/, ''));
      const built = await buildInto({ site: copy.site, content: copy.content, static: copy.static });
      try {
        const home = await readFile(join(built.out, 'index.html'), 'utf8');
        expect(home).toContain('<h1>');
        expect(home).not.toContain('<script type="module"');
      } finally {
        await built.cleanup();
      }
    } finally {
      await copy.cleanup();
    }
  });
});
