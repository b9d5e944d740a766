// What a patient on a phone (and at a desk) relies on, in both languages: no empty or broken box when
// the form and map hosts fail, the three clinics with hours and a call link within two phone screens
// of home, the phone menu opening on Book, Call, Locations and Insurance, and the Good Faith Estimate
// printing on two sheets without the buttons, menus and help. What a patient relies on on every page
// (phone numbers, a way to book, nothing floating over focus, sample reviews labelled) is checked in
// every-page.slow.test.ts, in the one visit each page gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { clinicCards } from '../helpers/clinics.ts';
import { clinics, practice } from '../helpers/facts.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Opens a page with the form and maps hosts failing, as an ad blocker or an outage would. */
async function openBlocked(path: string, viewport: { width: number; height: number }) {
  const requested: string[] = [];
  const thirdParty = (route: Route) => {
    requested.push(route.request().url());
    return route.abort();
  };
  const opened = await h.open(undefined, viewport, { thirdParty });
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
        expect(new URL((await page.locator('.map-card').nth(1).locator('iframe').getAttribute('src'))!).searchParams.get('q')).toContain(clinics[1]!.street);
        await context.close();
      }
    });

    it('shows the three clinics with hours and a call link within two phone screens of home, and a notice above them pushes them by its own height only', async () => {
      // On a Tuesday evening in Florida, when "open now" is longest: closed, opening on Wednesday (miércoles).
      const { page, context } = await h.open(home, PHONE, { at: new Date('2026-12-02T00:30:00Z') });
      await page.locator('#locations .location').nth(2).locator('.open-now').filter({ hasText: /\S/ }).waitFor();
      const cards = await clinicCards(page);
      expect(cards).toHaveLength(3);
      for (const card of cards) {
        expect(card.hours).toBe(true);
        expect(card.bottom - card.notices).toBeLessThanOrEqual(2 * PHONE.height);
      }
      await context.close();
    });

    it('opens the phone menu on Book, Call, Locations and Insurance, with the services folded away', async () => {
      const { page, context } = await h.open(home, PHONE);
      await page.locator('.menu-toggle').click();
      const first = await page.locator('#mobile-menu .mobile-menu__list > li > a').evaluateAll((els) => els.slice(0, 4).map((el) => el.getAttribute('href')));
      const prefix = lang === 'es' ? '/es' : '';
      expect(first).toEqual([`${prefix}/contact#appointment`, `tel:${practice.phone.e164}`, `${prefix}/locations`, `${prefix}/insurance`]);
      const services = page.locator('#mobile-menu details');
      expect(await services.locator('.mobile-menu__sub a').first().isVisible()).toBe(false);
      // It shows it opens: an arrow at its end (its row would otherwise look like the links around it), turned when open.
      const arrow = services.locator('summary svg');
      await expect(arrow.isVisible()).resolves.toBe(true);
      const closed = await arrow.evaluate((el) => getComputedStyle(el).transform);
      await services.locator('summary').press('Enter');
      expect(await services.locator('.mobile-menu__sub a').first().isVisible()).toBe(true);
      await expect.poll(() => arrow.evaluate((el) => getComputedStyle(el).transform)).not.toBe(closed);
      await context.close();
    });
  });
}

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
