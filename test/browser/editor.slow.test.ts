// The staff editor at /admin/ (Sveltia CMS), in Chromium, fully offline: every request that is not to
// 127.0.0.1 is aborted and counted (zero allowed). It loads from `serve` with no console error and no
// CSP violation; with Sveltia's test repository (files kept in the browser's origin-private file
// system, seeded here with our content) staff change the opening hours and a page's title in both
// languages, save, and the saved files build into pages that show the change in both locales; an
// empty required Spanish field is refused in the editor as the build refuses it. Every module it
// loads on demand loads too.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { changed, field, openEditor, openFile, readRepo, save, sharedSignIn, showSpanishBeside } from '../helpers/editor.ts';
import { loadContent } from '../../src/content/load-content.ts';
import { loadSite } from '../../src/pipeline/load-site.ts';
import { buildInto, sandbox, SITE, type Sandbox } from '../helpers/fixtures.ts';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

let h: Harness;
const signedIn = sharedSignIn(() => h);
// After a failed test, the next signs in afresh.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await signedIn.close();
});
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await signedIn.close();
  await h.close();
});

describe('the editor at /admin/', () => {
  it('loads from serve with its own policy, no console error, no CSP violation and no request off this origin', async () => {
    const editor = await openEditor(h);
    const response = await editor.page.goto(`${h.base}/admin/`);
    // The site's own sign-in helper is set up (githubSignIn): "Sign In with GitHub", the token kept as the way in without it.
    await editor.page.getByRole('button', { name: 'Sign In Using Access Token' }).waitFor({ timeout: 30_000 });
    expect(await editor.page.getByRole('button', { name: /Sign In with .*GitHub/ }).count()).toBe(1);
    // The icon font is ours: icons are drawn, not spelt out as words.
    await editor.page.waitForFunction(() => document.fonts.check('24px "Material Symbols Outlined"'));
    await editor.page.waitForTimeout(500);
    expect(response!.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
    const robots = await editor.page.locator('meta[name="robots"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('content')));
    expect(robots.length).toBeGreaterThan(0);
    for (const content of robots) expect(content).toContain('noindex');
    // Every module the editor loads only on demand (a grammar for a code block, pasted rich text,
    // an SVG or photo upload, the map, a translation of its own interface) loads from this origin
    // under the editor's policy: the build points each at a file of its own instead of a package name.
    // (As a string: vitest would rewrite an import() written in this file.)
    const lazy = (await editor.page.evaluate(`(async () => {
      const index = await (await fetch('/admin/cms/index.js')).text();
      const specifiers = [...new Set([...index.matchAll(/import\\(\`(\\.\\/[^\`$]+)\`\\)/g)].map((m) => m[1]))];
      const failed = [];
      await Promise.all(specifiers.map((s) => import(new URL(s, new URL('/admin/cms/index.js', location.href)).href).catch((e) => failed.push(s + ': ' + e.message))));
      return { count: specifiers.length, kinds: [...new Set(specifiers.map((s) => s.split('/')[1]))].sort(), failed };
    })()`)) as { count: number; kinds: string[]; failed: string[] };
    expect(lazy.failed).toEqual([]);
    expect(lazy.kinds).toEqual(['chunks', 'locales', 'shiki', 'vendor']);
    expect(lazy.count).toBeGreaterThan(250);
    expect(editor.offOrigin).toEqual([]);
    expect(editor.problems).toEqual([]);
    await editor.close();
  });

  it('saves the opening hours and a page title in both languages, and the saved files build into both locales\' pages', async () => {
    const editor = await signedIn.editor();
    const { page } = editor;

    // The hours are data shared by both languages: Saturday now closes at 13:00.
    await openFile(h, page, 'settings', 'Site');
    const siteBefore = await readRepo(page, 'content/site.yaml');
    const saturday = (parse(siteBefore) as { hours: { days: string[] }[] }).hours.findIndex((h) => h.days.includes('Sa'));
    await (await field(page, `section[data-key-path="hours.${saturday}.closes"] input`)).fill('13:00');
    await save(page);
    const siteAfter = await changed(page, 'content/site.yaml', siteBefore);

    // A page's title, side by side in English and Spanish.
    await openFile(h, page, 'pages', 'Locations (/locations)');
    await showSpanishBeside(page, 'title');
    const enBefore = await readRepo(page, 'content/en/pages/locations.yaml');
    await page.locator('section[data-key-path="title"] input[lang="en"]').fill('Our three clinics');
    await page.locator('section[data-key-path="title"] input[lang="es"]').fill('Nuestros tres consultorios');
    await save(page);
    const enAfter = await changed(page, 'content/en/pages/locations.yaml', enBefore);
    const esAfter = await readRepo(page, 'content/es/pages/locations.yaml');
    expect(editor.offOrigin).toEqual([]);

    let site: Sandbox | undefined;
    let built: Awaited<ReturnType<typeof buildInto>> | undefined;
    try {
      site = await sandbox();
      await site.write('site.yaml', siteAfter);
      await site.write('en/pages/locations.yaml', enAfter);
      await site.write('es/pages/locations.yaml', esAfter);
      built = await buildInto({ content: site.content });
      const en = await readFile(join(built.out, 'locations.html'), 'utf8');
      const es = await readFile(join(built.out, 'es/locations.html'), 'utf8');
      expect(en).toContain('<title>Our three clinics | ');
      expect(es).toContain('<title>Nuestros tres consultorios | ');
      expect(text(en)).toContain('Saturday 9:00 AM – 1:00 PM');
      expect(text(es)).toContain('Sábado 9:00 a.m. – 1:00 p.m.');
    } finally {
      await built?.cleanup();
      await site?.cleanup();
    }
  });

  it('refuses to save a required Spanish field left empty, as the build does, and writes nothing', async () => {
    const editor = await signedIn.editor();
    const { page } = editor;
    await openFile(h, page, 'pages', 'Locations (/locations)');
    await showSpanishBeside(page, 'title');
    const before = await readRepo(page, 'content/es/pages/locations.yaml');
    const spanish = page.locator('section[data-key-path="title"] input[lang="es"]');
    await spanish.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => spanish.getAttribute('aria-invalid')).toBe('true');
    const message = await spanish.evaluate((el) => document.getElementById(el.getAttribute('aria-errormessage') ?? '')?.textContent ?? '');
    expect(message).toContain('This field is required.');
    await page.waitForTimeout(1000);
    expect(await readRepo(page, 'content/es/pages/locations.yaml')).toBe(before);
    expect(editor.offOrigin).toEqual([]);

    // The build refuses the same file with that title empty (its content loader, as build runs it).
    const site = await sandbox();
    try {
      await site.edit('es/pages/locations.yaml', (text) => text.replace(/^title: .*$/m, 'title: ""'));
      const refused = await loadContent(await loadSite(SITE), site.content).then(() => 'loaded', (error: Error) => error.message);
      expect(refused).toMatch(/es\/pages\/locations\.yaml:\d+:\d+ /);
      expect(refused).toContain('title: must not be empty');
    } finally {
      await site.cleanup();
    }
  });
});
