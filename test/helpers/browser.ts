// Browser tests: Debian's Chromium driven by playwright-core (never a downloaded browser), against
// the real built site served on 127.0.0.1 by our own server. They run its headless shell (Debian's
// chromium-headless-shell, the same Blink and V8 as chromium; what playwright runs for headless by
// default): a new page there opened and loaded in 0.56 s here against 1.5 s in the full browser,
// which took the browser tests from 274 to 168 s.
import type { Server } from 'node:http';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { inject } from 'vitest';
import { createDistServer, listen } from '../../src/serve/server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Harness {
  browser: Browser;
  base: string;
  dist: string;
  /**
   * A new page at a viewport, with console messages and page errors collected, at path (none: a blank
   * page, for a test that goes to its pages itself; a load costs ~1 s here). Requests off this origin
   * are answered with an empty page, or handed to `thirdParty`.
   */
  open(path: string | undefined, viewport?: { width: number; height: number }, options?: { reducedMotion?: boolean; javaScript?: boolean; at?: Date; thirdParty?: (route: Route) => Promise<void> }): Promise<OpenPage>;
  close(): Promise<void>;
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  console: string[];
  errors: string[];
}

/** Serves the built dist/ (with its _headers, as a static host would) and starts Chromium. */
export async function startHarness(): Promise<Harness> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium-headless-shell, or set CHROMIUM_PATH (see .ci/run)`);
  const dist = inject('distDir');
  const server: Server = createDistServer(dist);
  const base = await listen(server, 0, '127.0.0.1');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    browser,
    base,
    dist,
    async open(path, viewport = DESKTOP, options = {}) {
      const context = await browser.newContext({
        viewport,
        reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
        javaScriptEnabled: options.javaScript ?? true,
        hasTouch: viewport.width < 600,
        isMobile: false,
      });
      // The lead form and the map are third-party frames: keep tests on loopback.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, options.thirdParty ?? ((route) => route.fulfill({ status: 204, body: '' })));
      const page = await context.newPage();
      const opened: OpenPage = { page, context, console: [], errors: [] };
      page.on('console', (m) => opened.console.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => opened.errors.push(e.message));
      // A page whose text depends on the clock (open now) is seen at a set moment, not at whatever time the suite runs.
      if (options.at) await page.clock.setFixedTime(options.at);
      if (path === undefined) return opened;
      await page.goto(base + path, { waitUntil: 'load' });
      if (options.javaScript !== false) await page.waitForFunction(() => document.querySelectorAll('site-island button').length > 0 || !document.querySelector('site-island'));
      return opened;
    },
    async close() {
      await browser.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
