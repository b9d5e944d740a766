// Screenshots of the staff editor for docs/editing.md: the sign-in page and a page's text in English
// and Spanish side by side. Builds nothing: run after `./bin/site build` (it serves dist/ on 127.0.0.1,
// offline, with the in-browser test repository seeded from content/).
// Usage: node --import tsx scripts/editor-screenshots.ts [dist]
import { chromium } from 'playwright-core';
import { createDistServer, listen } from '../src/serve/server.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/helpers/browser.ts';
import { contentFiles, seedTestRepo, useTestRepo } from './editor-test-repo.ts';

const dist = process.argv[2] ?? 'dist';
const server = createDistServer(dist);
const base = await listen(server, 0, '127.0.0.1');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${base}/admin/`);
  // With the site's sign-in helper: "Sign In with GitHub" (docs/editing.md, "Sign in").
  const github = page.getByRole('button', { name: /^Sign In with \W*GitHub\W*$/ });
  await github.waitFor();
  const offered = await page.getByRole('button').allTextContents();
  console.log(`sign-in page offers: ${offered.map((t) => t.trim()).filter(Boolean).join(' | ')}`);
  // The two ways in that the live site offers ("Work with Local Repository", above them, is offered on
  // this machine only, for developers).
  const box = (await github.boundingBox())!;
  await page.screenshot({ path: 'docs/images/editor-sign-in.png', clip: { x: 0, y: box.y - 60, width: 1280, height: 180 } });

  await useTestRepo(context);
  await page.reload();
  const button = page.getByRole('button', { name: 'Work with Test Repository' });
  await button.waitFor();
  await seedTestRepo(page, contentFiles('content'));
  await button.click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'docs/images/editor-collections.png' });
  await page.goto(`${base}/admin/#/collections/pages`);
  await page.getByText('Locations (/locations)', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Save' }).waitFor();
  const spanish = page.getByRole('radio', { name: 'Spanish' });
  await spanish.nth((await spanish.count()) - 1).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'docs/images/editor-side-by-side.png' });
} finally {
  await browser.close();
  server.close();
}
