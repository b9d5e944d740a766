// Comfort on every page: no horizontal scrolling at 320px, text that still fits at 200% zoom,
// touch targets of at least 24×24 CSS px, and no motion for people who ask for less.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { htmlFiles, urlOf } from '../quality/lib/site.ts';

let h: Harness;
let urls: string[];
beforeAll(async () => {
  h = await startHarness();
  urls = htmlFiles(h.dist).map(urlOf);
});
afterAll(() => h.close());

type Viewport = { width: number; height: number };
type Check = (page: Page) => Promise<string[]>;

/**
 * Visits every page once, in one tab, and runs each check at its viewport by resizing the loaded page
 * (as a visitor zooming or turning a phone does; the stylesheet's media queries are widths only, and no
 * island reads the width as it starts). A load costs more than all three checks; each test reads its share.
 */
let sweep: Promise<Map<string, string[]>> | undefined;
function everyPage(): Promise<Map<string, string[]>> {
  sweep ??= (async () => {
    const checks = CHECKS;
    const [first] = Object.values(checks);
    const { page, context } = await h.open('/', first![0]);
    const problems = new Map(Object.keys(checks).map((name) => [name, [] as string[]]));
    for (const url of urls) {
      await page.setViewportSize(first![0]);
      await page.goto(h.base + url, { waitUntil: 'load' });
      for (const [name, [viewport, check]] of Object.entries(checks)) {
        await page.setViewportSize(viewport);
        for (const problem of await check(page)) problems.get(name)!.push(`${url}: ${problem}`);
      }
    }
    await context.close();
    return problems;
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

/** Each check, at its viewport; the page loads at the first. */
const CHECKS: Record<string, [Viewport, Check]> = {
  targets: [{ width: 390, height: 844 }, smallTargets],
  narrow: [{ width: 320, height: 640 }, horizontalOverflow],
  zoomed: [{ width: 640, height: 400 }, async (page) => [...(await horizontalOverflow(page)), ...(await clippedText(page))]],
};

describe('comfort', () => {
  it('no page scrolls sideways at 320px', async () => {
    const problems = (await everyPage()).get('narrow')!;
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);

  it('text still fits at 200% zoom (a 1280px window shows 640 CSS px): no sideways scroll, no clipped text', async () => {
    const problems = (await everyPage()).get('zoomed')!;
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);

  it('every control and stand-alone link is at least 24×24 CSS px at 390px', async () => {
    const problems = (await everyPage()).get('targets')!;
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);

  it('prefers-reduced-motion turns transitions and animations off', async () => {
    for (const url of ['/', '/es/services/vaccines']) {
      const { page, context } = await h.open(url, { width: 1280, height: 800 }, { reducedMotion: true });
      await page.locator('.dropdown__toggle').hover();
      const moving = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('*')]
          .map((el) => ({ el, style: getComputedStyle(el) }))
          .filter(({ style }) => {
            const longest = (value: string) => Math.max(...value.split(',').map((v) => parseFloat(v) * (v.trim().endsWith('ms') ? 0.001 : 1)));
            return longest(style.transitionDuration) > 0.01 || (style.animationName !== 'none' && longest(style.animationDuration) > 0.01);
          })
          .slice(0, 5)
          .map(({ el, style }) => `${el.tagName.toLowerCase()}.${el.className}: transition ${style.transitionDuration}, animation ${style.animationName} ${style.animationDuration}`),
      );
      expect(moving, `${url}\n${moving.join('\n')}`).toEqual([]);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).not.toBe('smooth');
      await context.close();
    }
  });
});
