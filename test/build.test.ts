// The build end to end on the real content: what lands in dist/, the summary, and what happens
// when the input is wrong (nothing in dist/ changes, the message says what to fix).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildFailure } from '../src/problems/problem.ts';
import { buildInto, runCli, sandbox, type Sandbox } from './helpers/fixtures.ts';
import { linkedInText, practice, reviews, services } from './helpers/facts.ts';

let out: string;
let summary: string;
let pages: number;
let routes: { locale: string }[];
let cleanups: (() => Promise<void>)[] = [];
// Built with the twins a host like nginx sends (the default host, Cloudflare Pages, gets none: host-serve.test.ts), on the
// disk the checkout's cache is on, so twins are hard links from it.
const TWINS = { precompress: ['br' as const], onDisk: true };
beforeAll(async () => {
  const built = await buildInto(TWINS);
  out = built.out;
  summary = built.result.summary;
  pages = built.result.routes.length;
  routes = built.result.routes;
  cleanups.push(built.cleanup);
});
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

describe('a successful build', () => {
  it('writes one HTML file per route and locale, plus each locale\'s 404 page', async () => {
    // The pages, and the staff editor's own page under admin/ (not a route: no sitemap, no checks).
    const all = await filesIn(out);
    const html = all.filter((f) => f.endsWith('.html') && !f.startsWith('admin/'));
    expect(html).toHaveLength(pages);
    expect(all.filter((f) => f.startsWith('admin/') && f.endsWith('.html'))).toEqual(['admin/index.html']);
    for (const file of ['index.html', 'about.html', 'services.html', 'services/vaccines.html', 'nondiscrimination.html', 'hipaa.html', '404.html',
      'es/index.html', 'es/about.html', 'es/services/iv-therapy.html', 'es/nondiscrimination.html', 'es/404.html']) {
      expect(html).toContain(file);
    }
  });

  it('precompresses text files when asked and content-hashes the bundled assets', async () => {
    const files = await filesIn(out);
    expect(files).toContain('index.html.br');
    expect(files).toContain('es/about.html.br');
    // gzip twins only where a site asks for them (output.precompress, --precompress).
    expect(files.filter((f) => f.endsWith('.gz'))).toEqual([]);
    expect(files.filter((f) => /^assets\/main-[A-Z0-9]{8}\.js$/.test(f))).toHaveLength(1);
    expect(files.filter((f) => /^assets\/site-[A-Z0-9]{8}\.css$/.test(f))).toHaveLength(1);
  });

  it('writes .br twins that decompress to the page or file itself', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    for (const file of ['es/services/vaccines.html', 'images/services/dot-physicals.svg']) {
      expect(brotliDecompressSync(await readFile(join(out, `${file}.br`))), file).toEqual(await readFile(join(out, file)));
    }
  });

  it('reuses the compressed twins of unchanged pages on the next build', async () => {
    const before = (await stat(join(out, 'about.html.br'))).ino;
    const page = (await stat(join(out, 'about.html'))).ino;
    const first = (await buildInto({ out, ...TWINS })).result.sizes.pages;
    const again = await buildInto({ out, ...TWINS });
    expect(again.result.routes).toHaveLength(pages);
    // The same file (a hard link to the cache's entry), not a fresh compression; static files too, and the
    // page itself, not created again.
    expect((await stat(join(out, 'about.html.br'))).ino).toBe(before);
    expect((await stat(join(out, 'about.html'))).ino).toBe(page);
    expect((await stat(join(out, 'images/services/dot-physicals.svg.br'))).nlink).toBeGreaterThan(1);
    // The pages' weights came from the sizes the first build measured, and are the same: each the
    // size of the page's .br twin, what a browser is sent (no second compression to weigh it).
    expect(again.result.sizes.pages.map((p) => p.brotli)).toEqual(first.map((p) => p.brotli));
    expect(again.result.sizes.pages.every((p) => typeof p.brotli === 'number' && p.brotli > 0)).toBe(true);
    for (const page of again.result.sizes.pages.filter((p) => ['about.html', 'es/index.html', '404.html'].includes(p.route.file))) {
      expect(page.brotli, page.route.file).toBe((await stat(join(out, `${page.route.file}.br`))).size);
    }
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(await readFile(join(out, 'about.html.br')))).toEqual(await readFile(join(out, 'about.html')));
    // The stylesheet and the script too: compressed at the top quality once, weighed as their twins.
    const assets = (await filesIn(out)).filter((f) => /^assets\/.*\.(css|js)$/.test(f));
    expect(assets).toHaveLength(2);
    for (const file of assets) {
      const twin = await stat(join(out, `${file}.br`));
      expect(twin.nlink, file).toBeGreaterThan(1);
      expect(again.result.sizes[file.endsWith('.css') ? 'css' : 'js'].brotli, file).toBe(twin.size);
      expect(brotliDecompressSync(await readFile(join(out, `${file}.br`))), file).toEqual(await readFile(join(out, file)));
    }
  });

  it('copies static files as they are', async () => {
    expect((await stat(join(out, 'images/services/vaccines.svg'))).size).toBeGreaterThan(100);
    expect((await stat(join(out, 'favicon.svg'))).isFile()).toBe(true);
  });

  it('writes a sitemap of indexable pages and a robots.txt pointing at it', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.example.com/es/services/vaccines</loc>');
    expect(sitemap).not.toContain('/privacy</loc>');
    expect(await readFile(join(out, 'robots.txt'), 'utf8')).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it('ends with a summary of pages, weights and placeholder warnings', () => {
    const perLocale = [...new Set(routes.map((r) => r.locale))].map((l) => `${l}: ${routes.filter((r) => r.locale === l).length}`).join(', ');
    expect(summary).toMatch(new RegExp(`^Built ${pages} pages into .+ \\(${perLocale}\\) in \\d+ ms$`, 'm'));
    expect(summary).toMatch(/^ {2}HTML .* KB raw, .* KB brotli in all; largest \/\S* .* KB brotli/m);
    expect(summary).toMatch(/^ {2}JS {4}.* KB brotli \(budget 12\.0 KB\)/m);
    // The placeholder warnings as the content stands: a fictitious 555-01xx phone and sample reviews, while they last.
    const phoneWarning = `content/site.yaml: phone: "${practice.phone.display}" is a fictitious 555-01xx number`;
    if (/555-01\d\d/.test(practice.phone.display)) expect(summary).toContain(phoneWarning);
    else expect(summary).not.toContain('is a fictitious 555-01xx number');
    const samples = reviews.filter((r) => r.sample).length;
    if (samples) expect(summary).toContain(`content/reviews.yaml: ${samples} reviews are marked as samples (sample: true)`);
  });
});

