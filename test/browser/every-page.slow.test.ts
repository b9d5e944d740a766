// What every built page of both languages must pass, each page loaded once and checked at each width
// by resizing it (as a visitor zooming or turning a phone does: the stylesheet's media queries are
// widths only, and no island reads the width, the pointer or touch as it starts):
// - WCAG 2.2 AA with the newest axe-core on every page at 1280px, and on one page of each kind
//   (data-page) in each language at 390px, each with its widgets open. Pages of one kind share their
//   template and stylesheet, and the header and footer are the same markup on every page
//   (test/splice.test.ts proves it), so what a narrow viewport changes (layout, colours behind moved
//   text, target sizes) is a property of the kind; what a page's own content can break (headings,
//   names, links, languages) is viewport-free and audited on every page at 1280px.
// - Comfort: no sideways scrolling at 320px, text that still fits at 200% zoom (640 CSS px), touch
//   targets of at least 24×24 CSS px at 390px.
// - What a patient on a phone relies on (at 390px and 360px): phone numbers on one line and each a tel:
//   link, every page ending with a way to book, nothing floating over the last line, every sample
//   review labelled as one; and at 360, 390 and 414px nothing fixed over a heading, link, button or
//   frame, at the top or scrolled to (helpers/covered.ts; with a notice posted: floating.slow.test.ts).
// A load costs more than all the checks made on it, so one sweep makes them all and each test reads its
// share. Three tabs of one browser share the pages (axe is CPU-bound, and Chromium uses both cores
// with a few). A failure names the page, the width, the check and the elements.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadAxe, violations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { covered } from '../helpers/covered.ts';
import { firstOfEachKind, htmlFiles, urlOf } from '../quality/lib/site.ts';
import { reviews as reviewsOfContent } from '../helpers/facts.ts';

/** Whether each review is a sample, by its author's name, as content/reviews.yaml says. */
const samples = new Map(reviewsOfContent.map((r) => [r.name, r.sample]));

/**
 * Tabs sweeping at once. Alone, two and three take as long here (106 and 110 s); beside the package
 * test in the suite, three did better in one CI run each (161 against 185 s).
 */
const TABS = 3;
const NARROW = { width: 360, height: 740 };
const SMALLEST = { width: 320, height: 640 };
const WIDE_PHONE = { width: 414, height: 896 };
/** 200% zoom of a 1280×800 window. */
const ZOOMED = { width: 640, height: 400 };

let h: Harness;
let urls: string[];
/** The pages whose widgets are opened and audited at 390px too: the first of each kind (data-page) in each language. */
const kindPages = new Set<string>();
beforeAll(async () => {
  h = await startHarness();
  urls = htmlFiles(h.dist).map(urlOf);
  for (const url of firstOfEachKind(h.dist)) kindPages.add(url);
});
afterAll(() => h.close());

/** What a patient's checks find on one page at one width. */
interface PatientVisit {
  url: string;
  /** Phone numbers that wrap, and numbers written as text outside a tel: link. */
  wrapped: string[];
  bare: string[];
  /** The page's own booking form, or its last section with its Book and Call links. */
  form: boolean;
  last?: { id: string; book: boolean; call: boolean };
  /** Each review card shown: its name and the sample label it shows (null: none). */
  reviews: { name: string; label: string | null }[];
  /** The footer's last line under a floating button. */
  hidden: string[];
}

interface Sweep {
  /** Problems of each check, as lines naming the page. */
  problems: Record<'errors' | 'axe1280' | 'axe390' | 'narrow' | 'zoomed' | 'targets' | 'covered', string[]>;
  /** Elements the covered check looked at, and the most fixed elements shown on a scrolled page. */
  covered: { checked: number; floating: number };
  /** The patient's findings by width (the 404 pages left out). */
  patient: Map<number, PatientVisit[]>;
}

/** The widgets a width offers, each as: how to open it, and the region to audit. */
const WIDGETS = {
  desktop: [
    { name: 'services dropdown', open: (p: Page) => p.locator('.dropdown__toggle').click(), region: '.dropdown' },
    { name: 'help panel', open: (p: Page) => p.locator('.help__toggle').click(), region: '.help' },
  ],
  phone: [
    { name: 'mobile menu', open: (p: Page) => p.locator('.menu-toggle').click(), region: '.mobile-menu' },
    // On a phone the floating button shows once the first screen has scrolled: opened from the keyboard here, as it is at the top.
    { name: 'help panel', open: async (p: Page) => { await p.locator('.help__toggle').focus(); await p.keyboard.press('Enter'); }, region: '.help' },
  ],
};

