// WCAG 2.2 AA with the newest axe-core on every built page of both languages at 1280px, and on one page
// of each kind (data-page) in each language at 390px, each with its widgets open. Pages of one kind share
// their template and stylesheet, and the header and footer are the same markup on every page
// (test/splice.test.ts proves it), so what a narrow viewport changes (layout, colours behind moved text,
// target sizes) is a property of the kind; what a page's own content can break (headings, names,
// links, languages) is viewport-free and is audited on every page at 1280px. Pages are audited by
// several tabs of one browser at once (one tab per share of the pages), so the sweep stays inside the
// suite's time. A failure names the page, the viewport, the rule and the elements.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadAxe, violations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { htmlFiles, urlOf } from '../quality/lib/site.ts';

/** Tabs auditing at once: axe is CPU-bound, and Chromium uses both cores with a few tabs. */
const TABS = 3;

let h: Harness;
let urls: string[];
/** The pages whose widgets are opened: the first of each kind (data-page) in each language. */
const withWidgets = new Set<string>();
beforeAll(async () => {
  h = await startHarness();
  const files = htmlFiles(h.dist);
  urls = files.map(urlOf);
  const kinds = new Set<string>();
  for (const file of files) {
    const head = readFileSync(join(h.dist, file), 'utf8').slice(0, 200);
    const kind = `${/lang="([^"]+)"/.exec(head)?.[1]} ${/data-page="([^"]+)"/.exec(head)?.[1]}`;
    if (!kinds.has(kind)) withWidgets.add(urlOf(file));
    kinds.add(kind);
  }
});
afterAll(() => h.close());

/** Waits for transitions to end, so colours are checked as the visitor finally sees them. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The widgets a viewport offers, each as: how to open it, and the region to check. */
const WIDGETS = {
  desktop: [
    { name: 'services dropdown', open: (p: Page) => p.locator('.dropdown__toggle').click(), region: '.dropdown' },
    { name: 'help panel', open: (p: Page) => p.locator('.help__toggle').click(), region: '.help' },
  ],
  phone: [
    { name: 'mobile menu', open: (p: Page) => p.locator('.menu-toggle').click(), region: '.mobile-menu' },
    { name: 'help panel', open: (p: Page) => p.locator('.help__toggle').click(), region: '.help' },
  ],
};

for (const [label, viewport, widgets, every] of [['1280px', DESKTOP, WIDGETS.desktop, true], ['390px', PHONE, WIDGETS.phone, false]] as const) {
  describe(`axe at ${label}`, () => {
    it(every ? 'finds no violation on any page, nor in any open widget' : 'finds no violation on a page of each kind in each language, nor in any open widget', async () => {
      const audited = every ? urls : urls.filter((url) => withWidgets.has(url));
      const failures: string[] = [];
      const audit = async (share: string[]) => {
        const opened = await h.open('/', viewport);
        const { page } = opened;
        await preloadAxe(opened.context);
        for (const url of share) {
          await page.goto(h.base + url, { waitUntil: 'load' });
          await page.waitForSelector('site-island button', { state: 'attached' });
          for (const line of await violations(page)) failures.push(`${url} at ${label}: ${line}`);
          for (const widget of withWidgets.has(url) ? widgets : []) {
            await widget.open(page);
            await settled(page);
            for (const line of await violations(page, widget.region)) failures.push(`${url} at ${label} with the ${widget.name} open: ${line}`);
            await page.keyboard.press('Escape');
            await page.mouse.move(0, viewport.height - 1);
          }
        }
        await opened.context.close();
      };
      await Promise.all(Array.from({ length: TABS }, (_, t) => audit(audited.filter((_, i) => i % TABS === t))));
      expect(urls.length).toBeGreaterThan(60);
      expect(withWidgets.size).toBeGreaterThanOrEqual(20); // 11 kinds of page in each language
      expect(failures, failures.join('\n')).toEqual([]);
    }, 600_000);
  });
}
