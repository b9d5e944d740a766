// Where each clinic card's Call link ends on the home page, from its top, and how much of that the notices above it
// (the banner, a card's own) take: a closure the office posts comes first, however long.
import type { Page } from 'playwright-core';

export function clinicCards(page: Page): Promise<{ bottom: number; notices: number; hours: boolean }[]> {
  return page.locator('#locations .location').evaluateAll((els) => els.map((el) => {
    const call = el.querySelector('a[href^="tel:"]')!.getBoundingClientRect();
    const notices = [...document.querySelectorAll('.notices, .location__notice')].filter((n) => n.getBoundingClientRect().bottom <= call.top);
    const height = (n: Element) => n.getBoundingClientRect().height + parseFloat(getComputedStyle(n).marginTop) + parseFloat(getComputedStyle(n).marginBottom);
    return { bottom: call.bottom + window.scrollY, notices: notices.reduce((sum, n) => sum + height(n), 0), hours: !!el.querySelector('.hours') };
  }));
}