/** Waits for transitions to end, so colours are checked as the visitor finally sees them. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** axe on the whole page, then on each widget's region with the widget open. */
async function audit(page: Page, url: string, label: string, viewport: { height: number }, widgets: typeof WIDGETS.desktop, into: string[]) {
  for (const line of await violations(page)) into.push(`${url} at ${label}: ${line}`);
  for (const widget of kindPages.has(url) ? widgets : []) {
    await widget.open(page);
    await settled(page);
    for (const line of await violations(page, widget.region)) into.push(`${url} at ${label} with the ${widget.name} open: ${line}`);
    await page.keyboard.press('Escape');
    await page.mouse.move(0, viewport.height - 1);
  }
}

let sweep: Promise<Sweep> | undefined;
function everyPage(): Promise<Sweep> {
  sweep ??= (async () => {
    const found: Sweep = { problems: { errors: [], axe1280: [], axe390: [], narrow: [], zoomed: [], targets: [], covered: [] }, covered: { checked: 0, floating: 0 }, patient: new Map([[PHONE.width, []], [NARROW.width, []]]) };
    const { problems, patient } = found;
    const visit = async (share: string[]) => {
      const opened = await h.open(undefined, DESKTOP);
      const { page } = opened;
      try {
        await preloadAxe(opened.context);
        for (const url of share) {
          const [errorsBefore, consoleBefore] = [opened.errors.length, opened.console.length];
          await page.setViewportSize(DESKTOP);
          await page.goto(h.base + url, { waitUntil: 'load' });
          await page.waitForSelector('site-island button', { state: 'attached' });
          await audit(page, url, '1280px', DESKTOP, WIDGETS.desktop, problems.axe1280);
          await page.setViewportSize(PHONE);
          if (kindPages.has(url)) await audit(page, url, '390px', PHONE, WIDGETS.phone, problems.axe390);
          for (const problem of await smallTargets(page)) problems.targets.push(`${url}: ${problem}`);
          const cover = async (viewport: { width: number; height: number }) => {
            const seen = await covered(page);
            problems.covered.push(...seen.problems.map((p) => `${url} at ${viewport.width}px: ${p}`));
            found.covered.checked += seen.checked;
            found.covered.floating = Math.max(found.covered.floating, seen.floating);
          };
          await cover(PHONE);
          if (!url.endsWith('/404')) patient.get(PHONE.width)!.push({ url, ...(await patientChecks(page)) });
          await page.setViewportSize(NARROW);
          await cover(NARROW);
          if (!url.endsWith('/404')) patient.get(NARROW.width)!.push({ url, ...(await patientChecks(page)) });
          await page.setViewportSize(WIDE_PHONE);
          await cover(WIDE_PHONE);
          await page.setViewportSize(SMALLEST);
          for (const problem of await horizontalOverflow(page)) problems.narrow.push(`${url}: ${problem}`);
          await page.setViewportSize(ZOOMED);
          for (const problem of [...(await horizontalOverflow(page)), ...(await clippedText(page))]) problems.zoomed.push(`${url}: ${problem}`);
          // What the page threw or logged as an error while it loaded, hydrated and was used (a 404
          // page logs the missing path as an error on purpose: only what it throws counts there).
          for (const error of opened.errors.slice(errorsBefore)) problems.errors.push(`${url}: ${error}`);
          if (!url.endsWith('/404')) for (const message of opened.console.slice(consoleBefore).filter((m) => m.startsWith('error'))) problems.errors.push(`${url}: ${message}`);
        }
      } finally {
        await opened.context.close();
      }
    };
    await Promise.all(Array.from({ length: TABS }, (_, t) => visit(urls.filter((_, i) => i % TABS === t))));
    return found;
  })();
  return sweep;
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => el.getBoundingClientRect().right > width + 1).slice(0, 3);
    return [`scrolls sideways (${document.documentElement.scrollWidth}px > ${width}px): ${wide.map((el) => `${el.tagName.toLowerCase()}.${el.className}`).join(', ')}`];
  });

