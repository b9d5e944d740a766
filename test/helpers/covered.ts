// What lies over a page on a phone, as a patient meets it: every heading, link, button and form frame
// in main, and everything that takes focus anywhere, must be the element at its own centre (nothing
// fixed or sticky on top of it) at the top of the page, and again once scrolled to, each in turn, the
// nearest way (as Tab or a link to it would), so one below comes up from the bottom edge, where
// floating buttons sit. The scrolling runs without a pause, so whatever floats once the page has
// scrolled stays shown for all of it. Fixed elements are found by their computed position, not by name.
import type { Page } from 'playwright-core';

export interface Covered {
  /** "at the top, h2 "Our values" is under a.call-fab", one a line. */
  problems: string[];
  /** How many elements were checked, and how many fixed elements showed once the page had scrolled. */
  checked: number;
  floating: number;
}

export function covered(page: Page): Promise<Covered> {
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
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('title') || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const focusable = 'a[href], button, input, select, textarea, iframe, summary, [tabindex]:not([tabindex="-1"])';
    const targets = [...new Set([...document.querySelectorAll(`main :is(h1, h2, h3, h4, h5, h6), ${focusable}`)])].filter((el) => shown(el) && !(el.closest('main') === null && getComputedStyle(pinned(el) ?? document.body).position === 'fixed'));
    /** What lies on the centre of el, when it is in view and something pinned (not holding el) does. */
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
