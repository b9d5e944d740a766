// Nothing fixed lies over the page on a phone with a notice posted (for every clinic, as the editor
// saves one), which adds a banner to every page and a line to the help panel: on the first page of each
// kind (data-page) in each language at 360, 390 and 414 px wide, what helpers/covered.ts checks. The banner
// is the same markup on every page of a kind (one template); every-page.slow.test.ts checks every page
// without a notice, so what a page's own content brings under a floating button is covered there. And the help panel, opened, fits the screen with the notice and the emergency numbers
// in view, in both languages.
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.ts';
import { createDistServer, listen } from '../../src/serve/server.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { clinicCards } from '../helpers/clinics.ts';
import { covered } from '../helpers/covered.ts';
import { sandbox, SITE, STATIC, type Sandbox } from '../helpers/fixtures.ts';
import { firstOfEachKind } from '../quality/lib/site.ts';

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
];
const TABS = 3;
/** A notice as long as a real one gets (a hurricane closure), for every clinic. */
const NOTICE = {
  en: 'All three offices are closed Thursday and Friday for the storm. We will call every patient with an appointment to book a new time. Prescription refills can wait for Monday.',
  es: 'Los tres consultorios estarán cerrados el jueves y el viernes por la tormenta. Llamaremos a cada paciente con cita para darle una nueva hora. Las renovaciones de recetas pueden esperar al lunes.',
};
const NOW = new Date('2026-12-15T15:00:00Z');

let h: Harness;
let site: Sandbox;
let server: Server;
let noticeBase: string;
let noticeDist: string;
beforeAll(async () => {
  h = await startHarness();
  site = await sandbox();
  await site.write('notices.yaml', `- text:\n    en: ${NOTICE.en}\n    es: ${NOTICE.es}\n  location: ""\n  show:\n    from: "2026-12-14"\n    to: "2026-12-19"\n`);
  noticeDist = join(site.dir, 'out');
  await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: noticeDist, now: NOW, compress: false });
  server = createDistServer(noticeDist);
  noticeBase = await listen(server, 0, '127.0.0.1');
}, 120_000);
afterAll(async () => {
  await h?.close();
  await new Promise((done) => server?.close(done));
  await site?.cleanup();
});


describe('the clinics on a phone with a notice posted', () => {
  it('stay within two phone screens of home but for the notices above them, in both languages', async () => {
    for (const home of ['/', '/es/']) {
      const { page, context } = await h.open(undefined, WIDTHS[1]);
      try {
        await page.goto(noticeBase + home, { waitUntil: 'load' });
        const cards = await clinicCards(page);
        expect(cards, home).toHaveLength(3);
        // The notice is there, and is all that pushes the cards down.
        expect(cards[2]!.notices, home).toBeGreaterThan(0);
        for (const card of cards) expect(card.bottom - card.notices, home).toBeLessThanOrEqual(2 * WIDTHS[1]!.height);
      } finally {
        await context.close();
      }
    }
  });
});
/** A page of each kind at the three widths: what lies over what, by page and width. */
async function sweep(base: string, dist: string): Promise<{ problems: string[]; checked: number; floating: number }> {
  const urls = firstOfEachKind(dist);
  const found = { problems: [] as string[], checked: 0, floating: 0 };
  await Promise.all(Array.from({ length: TABS }, async (_, t) => {
    const opened = await h.open(undefined, WIDTHS[0]);
    try {
      for (const url of urls.filter((_, i) => i % TABS === t)) {
        await opened.page.setViewportSize(WIDTHS[0]!);
        await opened.page.goto(base + url, { waitUntil: 'load' });
        await opened.page.waitForFunction(() => document.querySelectorAll('site-island button').length > 0);
        for (const viewport of WIDTHS) {
          await opened.page.setViewportSize(viewport);
          const seen = await covered(opened.page);
          found.problems.push(...seen.problems.map((p) => `${url} at ${viewport.width}px: ${p}`));
          found.checked += seen.checked;
          found.floating = Math.max(found.floating, seen.floating);
        }
      }
    } finally {
      await opened.context.close();
    }
  }));
  // Every kind of page in both languages (home, services, a service, locations, the 404 …).
  expect(urls.length).toBeGreaterThan(15);
  return found;
}

describe('on a phone with a notice posted for every clinic', () => {
  it('nothing fixed lies over a heading, link, button or frame on a page of each kind at 360, 390 and 414 px, at the top or scrolled to each', async () => {
    const { problems, checked, floating } = await sweep(noticeBase, noticeDist);
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([]);
    // Something does float once the page has scrolled (else there was nothing to check against).
    expect(floating).toBeGreaterThanOrEqual(2);
    expect(checked).toBeGreaterThan(500);
  }, 300_000);
});

describe('the help panel, opened on a phone with a notice posted', () => {
  it('fits the screen, and shows the notice and the emergency numbers without scrolling inside it, in both languages', async () => {
    const failures: string[] = [];
    for (const [path, text] of [['/', NOTICE.en], ['/es/', NOTICE.es]] as const) {
      // One page a language, opened once and resized: the panel's size follows the window's.
      const { page, context } = await h.open(undefined, WIDTHS[0]);
      await page.goto(noticeBase + path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelectorAll('site-island button').length > 0);
      const toggle = page.locator('[aria-controls][aria-expanded]').filter({ has: page.locator('svg') }).last();
      const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await panel.waitFor({ state: 'visible' });
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        const seen = await panel.evaluate(async (el, notice) => {
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          const box = el.getBoundingClientRect();
          const emergency = [...el.querySelectorAll('p')].find((p) => p.querySelector('a[href="tel:911"]'))!;
          const noticeLine = [...el.querySelectorAll('p')].find((p) => p.textContent!.includes(notice));
          const within = (r: DOMRect) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
          const r = emergency.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {
            inScreen: box.top >= 0 && box.bottom <= innerHeight,
            notice: !!noticeLine && within(noticeLine.getBoundingClientRect()),
            emergency: el.scrollTop === 0 && within(r),
            uncovered: !!top && el.contains(top),
          };
        }, text);
        for (const [what, ok] of Object.entries(seen)) if (!ok) failures.push(`${path} at ${viewport.width}×${viewport.height}: ${what}`);
      }
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
