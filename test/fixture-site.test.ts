// The engine is generic: a small site of its own (test/fixtures/three-locales: three locales, its own
// templates and content, nothing of the clinic) builds through the same pipeline with correct lang,
// canonical, hreflang for every locale plus x-default (French is its default, so nothing may assume English), sitemap alternates, a language switcher that
// lists both other locales, Intl dates per locale, and a script only on the page with an island.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/build/build.ts';
import { buildInto, ROOT } from './helpers/fixtures.ts';

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

  it('sends each locale\'s unknown paths to its own 404 page', async () => {
    expect(await read('_redirects')).toBe('/en/*  /en/404.html  404\n/de/*  /de/404.html  404\n/*  /404.html  404\n');
    expect(await read('de/404.html')).toContain('<h1>Nicht gefunden</h1>');
  });
});
