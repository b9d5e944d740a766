// The office manager's tasks done in the editor itself (Sveltia CMS with its in-browser test
// repository, offline), then built as the site is: the Miami closure posted and seen on the pages of
// both languages on its days, a new service added (a page, a menu entry, both languages) without a
// developer. SHOTS=dir keeps a screenshot of each step (for the closing note and docs/editing.md).
// (Esc and the draft backup are not tested here: Sveltia keeps draft backups in the database of a
// real repository, which its test repository does not have; docs/editing.md tells her both.)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/pipeline/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { changed, field, openFile, readRepo, save, sharedSignIn, showSpanishBeside } from '../helpers/editor.ts';
import { sandbox, SITE, STATIC, type Sandbox } from '../helpers/fixtures.ts';

let h: Harness;
let site: Sandbox;
const signedIn = sharedSignIn(() => h);
// After a failed test, the next signs in afresh.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await signedIn.close();
});
beforeAll(async () => {
  h = await startHarness();
  site = await sandbox();
});
afterAll(async () => {
  await signedIn.close();
  await h.close();
  await site.cleanup();
});

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: join(process.env.SHOTS, `${name}.png`) });
};

/** Builds the sandbox's content as of a day; returns a reader of the output's pages. */
async function buildOn(day: string, name: string) {
  const out = join(site.dir, name);
  await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date(`${day}T15:00:00Z`), compress: false });
  return (file: string) => readFile(join(out, file), 'utf8');
}

