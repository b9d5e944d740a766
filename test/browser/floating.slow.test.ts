// Nothing fixed lies over the page on a phone. On every page, at 360, 390 and 414 px wide, with and
// without a notice posted (for every clinic, as the editor saves one): every heading, link, button and
// form frame in main is the element at its own centre (nothing fixed or sticky on top of it) at the
// top of the page, and again once scrolled to, each in turn, as far down as the page goes. And the help
// panel, opened with a notice posted, fits the screen with its emergency numbers in view in both
// languages. Fixed elements are found by their computed position, not by name.
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.ts';
import { createDistServer, listen } from '../../src/serve/server.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { sandbox, SITE, STATIC, type Sandbox } from '../helpers/fixtures.ts';
import { htmlFiles, urlOf } from '../quality/lib/site.ts';

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

/**
 * What lies over the page at the width it has: at the top, then with each element scrolled to in turn
 * (as Tab or a link to it would, the nearest way, so one below comes up from the bottom edge, where
 * floating buttons sit). The scrolling runs without a pause, so whatever floats once the page has
 * scrolled stays shown for all of it.
 */
function covered(page: Page): Promise<{ problems: string[]; checked: number; floating: number }> {
  return page.evaluate(async () => {
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    document.documentElement.style.scrollBehavior = 'auto';
    const pinned = (el: Element | null) => {
      for (let e = el; e && e !== document.documentElement; e = e.parentElement) if (/^(fixed|sticky)$/.test(getComputedStyle(e).position)) return e;
      return null;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return el.getClientRects().length > 0 && style.visibility !== 'hidden' && style.opacity !== '0' && style.pointerEvents !== 'none';
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('title') || '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const targets = [...document.querySelectorAll('main :is(h1, h2, h3, h4, h5, h6, a[href], button, iframe, summary, input, select, textarea)')].filter(shown);
    /** What lies on the centre of el, when it is in view and something pinned does. */
    const over = (el: Element) => {
      const r = el.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (y < 0 || y >= innerHeight || x < 0 || x >= innerWidth) return undefined;
      const at = document.elementFromPoint(x, y);
      if (!at || el === at || el.contains(at)) return undefined;
      const on = pinned(at);
      return on && !on.contains(el) ? on : undefined;
    };
    const label = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const problems: string[] = [];
    scrollTo(0, 0);
    await frames();
    for (const el of targets) {
      const on = over(el);
      if (on) problems.push(`at the top, ${name(el)} is under ${label(on)}`);
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await frames();
    const floating = [...document.querySelectorAll('body *')].filter((el) => getComputedStyle(el).position === 'fixed' && shown(el)).length;
    for (const el of targets) {
      el.scrollIntoView({ block: 'nearest' });
      const on = over(el);
      if (on) problems.push(`scrolled to, ${name(el)} is under ${label(on)}`);
    }
    scrollTo(0, 0);
    await frames();
    return { problems, checked: targets.length, floating };
  });
}

/** Every page of a build at the three widths: what lies over what, by page and width. */
async function sweep(base: string, dist: string): Promise<{ problems: string[]; checked: number; floating: number }> {
  const urls = htmlFiles(dist).map(urlOf);
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
  expect(urls.length).toBeGreaterThan(60);
  return found;
}

describe('on a phone, nothing fixed lies over a heading, link, button or form in main', () => {
  it('on every page at 360, 390 and 414 px: at the top and scrolled to each', async () => {
    const { problems, checked, floating } = await sweep(h.base, h.dist);
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([]);
    // Something does float once the page has scrolled (else there was nothing to check against).
    expect(floating).toBeGreaterThanOrEqual(2);
    expect(checked).toBeGreaterThan(1000);
  }, 300_000);

  it('nor with a notice posted for every clinic', async () => {
    const { problems, floating } = await sweep(noticeBase, noticeDist);
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([]);
    expect(floating).toBeGreaterThanOrEqual(2);
  }, 300_000);
});

describe('the help panel, opened on a phone with a notice posted', () => {
  it('fits the screen, and shows the notice and the emergency numbers without scrolling inside it, in both languages', async () => {
    const failures: string[] = [];
    for (const [path, text] of [['/', NOTICE.en], ['/es/', NOTICE.es]] as const) {
      for (const viewport of WIDTHS) {
        const { page, context } = await h.open(undefined, viewport);
        await page.goto(noticeBase + path, { waitUntil: 'load' });
        await page.waitForFunction(() => document.querySelectorAll('site-island button').length > 0);
        const toggle = page.locator('[aria-controls][aria-expanded]').filter({ has: page.locator('svg') }).last();
        await toggle.focus();
        await page.keyboard.press('Enter');
        const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
        await panel.waitFor({ state: 'visible' });
        const seen = await panel.evaluate((el, notice) => {
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
        await context.close();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