const clippedText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, p, li, a, button, dt, dd')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const clips = style.overflow === 'hidden' || style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
        return clips && el.offsetParent !== null && !el.closest('.visually-hidden') && el.scrollWidth > el.clientWidth + 1;
      })
      .slice(0, 3)
      .map((el) => `clipped text: ${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`),
  );

const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button')]
      .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed')
      // Links inside a sentence are exempt (WCAG 2.5.8 "inline").
      .filter((el) => !(getComputedStyle(el).display === 'inline' && el.closest('p, li, dd, address, blockquote') && el.parentElement!.textContent!.trim() !== el.textContent!.trim()))
      .filter((el) => !el.classList.contains('skip-link'))
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.width < 24 || rect.height < 24))
      .map(({ el, rect }) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 30)}" is ${Math.round(rect.width)}×${Math.round(rect.height)}`),
  );

function patientChecks(page: Page): Promise<Omit<PatientVisit, 'url'>> {
  return page.evaluate(async () => {
    const wrapped = [...document.querySelectorAll('a[href^="tel:"]')].filter((a) => {
      const number = a.querySelector('.nowrap') ?? a;
      return number.getClientRects().length > 1;
    }).map((a) => a.textContent ?? '');
    // A number written as text outside a link (in main or footer content).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const bare: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/\b(1-)?\d{3}-\d{3}-\d{4}\b|\(\d{3}\) \d{3}-\d{4}/.test(node.textContent ?? '') && !node.parentElement?.closest('a[href^="tel:"], script')) bare.push(node.textContent!.trim());
    }

    const section = [...document.querySelectorAll('main section')].at(-1);
    const last = section ? { id: section.id, book: !!section.querySelector('a[href$="/contact#appointment"]'), call: !!section.querySelector('a[href^="tel:"]') } : undefined;
    const form = !!document.querySelector('main iframe.embed--form');

    // Each review card shown, and its sample label if it shows one (content marks each sample: true until real ones come).
    const reviews = [...document.querySelectorAll('.review')].map((card) => {
      const label = card.querySelector<HTMLElement>('.review__sample');
      const shown = !!label && label.getClientRects().length > 0 && getComputedStyle(label).visibility !== 'hidden' && label.getBoundingClientRect().height > 8;
      return { name: card.querySelector('.review__name')?.textContent ?? '?', label: shown ? label!.textContent!.trim() : null };
    });

    document.documentElement.style.scrollBehavior = 'auto';
    const hidden: string[] = [];
    // The end of the page: the footer's last line is not under a floating button.
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined))));
    const line = [...document.querySelectorAll('.site-footer__bottom p')].at(-1)!.getBoundingClientRect();
    const buttons = [...document.querySelectorAll('.call-fab, .help__toggle')].map((el) => el.getBoundingClientRect()).filter((b) => b.width > 0);
    if (buttons.some((f) => f.top < line.bottom && f.bottom > line.top && f.left < line.right && f.right > line.left)) hidden.push('the last line is under a floating button');
    return { wrapped, bare, form, last, reviews, hidden };
  });
}

/** No problem found: failing, the message lists them, one a line. */
const expectNone = (lines: string[]) => expect(lines, lines.join('\n')).toEqual([]);

/** The sweep, and each test's share, get the time of the whole sweep: whichever test runs first makes it. */
const SWEEP_TIMEOUT = 600_000;

