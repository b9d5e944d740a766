// A closure for one clinic posted in the editor itself (Sveltia CMS with its in-browser test
// repository, offline), then built as the site is: seen on the pages of both languages on its days
// only. (The other everyday tasks, a new service among them, are office-day.slow.test.ts.) SHOTS=dir
// keeps a screenshot of each step (for the closing note and docs/editing.md).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { changed, field, openFile, readRepo, save, sharedSignIn } from '../helpers/editor.ts';
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
});
