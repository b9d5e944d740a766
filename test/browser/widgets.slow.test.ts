// The three widgets in a real browser, by mouse, touch width and keyboard: the services dropdown,
// the mobile menu and the help widget; plus the 404 page's console message and JavaScript-off pages.
import { listedServices } from '../helpers/content.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { practice, uiIn } from '../helpers/facts.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const focusedText = (page: import('playwright-core').Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim() ?? '');

describe('services dropdown (1280px)', () => {
  it('opens on hover, lists every listed service under its heading, and closes when the mouse leaves', async () => {
    const { page, context } = await h.open('/about', DESKTOP);
    const toggle = page.locator('.nav').getByRole('button', { name: 'Services' });
    const panel = page.locator('#services-menu');
    await expect(panel.isVisible()).resolves.toBe(false);
    await toggle.hover();
    await panel.waitFor({ state: 'visible' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(panel.locator('a[href^="/services/"]').count()).resolves.toBe(await listedServices());
    // The aesthetic heading is text, not a link.
    const heading = panel.locator('.dropdown__heading');
    await expect(heading.textContent()).resolves.toBe('Aesthetic Services');
    await expect(heading.evaluate((el) => el.closest('a'))).resolves.toBeNull();
    await page.mouse.move(5, 700);
    await panel.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('opens and closes by click', async () => {
    const { page, context } = await h.open('/', DESKTOP);
    const toggle = page.locator('.nav').getByRole('button', { name: 'Servicios' }).or(page.locator('.nav').getByRole('button', { name: 'Services' }));
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.locator('#services-menu').waitFor({ state: 'visible' });
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('works by keyboard: Enter opens, arrows move, Escape closes and returns focus', async () => {
    const { page, context } = await h.open('/es/', DESKTOP);
    const toggle = page.locator('.nav').getByRole('button', { name: 'Servicios' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.getAttribute('href') === '/es/services');
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe('/es/services/primary-care');
    await page.keyboard.press('End');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe('/es/services/iv-therapy');
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.classList.contains('dropdown__toggle'))).resolves.toBe(true);
    // Space opens too; ArrowDown on the closed button opens it and focuses the first link.
    await page.keyboard.press('Space');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.getAttribute('href') === '/es/services');
    await context.close();
  });

  it('closes when focus leaves it', async () => {
    const { page, context } = await h.open('/', DESKTOP);
    const toggle = page.locator('.nav').getByRole('button', { name: 'Services' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    // Past "All services" and every listed service, and one more.
    for (let i = 0; i < (await listedServices()) + 2; i++) await page.keyboard.press('Tab');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('#services-menu').isVisible()).resolves.toBe(false);
    await context.close();
  });
});

describe('language toggle', () => {
  it('leads to the same page in the other language', async () => {
    const { page, context } = await h.open('/services/vaccines', DESKTOP);
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(`${h.base}/es/services/vaccines`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${h.base}/services/vaccines`);
    await context.close();
  });
});

describe('mobile menu (390px)', () => {
  it('shows the hamburger instead of the navigation, opens on tap and lists every page and service', async () => {
    const { page, context } = await h.open('/', PHONE);
    await expect(page.locator('.nav').isVisible()).resolves.toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu', exact: true });
    await toggle.tap();
    const panel = page.locator('#mobile-menu');
    await panel.waitFor({ state: 'visible' });
    await expect(page.locator('.menu-toggle').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.locator('.menu-toggle').getAttribute('aria-label')).resolves.toBe('Close menu');
    await expect(panel.locator('a[href^="/services/"]').count()).resolves.toBe(await listedServices());
    for (const href of ['/', '/about', '/services', '/insurance', '/reviews', '/locations', '/contact']) {
      await expect(panel.locator(`a[href="${href}"]`).count(), href).resolves.toBe(1);
    }
    await context.close();
  });

  it('closes when a link is chosen', async () => {
    const { page, context } = await h.open('/', PHONE);
    await page.locator('.menu-toggle').tap();
    // Keep the page from navigating so the menu's own reaction can be seen.
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { capture: true }));
    await page.locator('#mobile-menu a[href="/insurance"]').tap();
    await page.locator('#mobile-menu').waitFor({ state: 'hidden' });
    await expect(page.locator('.menu-toggle').getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { page, context } = await h.open('/es/contact', PHONE);
    const toggle = page.getByRole('button', { name: 'Abrir menú', exact: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await page.locator('#mobile-menu').waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).resolves.toBe(true);
    await context.close();
  });

  it('has a call button bottom-left on phones only, once the first screen (with its own call buttons) has scrolled away', async () => {
    const phone = await h.open('/', PHONE);
    const fab = phone.page.locator('.call-fab');
    const shown = () => fab.evaluate((el) => getComputedStyle(el).opacity !== '0' && getComputedStyle(el).pointerEvents !== 'none');
    await expect(shown()).resolves.toBe(false);
    await phone.page.evaluate(() => scrollTo(0, innerHeight));
    await expect.poll(shown).toBe(true);
    const box = (await fab.boundingBox())!;
    expect(box.x).toBeLessThan(PHONE.width / 2);
    expect(box.y).toBeGreaterThan(PHONE.height / 2);
    await expect(fab.getAttribute('href')).resolves.toBe(`tel:${practice.phone.e164}`);
    // In a landmark named as it is, which a screen reader lists; on a desktop, neither (no empty landmark).
    const landmark = (page: typeof phone.page) => page.getByRole('complementary', { name: uiIn('en').actions.callNow, exact: true });
    await expect(landmark(phone.page).getByRole('link').getAttribute('href')).resolves.toBe(`tel:${practice.phone.e164}`);
    await phone.context.close();
    const desktop = await h.open('/', DESKTOP);
    await expect(desktop.page.locator('.call-fab').isVisible()).resolves.toBe(false);
    await expect(landmark(desktop.page).count()).resolves.toBe(0);
    await desktop.context.close();
  });
});

describe('help widget', () => {
  for (const [name, viewport] of [['1280px', DESKTOP], ['390px', PHONE]] as const) {
    it(`toggles its panel and icon at ${name}, with book, insurance, directions to each clinic, call and the emergency numbers`, async () => {
      const { page, context } = await h.open('/reviews', viewport);
      // On a phone it shows once the first screen has scrolled away.
      await page.evaluate(() => scrollTo(0, innerHeight));
      const toggle = page.locator('.help__toggle');
      const box = (await toggle.boundingBox())!;
      expect(box.x).toBeGreaterThan(viewport.width / 2);
      const closedIcon = await toggle.locator('svg').innerHTML();
      const { help } = uiIn('en');
      await expect(toggle.getAttribute('aria-label')).resolves.toBe(help.open);
      await toggle.click();
      const panel = page.locator('#help-panel');
      await panel.waitFor({ state: 'visible' });
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(toggle.getAttribute('aria-label')).resolves.toBe(help.close);
      expect(await toggle.locator('svg').innerHTML()).not.toBe(closedIcon);
      await expect(panel.locator('a[href="/contact#appointment"]').count()).resolves.toBe(1);
      await expect(panel.locator('a[href="/insurance"]').count()).resolves.toBe(1);
      // The practice's number once, and the emergency note's 911, 988 and Poison Control.
      const call = panel.locator(`a[href="tel:${practice.phone.e164}"]`);
      await expect(call.count()).resolves.toBe(1);
      // Shown as content writes it, beside "Call us", on one line.
      await expect(call.locator('.nowrap').textContent()).resolves.toBe(practice.phone.display);
      await expect(panel.locator('.help__emergency a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).resolves.toEqual(['tel:911', 'tel:988', 'tel:+18002221222']);
      // Directions to each clinic, by name: a Hialeah patient is not sent to Kissimmee.
      const directions = panel.locator('a[target="_blank"][href^="https://www.google.com/maps"]');
      await expect(directions.allTextContents()).resolves.toEqual(['Directions to Kissimmee (opens in a new tab)', 'Directions to Miami (opens in a new tab)', 'Directions to Hialeah (opens in a new tab)'].map((t) => expect.stringContaining(t.split(' (')[0]!)));
      await expect(directions.nth(2).getAttribute('href')).resolves.toContain('Hialeah');
      await expect(panel.textContent()).resolves.toContain('911');
      await toggle.click();
      await panel.waitFor({ state: 'hidden' });
      expect(await toggle.locator('svg').innerHTML()).toBe(closedIcon);
      await context.close();
    });
  }

  it('opened from the keyboard, the next Tab reaches its first link; Escape closes it and returns focus to its button (Spanish labels)', async () => {
    const { page, context } = await h.open('/es/', PHONE);
    await page.evaluate(() => scrollTo(0, innerHeight));
    const toggle = page.getByRole('button', { name: uiIn('es').help.open, exact: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('#help-panel').waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement === document.querySelector('#help-panel a'))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('#help-panel').waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.classList.contains('help__toggle'))).resolves.toBe(true);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('pages stay navigable: Services is a link, the menu button leads to the footer links', async () => {
    const { page, context } = await h.open('/', PHONE, { javaScript: false });
    await expect(page.locator('a.menu-toggle').getAttribute('href')).resolves.toBe('#footer-nav');
    await expect(page.locator('#footer-nav a[href="/services"]').count()).resolves.toBe(1);
    await expect(page.locator('.nav a[href="/services"]').count()).resolves.toBe(1);
    await context.close();
  });

  it('a clinic card leaves no empty line where "open now" would be: its address follows its title', async () => {
    const { page, context } = await h.open('/locations', PHONE, { javaScript: false });
    const card = page.locator('.location').first();
    await expect(card.locator('.open-now').isVisible()).resolves.toBe(false);
    // Between them only the title's own margin.
    const { gap, margin } = await card.evaluate((el) => {
      const title = el.querySelector('h2, h3')!;
      const address = el.querySelector('.location__address, address')!.getBoundingClientRect();
      return { gap: address.top - title.getBoundingClientRect().bottom, margin: parseFloat(getComputedStyle(title).marginBottom) };
    });
    expect(gap).toBeLessThanOrEqual(margin + 1);
    await context.close();
  });
});

describe('the 404 page', () => {
  it('logs the bad path to the console in the right language\'s page', async () => {
    const { page, console: messages, context } = await h.open('/es/servicios/nada', DESKTOP);
    // The page's one heading: the code, then the message.
    await expect(page.locator('h1').textContent()).resolves.toMatch(/^404\S/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    expect(messages.some((m) => m.startsWith('error: 404: no page at /es/servicios/nada'))).toBe(true);
    await context.close();
  });
});

// That every page hydrates with no page error or console error is checked on every page, in
// every-page.slow.test.ts.
