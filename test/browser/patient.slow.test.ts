// What a patient on a phone (and at a desk) relies on, in both languages: no empty or broken box when
// the form and map hosts fail, the three clinics with hours and a call link within two phone screens
// of home, the phone menu opening on Book, Call, Locations and Insurance, phone numbers on one line,
// every page ending with a way to book, nothing floating over a focused element or a page's last line,
// every sample review labelled as one, and the Good Faith Estimate printing on two sheets without the
// buttons, menus and help.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { htmlFiles, urlOf } from '../quality/lib/site.ts';

let h: Harness;
let urls: string[];
beforeAll(async () => {
  h = await startHarness();
  urls = htmlFiles(h.dist).map(urlOf).filter((u) => !u.endsWith('/404'));
});
afterAll(() => h.close());

/** Opens a page with the form and maps hosts failing, as an ad blocker or an outage would. */
async function openBlocked(path: string, viewport: { width: number; height: number }) {
  const opened = await h.open('/', viewport);
  const requested: string[] = [];
  await opened.context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  await opened.page.goto(h.base + path, { waitUntil: 'load' });
  return { ...opened, requested };
}

for (const [lang, home, contact] of [['en', '/', '/contact'], ['es', '/es/', '/es/contact']] as const) {
  describe(`for a patient (${lang})`, () => {
    it('never shows an empty or broken box where booking and maps should be, with the frames blocked', async () => {
      for (const viewport of [PHONE, DESKTOP]) {
        const { page, context, requested } = await openBlocked(contact, viewport);
        // Beside the form frame, a visible way to book without it: the phone number and the form in a new tab.
        const alt = page.locator('#appointment .booking__alt');
        expect(await alt.isVisible()).toBe(true);
        expect(await alt.locator('a[href^="tel:"]').count()).toBe(1);
        expect(await alt.locator('a[target="_blank"]').count()).toBe(1);
        // No map frame until asked for, nothing asked of the maps host; each clinic is a card with a link.
        expect(await page.locator('iframe.embed--map').count()).toBe(0);
        expect(requested.filter((u) => u.includes('google.com/maps'))).toEqual([]);
        const cards = page.locator('.map-card');
        expect(await cards.count()).toBe(3);
        for (let i = 0; i < 3; i++) expect(await cards.nth(i).locator('a[target="_blank"][href*="google.com/maps"]').isVisible()).toBe(true);
        // Asked for, the map of that clinic loads in its card.
        await cards.nth(1).locator('button').click();
        await page.locator('.map-card iframe.embed--map').waitFor({ state: 'attached' });
        expect(await page.locator('.map-card').nth(1).locator('iframe').getAttribute('src')).toContain('Coral');
        await context.close();
      }
    });

    it('shows the three clinics with hours and a call link within two phone screens of home', async () => {
      // On a Tuesday evening in Florida, when "open now" is longest: closed, opening on Wednesday (miércoles).
      const { page, context } = await h.open(home, PHONE, { at: new Date('2026-12-02T00:30:00Z') });
      await page.locator('#locations .location').nth(2).locator('.open-now').filter({ hasText: /\S/ }).waitFor();
      const cards = await page.locator('#locations .location').evaluateAll((els) => els.map((el) => {
        const call = el.querySelector('a[href^="tel:"]')!.getBoundingClientRect();
        return { bottom: call.bottom + window.scrollY, hours: !!el.querySelector('.hours') };
      }));
      expect(cards).toHaveLength(3);
      for (const card of cards) {
        expect(card.hours).toBe(true);
        expect(card.bottom).toBeLessThanOrEqual(2 * PHONE.height);
      }
      await context.close();
    });

    it('opens the phone menu on Book, Call, Locations and Insurance, with the services folded away', async () => {
      const { page, context } = await h.open(home, PHONE);
      await page.locator('.menu-toggle').click();
      const first = await page.locator('#mobile-menu .mobile-menu__list > li > a').evaluateAll((els) => els.slice(0, 4).map((el) => el.getAttribute('href')));
      const prefix = lang === 'es' ? '/es' : '';
      expect(first).toEqual([`${prefix}/contact#appointment`, 'tel:+14075550142', `${prefix}/locations`, `${prefix}/insurance`]);
      const services = page.locator('#mobile-menu details');
      expect(await services.locator('.mobile-menu__sub a').first().isVisible()).toBe(false);
      await services.locator('summary').press('Enter');
      expect(await services.locator('.mobile-menu__sub a').first().isVisible()).toBe(true);
      await context.close();
    });
  });
}

/** What one visit to a page finds: every check of this file that looks at every page, made in one load. */
interface Visit {
  url: string;
  /** Phone numbers that wrap, and numbers written as text outside a tel: link. */
  wrapped: string[];
  bare: string[];
  /** The page's own booking form, or its last section with its Book and Call links. */
  form: boolean;
  last?: { id: string; book: boolean; call: boolean };
  /** Each review card shown: its name and the sample label it shows (null: none). */
  reviews: { name: string; label: string | null }[];
  /** Focused elements hidden by the floating buttons, and the footer's last line under one. */
  hidden: string[];
}

const NARROW = { width: 360, height: 740 };

/**
 * Every page visited once, in one tab, for all the checks below (a load costs more than the checks): at
 * 390px, then resized to 360px (the stylesheet's media queries are widths only, and no island reads the
 * width as it starts). The first test to ask makes the visits, the others read them.
 */
