// No motion for people who ask for less. The other comfort checks (no sideways scrolling at 320px, text
// that still fits at 200% zoom, touch targets of at least 24×24 CSS px) look at every page, and are
// made in every-page.slow.test.ts, in the one visit each page gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/browser.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('comfort', () => {
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