describe('a build over its own output', () => {
  it('leaves no file of the previous output that this build no longer makes', async () => {
    const site = await sandbox();
    const { out, cleanup } = await buildInto({ content: site.content });
    cleanups.push(cleanup, site.cleanup);
    // A service taken out of the site (one no page's text links to, from the content): its files, and the other services'
    // related lists naming it.
    const gone = services.find((service) => !linkedInText(service.slug))!.slug;
    const kept = services[0]!.slug;
    expect(await filesIn(out)).toContain(`services/${gone}.html`);
    for (const locale of ['en', 'es']) {
      for (const other of services.filter((service) => service.related.includes(gone))) {
        // Written on one line or one item a line (as the editor saves a list).
        await site.edit(`${locale}/services/${other.slug}.md`, (t) => t.replace(/^related:(?: \[.*\]|(?:\n[ \t]+- .*)+)$/m, `related: [${other.related.filter((slug) => slug !== gone).join(', ')}]`));
      }
    }
    await site.remove(`en/services/${gone}.md`);
    await site.remove(`es/services/${gone}.md`);
    await buildInto({ content: site.content, out });
    const after = await filesIn(out);
    expect(after.filter((f) => f.includes(`${gone}.html`))).toEqual([]);
    expect(after).toContain(`services/${kept}.html`);
  });
});

describe('--base-url', () => {
  it('sets the origin of canonical URLs, the sitemap and robots.txt', async () => {
    const { out: other, cleanup } = await buildInto({ baseUrl: 'https://clinic.example' });
    cleanups.push(cleanup);
    expect(await readFile(join(other, 'es/about.html'), 'utf8')).toContain('<link rel="canonical" href="https://clinic.example/es/about"/>');
    expect(await readFile(join(other, 'sitemap.xml'), 'utf8')).toContain('<loc>https://clinic.example/services/vaccines</loc>');
    expect(await readFile(join(other, 'robots.txt'), 'utf8')).toContain('Sitemap: https://clinic.example/sitemap.xml');
  });
});

