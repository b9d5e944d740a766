// npm run audit: builds the site, serves it on 127.0.0.1 and runs Lighthouse 12 (mobile preset) on
// home, a service page, contact and reviews in both languages, printing the four category scores.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from '../src/pipeline/build.ts';
import { createDistServer, listen } from '../src/serve/server.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAGES = ['/', '/services/vaccines', '/contact', '/reviews', '/es/', '/es/services/vaccines', '/es/contact', '/es/reviews'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const work = await mkdtemp(join(tmpdir(), 'site-audit-'));
const dist = join(work, 'dist');
let server: ReturnType<typeof createDistServer> | undefined;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await build({ site: join(ROOT, 'site.config.ts'), contentDir: join(ROOT, 'content'), staticDir: join(ROOT, 'static'), outDir: dist });
  server = createDistServer(dist);
  const base = await listen(server, 0, '127.0.0.1');
  const rows: string[][] = [];
  const failures: string[] = [];
  for (const path of PAGES) {
    const result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const lhr = result!.lhr;
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    rows.push([path, ...scores.map(String)]);
    for (const [i, c] of CATEGORIES.entries()) {
      if (scores[i]! < 100) {
        const lost = lhr.categories[c]!.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id]!.displayValue ?? lhr.audits[ref.id]!.score})`);
        failures.push(`${path} ${c} ${scores[i]}: ${lost.join(', ')}`);
      }
    }
  }
  const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (failures.length) console.log(`\nBelow 100:\n${failures.join('\n')}`);
} finally {
  await chrome.kill();
  server?.close();
  await rm(work, { recursive: true, force: true });
}
