// Driving the staff editor (Sveltia CMS at /admin/) in Chromium with its in-browser test repository:
// open it offline (every request off this origin aborted and counted), sign in to the test repository
// seeded with our content, open a file, reach a field the editor draws as it comes into view, save.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { contentFiles, readTestRepo, seedTestRepo, useTestRepo } from '../../scripts/editor-test-repo.ts';
import { DESKTOP, type Harness } from './browser.ts';
import { CONTENT } from './fixtures.ts';

export interface Editor {
  page: Page;
  context: BrowserContext;
  offOrigin: string[];
  problems: string[];
  close(): Promise<void>;
}

/** Opens /admin/ with every off-origin request aborted and counted, console errors and CSP violations collected. */
export async function openEditor(h: Harness, options: { testRepo?: boolean } = {}): Promise<Editor> {
  const context = await h.browser.newContext({ viewport: DESKTOP });
  const offOrigin: string[] = [];
  await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/, (route) => {
    offOrigin.push(route.request().url());
    return route.abort();
  });
  // The generated configuration as served, with Sveltia's in-browser test repository as its backend.
  if (options.testRepo) await useTestRepo(context);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, context, offOrigin, problems, close: () => context.close() };
}

export const readRepo = readTestRepo;

export async function changed(page: Page, path: string, before: string): Promise<string> {
  for (const end = Date.now() + 15_000; Date.now() < end; await page.waitForTimeout(150)) {
    const now = await readRepo(page, path);
    if (now !== before) return now;
  }
  const alerts = await page.locator('[role="alert"]').allTextContents();
  throw new Error(`${path} was not saved; the editor says: ${alerts.join(' | ') || 'nothing'}`);
}

export async function signInToTestRepo(h: Harness, editor: Editor) {
  await editor.page.goto(`${h.base}/admin/`);
  const button = editor.page.getByRole('button', { name: 'Work with Test Repository' });
  await button.waitFor({ timeout: 30_000 });
  await seedTestRepo(editor.page, contentFiles(CONTENT));
  await button.click();
}

/**
 * One editor signed in to the test repository, made when a test of the file first asks and shared by
 * the file's tests: a sign-in loads the whole editor and seeds every content file, the most costly step
 * of these tests. Each test starts from what the one before it saved. `close` it after a failed test
 * (the next test then signs in afresh, not into a half-edited entry or another test's requests) and
 * after all.
 */
export function sharedSignIn(h: () => Harness): { editor(): Promise<Editor>; close(): Promise<void> } {
  let made: Promise<Editor> | undefined;
  return {
    editor: () =>
      (made ??= (async () => {
        const editor = await openEditor(h(), { testRepo: true });
        await signInToTestRepo(h(), editor);
        return editor;
      })()),
    close: async () => {
      const closing = made;
      made = undefined;
      await (await closing?.catch(() => undefined))?.close();
    },
  };
}

/** Opens one file of a file collection by its label, through the collection's list. */
export async function openFile(h: Harness, page: Page, collection: string, label: string) {
  await page.goto(`${h.base}/admin/#/collections/${collection}`);
  const entry = page.getByText(label, { exact: true }).first();
  // After a save the editor may keep its own view: a reload (the session stays) shows the list. (A
  // wait, not isVisible, which answers at once: the list takes a moment to draw, and each needless
  // reload loaded the whole editor again.)
  if (!(await entry.waitFor({ timeout: 5000 }).then(() => true, () => false))) await page.reload();
  await entry.click();
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

/**
 * Shows the Spanish side beside the English one (a shared session's editor keeps the choice from the
 * entry opened before, and then offers no second Spanish switch).
 */
export async function showSpanishBeside(page: Page, key: string) {
  const spanish = page.locator(`section[data-key-path="${key}"] input[lang="es"]`);
  const toggle = page.getByRole('radio', { name: 'Spanish' }).nth(1);
  // Whichever the editor draws: the Spanish side already there, or the switch that shows it.
  await spanish.or(toggle).first().waitFor();
  if ((await spanish.count()) === 0) await toggle.click();
  await spanish.waitFor();
}

/** A field's input, scrolled to: the editor draws fields as they come near the view. */
export async function field(page: Page, selector: string) {
  const target = page.locator(selector);
  for (let i = 0; i < 40 && (await target.count()) === 0; i++) {
    await page.mouse.move(300, 500);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(100);
  }
  await target.scrollIntoViewIfNeeded();
  return target;
}

/** Saves the open entry (once the editor has taken the edit: Save turns enabled). */
export async function save(page: Page) {
  const button = page.getByRole('button', { name: 'Save' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  const show = page.getByRole('button', { name: 'Show Errors' });
  // The editor's answer, however long it takes under load: refused (its errors offered, or a field marked) or saved
  // (the entry closes, and Save with it, once "Saving…" is over). A fixed 700 ms wait read a refusal that came later as
  // a save (CI, the notice's "Show until"), and a save still being written as done.
  const saved = async () => (await button.count()) === 0 && (await page.getByText('Saving…').count()) === 0;
  await expect.poll(async () => (await show.isVisible()) || (await page.locator('[aria-invalid="true"]').count()) > 0 || (await saved()), { timeout: 30_000 }).toBe(true);
  if (await show.isVisible()) {
    await show.click();
    // Refused: the fields at fault are marked once drawn, and the editor draws a field only as it comes into view (its
    // errors are listed in a side panel): scrolled down until one is there.
    await vi.waitFor(async () => {
      if ((await page.locator('[aria-invalid="true"]').count()) > 0) return;
      await page.mouse.move(300, 500);
      await page.mouse.wheel(0, 400);
      throw new Error('the editor refused the save, and no field at fault is drawn');
    }, { timeout: 30_000, interval: 200 });
  }
  // Each refused input with its message, or its field's (a field of our own tells which row).
  const invalid = await page.evaluate(() => [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => {
    const section = el.closest('section[data-key-path]');
    const message = document.getElementById(el.getAttribute('aria-errormessage') ?? '')?.textContent ?? section?.querySelector(':scope > [role="alert"]')?.textContent?.trim();
    return `${section?.getAttribute('data-key-path')}: ${message}`;
  }));
  if (invalid.length) throw new Error(`the editor refused: ${invalid.join(' | ')}`);
}


/**
 * A control the editor draws only once its field is near the view (a list's Add button, a list's
 * rows): the edit pane is scrolled down, a step at a time, until it is there, then brought into view.
 */
export async function reach(page: Page, target: Locator, { pane = 300 }: { pane?: number } = {}): Promise<Locator> {
  for (let i = 0; i < 80 && !(await target.first().isVisible().catch(() => false)); i++) {
    await page.mouse.move(pane, 500);
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(100);
  }
  await target.first().scrollIntoViewIfNeeded();
  return target.first();
}

/**
 * Clicks a list's Add button until the list holds item `index` of `key` and `input` is there. Under load in CI an Add
 * clicked right after typing was twice lost (no item, then a 30 s wait on a field that never came); never one too many:
 * it is clicked again only while the list's own items (key.N) number `index` or fewer.
 */
export async function addItem(list: Locator, key: string, index: number, button: RegExp, input: Locator): Promise<void> {
  await vi.waitFor(async () => {
    const items = await list.locator(`section[data-key-path^="${key}."]`).evaluateAll((all, k) => all.filter((s) => new RegExp(`^${k}\\.\\d+$`).test(s.getAttribute('data-key-path') ?? '')).length, key);
    if (items <= index) await list.getByRole('button', { name: button }).last().click();
    await input.waitFor({ state: 'attached', timeout: 5_000 });
  }, { timeout: 45_000, interval: 250 });
}
