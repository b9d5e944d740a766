// A keyboard-only visit: from the top, Tab reaches the skip link first, then the navigation; the
// Services dropdown opens and is walked with the keyboard; the language toggle, the call button,
// the main content and the help widget are reachable; focus is always visible; Escape closes what
// is open and gives focus back; and nothing traps focus.
import type { Page } from 'playwright-core';
import { listedServices } from '../helpers/content.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { practice } from '../helpers/facts.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface Focused {
  label: string;
  className: string;
  href: string | null;
  inMain: boolean;
  visibleFocus: boolean;
  inViewport: boolean;
}

/** Presses Tab and describes where focus went, including whether a focus indicator shows. */
async function tab(page: Page, key = 'Tab'): Promise<Focused> {
  await page.keyboard.press(key);
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none';
    const rect = el.getBoundingClientRect();
    return {
      label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' '),
      className: el.className && typeof el.className === 'string' ? el.className : el.tagName.toLowerCase(),
      href: el.getAttribute('href'),
      inMain: !!el.closest('main'),
      visibleFocus: el === document.body || outline || shadow,
      inViewport: rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight,
    };
  });
}

describe('keyboard walkthrough at 1280px', () => {
  it('reaches the skip link first, then the navigation, toggle, call button, content and help widget', async () => {
    const { page, context } = await h.open('/', DESKTOP);
    const first = await tab(page);
    expect(first.className).toContain('skip-link');
    expect(first.label).toBe('Skip to main content');
    expect(first.inViewport, 'the skip link shows when focused').toBe(true);
    const order: Focused[] = [first];
    for (let i = 0; i < 200; i++) {
      const next = await tab(page);
      if (next.className.includes('skip-link')) break; // wrapped around: nothing trapped focus
      order.push(next);
    }
    const index = (test: (f: Focused) => boolean) => order.findIndex(test);
    const nav = index((f) => f.href === '/about');
    expect(nav, 'navigation follows the skip link and logo').toBeGreaterThan(0);
    expect(nav).toBeLessThan(4);
    expect(index((f) => f.className.includes('dropdown__toggle'))).toBeGreaterThan(nav);
    expect(index((f) => f.className.includes('lang-toggle'))).toBeGreaterThan(nav);
    expect(index((f) => f.className.includes('btn--call'))).toBeGreaterThan(0);
    expect(index((f) => f.inMain)).toBeGreaterThan(index((f) => f.className.includes('btn--call')));
    expect(index((f) => f.className.includes('help__toggle'))).toBeGreaterThan(0);
    const invisible = order.filter((f) => !f.visibleFocus).map((f) => `${f.className} "${f.label}"`);
    expect(invisible, 'elements without a visible focus indicator').toEqual([]);
    expect(order.length, 'Tab went round the page and back to the skip link').toBeLessThan(200);
    await context.close();
  });

  it('the skip link moves focus to the main content', async () => {
    const { page, context } = await h.open('/services/vaccines', DESKTOP);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    const next = await tab(page);
    expect(next.inMain).toBe(true);
    await context.close();
  });

  it('opens the Services dropdown, walks it, and Escape returns focus to its button', async () => {
    const { page, context } = await h.open('/es/about', DESKTOP);
    let focused = await tab(page);
    while (!focused.className.includes('dropdown__toggle')) focused = await tab(page);
    await page.keyboard.press('Enter');
    const links: string[] = [];
    // "All services", then every listed service.
    for (let i = 0; i < (await listedServices()) + 1; i++) {
      const item = await tab(page, 'ArrowDown');
      expect(item.visibleFocus, item.label).toBe(true);
      links.push(item.href!);
    }
    expect(links[0]).toBe('/es/services');
    expect(links.filter((l) => l.startsWith('/es/services/'))).toHaveLength(await listedServices());
    await page.keyboard.press('Escape');
    await expect(page.evaluate(() => document.activeElement?.classList.contains('dropdown__toggle'))).resolves.toBe(true);
    await expect(page.locator('#services-menu').isVisible()).resolves.toBe(false);
    await context.close();
  });
});

describe('keyboard at 390px', () => {
  it('reaches the menu button, walks the open menu, and Escape closes it', async () => {
    const { page, context } = await h.open('/', PHONE);
    let focused = await tab(page);
    expect(focused.className).toContain('skip-link');
    for (let i = 0; i < 10 && !focused.className.includes('menu-toggle'); i++) focused = await tab(page);
    expect(focused.className).toContain('menu-toggle');
    await page.keyboard.press('Enter');
    // The main tasks come first: Book, Call, Locations, Insurance.
    const order = [];
    for (let i = 0; i < 4; i++) order.push(await tab(page));
    expect(order.map((f) => f.href)).toEqual(['/contact#appointment', `tel:${practice.phone.e164}`, '/locations', '/insurance']);
    expect(order.every((f) => f.visibleFocus)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).resolves.toBe(true);
    await expect(page.locator('#mobile-menu').isVisible()).resolves.toBe(false);
    await context.close();
  });
});