describe('a failed build', () => {
  let site: Sandbox;
  beforeAll(async () => {
    site = await sandbox();
  });
  afterAll(() => site.cleanup());

  it('leaves the previous output exactly as it was', async () => {
    const { out: previous, cleanup } = await buildInto({ content: site.content });
    cleanups.push(cleanup);
    const before = await filesIn(previous);
    const indexBefore = await readFile(join(previous, 'index.html'), 'utf8');
    await site.edit('en/pages/home.yaml', (t) => t.replace(/^title: .*$/m, 'title:'));
    await expect(buildInto({ content: site.content, out: previous })).rejects.toBeInstanceOf(BuildFailure);
    expect(await filesIn(previous)).toEqual(before);
    expect(await readFile(join(previous, 'index.html'), 'utf8')).toBe(indexBefore);
    const siblings = await readdir(join(previous, '..'));
    expect(siblings.filter((name) => name.includes('staging'))).toEqual([]);
  });

  it('leaves the previous output as it was when a check after rendering fails (the swap waits for every check)', async () => {
    const fresh = await sandbox();
    const { out: previous, cleanup } = await buildInto({ content: fresh.content });
    cleanups.push(cleanup, fresh.cleanup);
    const before = await filesIn(previous);
    const page = await readFile(join(previous, 'services/vaccines.html'), 'utf8');
    // Rendering succeeds; the link check, which runs after it, fails.
    await fresh.edit('en/services/vaccines.md', (t) => t.replace('](/services/preventive-care)', '](/services/preventive-care#no-such-section)'));
    await expect(buildInto({ content: fresh.content, out: previous })).rejects.toBeInstanceOf(BuildFailure);
    expect(await filesIn(previous)).toEqual(before);
    expect(await readFile(join(previous, 'services/vaccines.html'), 'utf8')).toBe(page);
  });

  it('names the file and line of a Markdown link to a page that does not exist', async () => {
    const fresh = await sandbox();
    await fresh.edit('en/services/vaccines.md', (t) => t.replace('](/services/preventive-care)', '](/services/preventive-kare)'));
    const error = await buildInto({ content: fresh.content }).catch((e) => e);
    await fresh.cleanup();
    expect(error).toBeInstanceOf(BuildFailure);
    expect(error.problems.map((e: { format(): string }) => e.format())).toEqual([
      expect.stringMatching(/^.+\/content\/en\/services\/vaccines\.md:\d+:1 {2}links to a page that does not exist\n {2}"\/services\/preventive-kare": points at no page or file \(did you mean "\/services\/preventive-care"\?\)$/),
    ]);
  });

  it('refuses placeholders with --strict', async () => {
    // A fictitious number typed into a copy of the content, whatever the real one is today.
    const site = await sandbox();
    const fictitious = '(321) 555-0199';
    try {
      await site.edit('site.yaml', (t) => t.replace(/^phone: .*$/m, `phone: "${fictitious}"`));
      const error = await buildInto({ strict: true, content: site.content }).catch((e) => e);
      expect(error).toBeInstanceOf(BuildFailure);
      expect(error.message).toContain(`holds a placeholder (--strict)\n  phone: "${fictitious}" is a fictitious 555-01xx number`);
    } finally {
      await site.cleanup();
    }
  });
});

describe('the CLI', () => {
  it('prints content mistakes without a stack trace and exits 1', async () => {
    const site = await sandbox();
    await site.edit('site.yaml', (t) => t.replace('foundedYear: 2018', 'foundedYear: "since 2018"'));
    const { code, stderr } = await runCli(['build', '--content', site.content, '--out', join(site.dir, 'dist')]);
    await site.cleanup();
    expect(code).toBe(1);
    expect(stderr).toContain('foundedYear: expected number, found "since 2018"');
    // The output folder never existed: the message says so rather than that it "was left as it was".
    expect(stderr).toContain(`Build failed; nothing was written (${join(site.dir, 'dist')}/ does not exist).`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('lists every command and option in --help', async () => {
    const { stdout } = await runCli(['build', '--help']);
    for (const option of ['--content', '--out', '--base-url', '--strict']) expect(stdout).toContain(option);
    const top = await runCli(['--help']);
    for (const command of ['build', 'serve', 'dev']) expect(top.stdout).toContain(command);
  });
});