let sweep: Promise<Map<number, Visit[]>> | undefined;
async function everyPage(viewport: { width: number; height: number }): Promise<Visit[]> {
  sweep ??= (async () => {
    const { page, context } = await h.open('/', PHONE);
    const visits = new Map<number, Visit[]>([[PHONE.width, []], [NARROW.width, []]]);
    for (const url of urls) {
      await page.setViewportSize(PHONE);
      await page.goto(h.base + url, { waitUntil: 'load' });
      visits.get(PHONE.width)!.push({ url, ...(await checks(page)) });
      await page.setViewportSize(NARROW);
      visits.get(NARROW.width)!.push({ url, ...(await checks(page)) });
    }
    await context.close();
    return visits;
  })();
  return (await sweep).get(viewport.width)!;
}

function checks(page: Page): Promise<Omit<Visit, 'url'>> {
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

    // Every review card shown is a sample (content marks each sample: true until real ones come): its label shows, in the page's language.
    const reviews = [...document.querySelectorAll('.review')].map((card) => {
      const label = card.querySelector<HTMLElement>('.review__sample');
      const shown = !!label && label.getClientRects().length > 0 && getComputedStyle(label).visibility !== 'hidden' && label.getBoundingClientRect().height > 8;
      return { name: card.querySelector('.review__name')?.textContent ?? '?', label: shown ? label!.textContent!.trim() : null };
    });

    document.documentElement.style.scrollBehavior = 'auto';
    const hidden: string[] = [];
    const floating = '.call-fab, .help';
    // Focus each element that takes focus, as Tab would (focus scrolls it into view, with the page's
    // scroll padding); it is hidden when every sampled point of its part in view is under a
    // floating button (WCAG 2.4.11: not entirely hidden).
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, iframe, summary, [tabindex]:not([tabindex="-1"])')]
      .filter((el) => !el.closest(floating) && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
    for (const el of focusable) {
      el.focus();
      if (document.activeElement !== el) continue;
      const r = el.getBoundingClientRect();
      const [left, right, top, bottom] = [Math.max(r.left, 0), Math.min(r.right, innerWidth), Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
      const what = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (right <= left || bottom <= top) {
        hidden.push(`focused ${what} is out of view`);
        continue;
      }
      const points = [0.1, 0.3, 0.5, 0.7, 0.9].flatMap((fx) => [0.2, 0.5, 0.8].map((fy) => [left + (right - left) * fx, top + (bottom - top) * fy] as const));
      const under = points.every(([x, y]) => {
        const over = document.elementFromPoint(Math.min(x, innerWidth - 1), Math.min(y, innerHeight - 1));
        return !!over?.closest(floating) && !el.contains(over);
      });
      if (under) hidden.push(`focused ${what} is under a floating button`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    // The end of the page: the footer's last line is not under a floating button.
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined))));
    const line = [...document.querySelectorAll('.site-footer__bottom p')].at(-1)!.getBoundingClientRect();
    const buttons = [...document.querySelectorAll('.call-fab, .help__toggle')].map((el) => el.getBoundingClientRect()).filter((b) => b.width > 0);
    if (buttons.some((f) => f.top < line.bottom && f.bottom > line.top && f.left < line.right && f.right > line.left)) hidden.push('the last line is under a floating button');
    return { wrapped, bare, form, last, reviews, hidden };
  });
}

describe('every page', () => {
  it('keeps every phone number on one line, and every phone number is a tel: link', async () => {
    const failures: string[] = [];
    for (const { url, wrapped, bare } of await everyPage(PHONE)) {
      for (const w of wrapped) failures.push(`${url}: "${w}" wraps`);
      for (const b of bare) failures.push(`${url}: "${b}" is not a tel: link`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('has its own booking form, or ends with a booking section with Book and Call', async () => {
    const failures: string[] = [];
    for (const { url, form, last } of await everyPage(PHONE)) {
      const legal = /\/(privacy|terms|accessibility|hipaa|good-faith-estimate|nondiscrimination)$/.test(url);
      if (!legal && !form && !(last?.book && last.call)) failures.push(`${url}: last section ${JSON.stringify(last)}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('at 360 and 390 px keeps every focused element at least partly clear of the floating buttons, and the last line too; labels every sample review it shows', async () => {
    const failures: string[] = [];
    let labelled = 0;
    for (const viewport of [NARROW, PHONE]) {
      for (const { url, reviews, hidden } of await everyPage(viewport)) {
        for (const card of reviews) {
          if (card.label === (url.startsWith('/es/') ? 'Reseña de ejemplo' : 'Sample review')) labelled += 1;
          else failures.push(`${url} at ${viewport.width}px: review by ${card.name} shows no sample label (${card.label})`);
        }
        for (const problem of hidden) failures.push(`${url} at ${viewport.width}px: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    expect(labelled).toBeGreaterThan(0);
  }, 240_000);
});

describe('printed', () => {
  it('the Good Faith Estimate prints on two sheets in each language: the text and where its links lead, no buttons, menus, help or frames', async () => {
    for (const path of ['/good-faith-estimate', '/es/good-faith-estimate']) {
      const { page, context } = await h.open(path, DESKTOP);
      const pdf = await page.pdf({ format: 'Letter' });
      expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length, path).toBeLessThanOrEqual(2);
      await page.emulateMedia({ media: 'print' });
      const shown = await page.evaluate(() => {
        const visible = (selector: string) => [...document.querySelectorAll(selector)].some((el) => getComputedStyle(el).display !== 'none' && (el as HTMLElement).offsetParent !== null);
        const link = document.querySelector('main a[href^="https://www.cms.gov"]')!;
        return {
          buttons: visible('.site-header__actions'), help: visible('.help'), call: visible('.call-fab'), nav: visible('.nav'),
          target: getComputedStyle(link, '::after').content,
          cards: getComputedStyle(document.querySelector('.contact-list li')!).breakInside,
        };
      });
      expect(shown, path).toEqual({ buttons: false, help: false, call: false, nav: false, target: expect.stringContaining('https://www.cms.gov'), cards: 'avoid' });
      await context.close();
    }
  });
});
