// In Chromium on a phone (390 px wide, device pixel ratio 3): a page with a processed photo loads
// the AVIF (the browser's first choice) of the smallest width that covers the screen, or the largest
// made, and nothing moves as it arrives (cumulative layout shift 0: width and height are known).
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.ts';
import { createDistServer, listen } from '../../src/serve/server.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser.ts';
import { FIXTURE, ROOT } from '../helpers/fixtures.ts';

let tmp: string;
let browser: Browser;
let base: string;
let server: ReturnType<typeof createDistServer>;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-images-browser-'));
  await mkdir(join(tmp, 'static/photos'), { recursive: true });
  await writeFile(join(tmp, 'static/photos/wide.jpg'), await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c86432' } }).jpeg().toBuffer());
  await cp(join(FIXTURE, 'content'), join(tmp, 'content'), { recursive: true });
  for (const locale of ['fr', 'en', 'de']) {
    const note = join(tmp, 'content', locale, 'notes/welcome.md');
    await writeFile(note, `${await readFile(note, 'utf8')}\n![The bakery's front](/photos/wide.jpg)\n\nAfter the photo.\n`);
  }
  await build({ site: join(ROOT, 'test/fixtures/images-site/site.config.ts'), contentDir: join(tmp, 'content'), staticDir: join(tmp, 'static'), outDir: join(tmp, 'dist') });
  server = createDistServer(join(tmp, 'dist'));
  base = await listen(server, 0, '127.0.0.1');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => server.close(() => done()));
  await rm(tmp, { recursive: true, force: true });
  await rm(join(ROOT, 'node_modules/.cache/sitewright/images'), { recursive: true, force: true });
});

describe('a processed photo on a phone', () => {
  it('loads the AVIF of the smallest width that covers 390 px at 3x (1,170 px: the 1,280 one), with no layout shift', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname);
    });
    await page.goto(`${base}/en/notes/welcome`, { waitUntil: 'load' });
    await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    expect(images.map((p) => p.replace(/-[0-9a-f]{10}-/, '-#-'))).toEqual(['/assets/images/wide-#-1280.avif']);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    const box = await page.locator('img').boundingBox();
    expect(box!.width).toBeGreaterThan(0);
    await context.close();
  }, 60_000);
});
