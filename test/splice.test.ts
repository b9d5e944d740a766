// The splice (<Shared>) is an optimisation, never a change: every page of the clinic site and of the
// three-locale fixture, rendered in one pass with the shared parts kept and spliced in, is byte for
// byte the page rendered whole, with the same islands in the same order, and the same links and ids
// for the link check, which reads each kept part once.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idsOf, linksOf, referencesOf } from '../src/checks/links.ts';
import { loadSite } from '../src/pipeline/load-site.ts';
import { renderPage, type RenderOptions } from '../src/render/render-page.ts';
import type { SharedParts } from '../src/render/shared.ts';
import { planRoutes } from '../src/routes/routes.ts';
import type { EngineContent } from '../src/site/page-data.ts';
import type { SiteDefinition } from '../src/site/definition.ts';
import { contentAsBuilt } from './helpers/content.ts';
import { CONTENT, FIXTURE, SITE } from './helpers/fixtures.ts';

const assets = { css: '/assets/site.css', js: '/assets/main.js' };

async function bothWays(siteFile: string, contentDir: string) {
  const site = await loadSite(siteFile);
  const content = await contentAsBuilt(site as SiteDefinition<EngineContent>, contentDir, siteFile);
  const options: RenderOptions = { site, content, assets, baseUrl: 'https://example.org', year: 2026 };
  const shared: SharedParts = new Map();
  const routes = planRoutes(site, content);
  return {
    routes,
    shared,
    pages: routes.map((route) => ({ route, whole: renderPage(route, options), spliced: renderPage(route, { ...options, shared }) })),
  };
}

describe.each([
  ['the clinic site', SITE, CONTENT, ['footer-and-widgets', 'service-closing'], ['header-nav', 'header-actions', 'service-pricing']],
  ['the three-locale fixture', join(FIXTURE, 'site.config.ts'), join(FIXTURE, 'content'), ['footer'], []],
])('%s, every page rendered whole and spliced', (_, siteFile, contentDir, parts, varying) => {
  it('is the same HTML, byte for byte, with the same islands', async () => {
    const { pages, shared, routes } = await bothWays(siteFile, contentDir);
    for (const { route, whole, spliced } of pages) {
      expect(spliced.html, `${route.locale} ${route.url}`).toBe(whole.html);
      expect(spliced.islands, `${route.locale} ${route.url}`).toEqual(whole.islands);
    }
    // The link check reads a kept part once: what it finds is what it would find in the whole page.
    for (const { route, whole, spliced } of pages) {
      expect(spliced.parts.some((p) => p.kept), `${route.url}: a kept part`).toBe(true);
      expect(linksOf(spliced.parts), `${route.locale} ${route.url}`).toEqual({ refs: referencesOf(whole.html), ids: [...idsOf(whole.html)] });
    }
    // The part that varies with nothing is kept once per locale (one that varies, once per value), and no marker is left on any page.
    expect([...shared.keys()].filter((key) => key.split('\0').length === 2).sort()).toEqual([...new Set(routes.map((r) => r.locale))].flatMap((l) => parts.map((part) => `${l}\0${part}`)).sort());
    expect(pages.some(({ spliced }) => spliced.html.includes('site-shared'))).toBe(false);
    // A part that varies (the header, by its current link) is kept once per value, fewer than the pages of a locale.
    for (const id of varying) {
      const kept = [...shared.keys()].filter((key) => key.startsWith(`en\0${id}\0`)).length;
      expect(kept, id).toBeGreaterThan(1);
      expect(kept, id).toBeLessThan(routes.filter((r) => r.locale === 'en').length);
    }
  });
});
