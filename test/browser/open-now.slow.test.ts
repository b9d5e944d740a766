// "Open now" per clinic, in Chromium, with the clock set and the browser in Tokyo (14 hours ahead of
// Florida in December): what each card says proves the practice's time zone is used, across a
// weekday, a Saturday, a Sunday, before opening, and a closure posted as a notice (Miami, December
// 24–25), in both languages. Before the script runs the hours list stands alone.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.ts';
import { createDistServer, listen } from '../../src/serve/server.ts';
import { CHROMIUM, CHROMIUM_ARGS, PHONE } from '../helpers/browser.ts';
import { sandbox, SITE, STATIC, type Sandbox } from '../helpers/fixtures.ts';

let site: Sandbox;
let browser: Browser;
let server: ReturnType<typeof createDistServer>;
let base: string;

beforeAll(async () => {
  site = await sandbox();
  // The hours these moments are read against, written here (as the editor saves them), so the staff
  // may change the practice's real hours and this test still says what it means.
  const hours = 'hours:\n  - days: [Mo, Tu, We, Th, Fr]\n    opens: "08:00"\n    closes: "18:00"\n  - days: [Sa]\n    opens: "09:00"\n    closes: "14:00"\n';
  const rewrite = async (file: string, change: (text: string) => string) => site.write(file, change(await readFile(join(site.content, file), 'utf8')));
  await rewrite('site.yaml', (text) => text.replace(/^hours:\n(?:[ -].*\n)+/m, hours));
  await rewrite('locations.yaml', (text) => text.replace(/^(\s+)hours:\n(?:\1[ -].*\n)+/gm, ''));
  await site.write('notices.yaml', '- location: miami\n  closed:\n    from: "2026-12-24"\n    to: "2026-12-25"\n  text:\n    en: Our Miami office is closed December 24 and 25.\n    es: Nuestro consultorio de Miami estará cerrado el 24 y el 25 de diciembre.\n');
  const out = join(site.dir, 'out');
  await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date('2026-12-15T15:00:00Z'), compress: false });
  server = createDistServer(out);
  base = await listen(server, 0, '127.0.0.1');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  server?.close();
  await site?.cleanup();
});

/** What the Kissimmee and Miami cards say at a moment (given in UTC), seen from Tokyo. */
async function openNow(path: string, moment: string): Promise<{ kissimmee: string; miami: string }> {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(moment));
  await page.goto(base + path);
  await page.locator('#miami .open-now').filter({ hasText: /\S/ }).waitFor();
  // Spaces as words are read (a time is held together by a no-break space; a test below says so).
  const read = async (id: string) => (await page.locator(`#${id} .open-now`).textContent())!.trim().replace(/\s+/g, ' ');
  const result = { kissimmee: await read('kissimmee'), miami: await read('miami') };
  await context.close();
  return result;
}

describe('open now, in the practice\'s time zone (the browser is in Tokyo)', () => {
  it('a weekday morning: open, closes at 6:00 PM; before 8: opens today', async () => {
    expect(await openNow('/locations', '2026-12-16T15:00:00Z')).toEqual({ kissimmee: 'Open now · closes at 6:00 PM', miami: 'Open now · closes at 6:00 PM' });
    expect((await openNow('/locations', '2026-12-16T12:00:00Z')).kissimmee).toBe('Closed now · opens today at 8:00 AM');
  });

  it('a weekday evening in Florida (already Thursday morning in Tokyo): closed, opens Thursday', async () => {
    expect((await openNow('/locations', '2026-12-17T00:30:00Z')).kissimmee).toBe('Closed now · opens Thursday at 8:00 AM');
  });

  it('a Saturday closes at 2:00 PM; a Sunday opens Monday', async () => {
    expect((await openNow('/locations', '2026-12-19T18:00:00Z')).kissimmee).toBe('Open now · closes at 2:00 PM');
    expect((await openNow('/locations', '2026-12-20T17:00:00Z')).kissimmee).toBe('Closed now · opens Monday at 8:00 AM');
  });

  it('during the closure: Miami closed until Saturday, the others open', async () => {
    expect(await openNow('/locations', '2026-12-24T15:00:00Z')).toEqual({ kissimmee: 'Open now · closes at 6:00 PM', miami: 'Closed now · opens Saturday at 9:00 AM' });
  });

  it('in Spanish', async () => {
    const es = await openNow('/es/locations', '2026-12-24T15:00:00Z');
    expect(es.kissimmee).toMatch(/^Abierto ahora · cierra a las 6:00 p\.\s?m\.$/);
    expect(es.miami).toMatch(/^Cerrado ahora · abre el sábado a las 9:00 a\.\s?m\.$/);
  });
});
