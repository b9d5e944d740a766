// Speculation Rules: a same-origin page is prefetched when the visitor hovers its link, and the
// click is then served from that prefetch. The rules come from /speculation-rules.json through the
// Speculation-Rules header of dist/_headers (no inline script: the CSP stays strict).
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDistServer, listen } from '../../src/serve/server.ts';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP } from '../helpers/browser.ts';
import { get } from '../helpers/http.ts';

interface Logged {
  path: string;
  purpose: string | undefined;
}

let server: Server;
let browser: Browser;
let base: string;
const requests: Logged[] = [];

beforeAll(async () => {
  // The server logs every request it is asked for, with the browser's Sec-Purpose header.
  server = createDistServer(inject('distDir'), {
    before(req, _res, pathname) {
      requests.push({ path: pathname, purpose: req.headers['sec-purpose'] as string | undefined });
      return false;
    },
  });
  base = await listen(server, 0, '127.0.0.1');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

describe('speculation rules', () => {
  it('are announced by a header and served with their content type', async () => {
    const page = await get(base, '/');
    expect(page.headers['speculation-rules']).toBe('"/speculation-rules.json"');
    const rules = await get(base, '/speculation-rules.json');
    expect(rules.headers['content-type']).toBe('application/speculationrules+json');
    // Hover or tap, and only paths of this origin (a relative pattern): never the form or maps
    // hosts, nor tel: and mailto: links.
    const [rule] = JSON.parse(rules.body).prefetch;
    expect(rule.eagerness).toBe('moderate');
    expect(rule.where.and[0]).toEqual({ href_matches: '/*' });
  });

  it('prefetch a hovered same-origin link, and the click is served from the prefetch', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    // Third-party frames (lead form, maps) never leave the machine.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }));
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: 'load' });
    requests.length = 0;

    const link = page.locator('main a[href="/about"], footer a[href="/about"]').first();
    await link.hover();
    await expect.poll(() => requests.filter((r) => r.path === '/about'), { timeout: 10_000 }).toEqual([{ path: '/about', purpose: 'prefetch' }]);

    await Promise.all([page.waitForURL(`${base}/about`), link.click()]);
    const deliveryType = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType);
    expect(deliveryType).toBe('navigational-prefetch');
    // The page came from the prefetch: the server was not asked for it again.
    expect(requests.filter((r) => r.path === '/about')).toHaveLength(1);
    await context.close();
  });
});