describe('the office manager, in the editor', () => {
  it('posts "Miami is closed December 24–25" in both languages; the pages show it on its days only', async () => {
    const editor = await signedIn.editor();
    const { page } = editor;
    await openFile(h, page, 'settings', 'Notices');
    await shot(page, 'closure-1-notices');
    const before = await readRepo(page, 'content/notices.yaml');
    await page.getByRole('button', { name: /^Add\W*notice/ }).click();
    await page.locator('section[data-key-path="items.0.text.en"] textarea').fill('Our Miami office is closed December 24 and 25. Kissimmee and Hialeah are open.');
    await page.locator('section[data-key-path="items.0.text.es"] textarea').fill('Nuestro consultorio de Miami estará cerrado el 24 y el 25 de diciembre. Kissimmee y Hialeah atienden normalmente.');
    await page.locator('section[data-key-path="items.0.location"]').getByText('Miami', { exact: true }).click();
    // "Days the clinic is closed" is a group to open; its days are picked from a calendar.
    await page.locator('section[data-key-path="items.0.closed"] button').last().click();
    await (await field(page, 'section[data-key-path="items.0.closed.from"] input[type=date]')).fill('2026-12-24');
    await (await field(page, 'section[data-key-path="items.0.closed.to"] input[type=date]')).fill('2026-12-25');
    await shot(page, 'closure-2-filled');
    await save(page);
    await site.write('notices.yaml', await changed(page, 'content/notices.yaml', before));
    expect(editor.offOrigin).toEqual([]);

    const during = await buildOn('2026-12-20', 'closure-on');
    expect(await during('index.html')).toContain('Our Miami office is closed December 24 and 25.');
    expect(await during('es/index.html')).toContain('Nuestro consultorio de Miami estará cerrado el 24 y el 25 de diciembre.');
    expect(await during('es/locations.html')).toMatch(/"validFrom":"2026-12-24","validThrough":"2026-12-25"/);
    const after = await buildOn('2026-12-26', 'closure-off');
    expect(await after('index.html')).not.toContain('Our Miami office is closed');
    expect(await after('es/index.html')).not.toContain('Nuestro consultorio de Miami estará cerrado');
    await site.write('notices.yaml', before);
  });

  it('adds a service with New, in English and Spanish side by side; it builds into its page and the menus of both languages', async () => {
    const editor = await signedIn.editor();
    const { page } = editor;
    await page.goto(`${h.base}/admin/#/collections/services`);
    await page.getByRole('button', { name: /New/ }).click();
    await showSpanishBeside(page, 'name');
    const box = (key: string, lang: string, tag = 'input') => page.locator(`section[data-key-path="${key}"] ${tag}[lang="${lang}"]`);
    const pane = (lang: string) => (lang === 'en' ? 0 : 1);
    const words = {
      en: { name: 'Sports Physicals', description: 'Physicals for school and league sports, with the forms your team asks for.', benefits: ['Forms completed at the visit', 'Same-week appointments', 'A bilingual team'], steps: ['Bring the form from your school or league.', 'Your provider checks your health history.', 'You leave with the signed form.'], faqs: [['How long does it take?', 'About 30 minutes.'], ['Do I need an appointment?', 'Yes, please book ahead.']], body: 'We do school and league sports physicals.' },
      es: { name: 'Exámenes físicos deportivos', description: 'Exámenes físicos para deportes escolares y de ligas, con los formularios que pide su equipo.', benefits: ['Formularios completados en la consulta', 'Citas en la misma semana', 'Un equipo bilingüe'], steps: ['Traiga el formulario de su escuela o liga.', 'Su proveedor revisa su historial de salud.', 'Usted sale con el formulario firmado.'], faqs: [['¿Cuánto tarda?', 'Unos 30 minutos.'], ['¿Necesito una cita?', 'Sí, por favor haga una cita.']], body: 'Hacemos exámenes físicos para deportes escolares y de ligas.' },
    } as const;
    for (const lang of ['en', 'es'] as const) {
      const w = words[lang];
      await box('name', lang).fill(w.name);
      await box('description', lang, 'textarea').fill(w.description);
      for (const [key, items] of [['benefits', w.benefits], ['whatToExpect', w.steps]] as const) {
        for (const [i, item] of items.entries()) {
          const list = page.locator(`section[data-key-path="${key}"]`).nth(pane(lang));
          const input = page.locator(`section[data-key-path="${key}.${i}"] input[lang="${lang}"]`);
          // Add is clicked again only when the list still has no item for it: once in CI, under load,
          // an Add right after typing into the list above it left no item (30 s), never one too many.
          await vi.waitFor(async () => {
            if ((await list.locator(`section[data-key-path^="${key}."]`).count()) <= i) await list.getByRole('button', { name: /^Add/ }).last().click();
            await input.waitFor({ state: 'attached', timeout: 5_000 });
          }, { timeout: 45_000, interval: 250 });
          await input.fill(item);
        }
      }
      for (const [i, [q, a]] of w.faqs.entries()) {
        await page.locator('section[data-key-path="faqs"]').nth(pane(lang)).getByRole('button', { name: /^Add\W*question/ }).click();
        await page.locator(`section[data-key-path="faqs.${i}.q"] input[lang="${lang}"]`).fill(q);
        await page.locator(`section[data-key-path="faqs.${i}.a"] textarea[lang="${lang}"]`).fill(a);
      }
    }
    // The facts both languages share are typed once (the Spanish side shows them, greyed).
    await page.locator('section[data-key-path="group"]').first().getByText('Primary care', { exact: true }).click();
    await page.locator('section[data-key-path="order"] input').first().fill('17');
    await shot(page, 'service-1-form');
    for (const lang of ['en', 'es'] as const) {
      // The editor draws fields as they come into view: scroll its side down until the text box is there.
      const text = page.locator('section[data-key-path="body"]').nth(pane(lang)).locator('[contenteditable="true"]');
      for (let i = 0; i < 60 && !(await text.isVisible()); i++) {
        await page.mouse.move(lang === 'en' ? 300 : 900, 500);
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(150);
      }
      await text.click();
      await page.keyboard.type(words[lang].body);
    }
    await save(page);
    const saved = { en: await changed(page, 'content/en/services/sports-physicals.md', ''), es: await readRepo(page, 'content/es/services/sports-physicals.md') };
    expect(editor.offOrigin).toEqual([]);

    for (const lang of ['en', 'es'] as const) await site.write(`${lang}/services/sports-physicals.md`, saved[lang]);
    const read = await buildOn('2026-06-10', 'new-service');
    expect(await read('services/sports-physicals.html')).toContain('<h1>Sports Physicals</h1>');
    expect(await read('es/services/sports-physicals.html')).toContain('<h1>Exámenes físicos deportivos</h1>');
    expect(await read('index.html')).toContain('{"label":"Sports Physicals","href":"/services/sports-physicals"');
    expect(await read('es/services.html')).toContain('href="/es/services/sports-physicals"');
    for (const lang of ['en', 'es']) await site.remove(`${lang}/services/sports-physicals.md`);
  });
});