describe('the sweep', () => {
  it('may resize one page to each width: the stylesheet asks the screen only its width (and reduced motion, print)', () => {
    // The page is opened at 1280px, without touch emulation, then resized: a rule for a coarse
    // pointer, hover or orientation would never be seen at a phone's width, so none may creep in.
    const assets = join(h.dist, 'assets');
    const css = readdirSync(assets).filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    const conditions = [...css.matchAll(/@media([^{]+)\{/g)].map((m) => m[1]!.trim());
    const width = /^(\((min|max)-width: ?[\d.]+(em|rem|px)\) ?(and ?)?)+$/;
    expect(conditions.length).toBeGreaterThan(5);
    expect(conditions.filter((c) => !width.test(c) && !/^\(prefers-reduced-motion: ?(reduce|no-preference)\)$/.test(c) && c !== 'print')).toEqual([]);
  });
});

describe('every page', () => {
  it('loads and hydrates with no page error and no console error, and its widgets open without one', async () => {
    const { problems } = await everyPage();
    expectNone(problems.errors);
  }, SWEEP_TIMEOUT);
});

describe('WCAG 2.2 AA (axe)', () => {
  it('at 1280px finds no violation on any page, nor in any open widget', async () => {
    const { problems } = await everyPage();
    expect(urls.length).toBeGreaterThan(60);
    expect(kindPages.size).toBeGreaterThanOrEqual(20); // 11 kinds of page in each language
    expectNone(problems.axe1280);
  }, SWEEP_TIMEOUT);

  it('at 390px finds no violation on a page of each kind in each language, nor in any open widget', async () => {
    const { problems } = await everyPage();
    expectNone(problems.axe390);
  }, SWEEP_TIMEOUT);
});

describe('comfort', () => {
  it('no page scrolls sideways at 320px', async () => {
    const { problems } = await everyPage();
    expectNone(problems.narrow);
  }, SWEEP_TIMEOUT);

  it('text still fits at 200% zoom (a 1280px window shows 640 CSS px): no sideways scroll, no clipped text', async () => {
    const { problems } = await everyPage();
    expectNone(problems.zoomed);
  }, SWEEP_TIMEOUT);

  it('every control and stand-alone link is at least 24×24 CSS px at 390px', async () => {
    const { problems } = await everyPage();
    expectNone(problems.targets);
  }, SWEEP_TIMEOUT);
});

describe('for a patient, every page', () => {
  it('keeps every phone number on one line, and every phone number is a tel: link', async () => {
    const failures: string[] = [];
    for (const { url, wrapped, bare } of (await everyPage()).patient.get(PHONE.width)!) {
      for (const w of wrapped) failures.push(`${url}: "${w}" wraps`);
      for (const b of bare) failures.push(`${url}: "${b}" is not a tel: link`);
    }
    expect(failures).toEqual([]);
  }, SWEEP_TIMEOUT);

  it('has its own booking form, or ends with a booking section with Book and Call', async () => {
    const failures: string[] = [];
    const visits = (await everyPage()).patient.get(PHONE.width)!;
    for (const { url, form, last } of visits) {
      const legal = /\/(privacy|terms|accessibility|hipaa|good-faith-estimate|nondiscrimination)$/.test(url);
      if (!legal && !form && !(last?.book && last.call)) failures.push(`${url}: last section ${JSON.stringify(last)}`);
    }
    expect(visits.length).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  }, SWEEP_TIMEOUT);

  it('at 360, 390 and 414 px has nothing fixed over a heading, link, button or frame, at the top or scrolled to each', async () => {
    const { problems, covered: seen } = await everyPage();
    expectNone(problems.covered);
    // Something does float once a page has scrolled (else there was nothing to check against).
    expect(seen.floating).toBeGreaterThanOrEqual(2);
    expect(seen.checked).toBeGreaterThan(5000);
  }, SWEEP_TIMEOUT);

  it('at 360 and 390 px keeps the last line clear of the floating buttons; labels every sample review it shows', async () => {
    const failures: string[] = [];
    let labelled = 0;
    for (const viewport of [NARROW, PHONE]) {
      for (const { url, reviews, hidden } of (await everyPage()).patient.get(viewport.width)!) {
        for (const card of reviews) {
          // A sample (as the content marks it) carries its label in the page's language; a real review none.
          const sample = samples.get(card.name);
          const expected = sample ? (url.startsWith('/es/') ? 'Reseña de ejemplo' : 'Sample review') : null;
          if (card.label === expected) labelled += sample ? 1 : 0;
          else failures.push(`${url} at ${viewport.width}px: review by ${card.name} shows ${card.label === null ? 'no sample label' : `"${card.label}"`}${sample === undefined ? ' (not in content/reviews.yaml)' : ''}`);
        }
        for (const problem of hidden) failures.push(`${url} at ${viewport.width}px: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    if ([...samples.values()].some(Boolean)) expect(labelled).toBeGreaterThan(0);
  }, SWEEP_TIMEOUT);
});
