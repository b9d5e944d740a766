// Screenshots of the staff editor for docs/editing.md: the sign-in page and a page's text in English
// and Spanish side by side. Builds nothing: run after `./bin/site build` (it serves dist/ on 127.0.0.1,
// offline, with the in-browser test repository seeded from content/).
// Usage: node --import tsx scripts/editor-screenshots.ts [dist]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import { parse, stringify } from 'yaml';
import { createDistServer, listen } from '../src/serve/server.ts';

const dist = process.argv[2] ?? 'dist';
const server = createDistServer(dist);
const base = await listen(server, 0, '127.0.0.1');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${base}/admin/`);
  await page.getByRole('button', { name: /Sign In with .*GitHub/ }).waitFor();
  await page.screenshot({ path: 'docs/images/editor-sign-in.png' });

  await context.route(/\/admin\/config\.yml(\?|$)/, async (route) => {
    const config = parse(await (await route.fetch()).text()) as Record<string, unknown>;
    await route.fulfill({ contentType: 'application/yaml', body: stringify({ ...config, backend: { name: 'test-repo' } }) });
  });
  await page.reload();
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else files[`content/${relative('content', path)}`] = readFileSync(path, 'utf8');
    }
  };
  walk('content');
  const button = page.getByRole('button', { name: 'Work with Test Repository' });
  await button.waitFor();
  await page.evaluate(async (files) => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('sveltia-cms-test', { recursive: true }).catch(() => undefined);
    const repo = await root.getDirectoryHandle('sveltia-cms-test', { create: true });
    for (const [path, text] of Object.entries(files)) {
      const parts = path.split('/');
      const name = parts.pop()!;
      let dir = repo;
      for (const part of parts) dir = await dir.getDirectoryHandle(part, { create: true });
      const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await w.write(text);
      await w.close();
    }
  }, files);
  await button.click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'docs/images/editor-collections.png' });
  await page.goto(`${base}/admin/#/collections/pages`);
  await page.getByText('Locations (/locations)', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Save' }).waitFor();
  await page.getByRole('radio', { name: 'Spanish' }).nth(1).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'docs/images/editor-side-by-side.png' });
} finally {
  await browser.close();
  server.close();
}
