// npm run audit: builds the site, serves it on 127.0.0.1 and runs Lighthouse 12 (mobile preset) on
// home, a service page, contact and reviews in both languages, printing the four category scores.
// --photos: the same site with photos the practice might upload (a service's and a clinic's entrance,
// generated here: 1,600 px with grain, as heavy as a phone's photo), audited on the pages that show them.
// --runs N: each page N times, the median of each score. --pages /,/es/: those pages only.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from '../src/pipeline/build.ts';
import { createDistServer, listen } from '../src/serve/server.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values: flags } = parseArgs({ options: { photos: { type: 'boolean', default: false }, runs: { type: 'string', default: '1' }, pages: { type: 'string' } } });
const RUNS = Math.max(1, Number(flags.runs));
const PAGES = flags.pages ? flags.pages.split(',') : flags.photos
  ? ['/services/vaccines', '/locations', '/es/services/vaccines', '/es/locations']
  : ['/', '/services/vaccines', '/contact', '/reviews', '/es/', '/es/services/vaccines', '/es/contact', '/es/reviews'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// Lighthouse is installed into tools/audit/ by `npm run audit` (scripts/tool.mjs), not by `npm ci`:
// loaded from there, with the little of its types this script uses.
interface Category { score: number | null; auditRefs: { id: string; weight: number }[] }
interface Report { categories: Record<string, Category | undefined>; audits: Record<string, { score: number | null; displayValue?: string } | undefined> }
const tools = createRequire(new URL('../tools/audit/package.json', import.meta.url));
const load = async <T>(name: string): Promise<T> => (await import(pathToFileURL(tools.resolve(name)).href)) as T;
const chromeLauncher = await load<{ launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> }> }>('chrome-launcher');
const { default: lighthouse } = await load<{ default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Report } | undefined> }>('lighthouse');

const work = await mkdtemp(join(tmpdir(), 'site-audit-'));
const dist = join(work, 'dist');
let server: ReturnType<typeof createDistServer> | undefined;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  let content = join(ROOT, 'content');
  let staticDir = join(ROOT, 'static');
  if (flags.photos) ({ content, staticDir } = await withPhotos(work));
  await build({ site: join(ROOT, 'site.config.ts'), contentDir: content, staticDir, outDir: dist });
  server = createDistServer(dist);
  const base = await listen(server, 0, '127.0.0.1');
  const rows: string[][] = [];
  const failures: string[] = [];
  for (const path of PAGES) {
    const runs: Report[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      runs.push(result!.lhr);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const scores = CATEGORIES.map((c) => median(runs.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100))));
    const lhr = runs[0]!;
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
  if (RUNS > 1) console.log(`(medians of ${RUNS} runs a page)`);
  if (failures.length) console.log(`\nBelow 100:\n${failures.join('\n')}`);
} finally {
  await chrome.kill();
  server?.close();
  await rm(work, { recursive: true, force: true });
}

/** A copy of the content and static files with a photo for the vaccines page and one for Miami's entrance. */
async function withPhotos(work: string) {
  const content = join(work, 'content');
  const staticDir = join(work, 'static');
  await cp(join(ROOT, 'content'), content, { recursive: true });
  await cp(join(ROOT, 'static'), staticDir, { recursive: true });
  await mkdir(join(staticDir, 'images/uploads'), { recursive: true });
  const photo = (r: number, g: number, b: number) => sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r, g, b }, noise: { type: 'gaussian', mean: 128, sigma: 10 } } }).jpeg({ quality: 85 }).toBuffer();
  await writeFile(join(staticDir, 'images/uploads/vaccine-room.jpg'), await photo(216, 239, 236));
  await writeFile(join(staticDir, 'images/uploads/miami-door.jpg'), await photo(233, 228, 216));
  for (const [locale, alt] of [['en', 'The vaccination room, with a chair and a small table'], ['es', 'La sala de vacunación, con una silla y una mesa pequeña']] as const) {
    const file = join(content, locale, 'services/vaccines.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^imageAlt: .*$/m, (line) => `${line}\nphoto:\n  src: /images/uploads/vaccine-room.jpg\n  alt: ${alt}`));
  }
  const locations = join(content, 'locations.yaml');
  await writeFile(locations, (await readFile(locations, 'utf8')).replace(/(  postalCode: "33155"\n)/, '$1  photo:\n    src: /images/uploads/miami-door.jpg\n    alt:\n      en: The glass front door of the Miami clinic\n      es: La puerta de cristal de la clínica de Miami\n'));
  return { content, staticDir };
}
