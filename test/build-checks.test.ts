// What the build refuses, each with a sentence that names the place: a page-weight budget exceeded,
// a link into the other language, a missing static file, an island the client registry lacks, a
// registry entry without a template, a content file no page reads. And the two render paths (this
// thread and worker threads) write the same site; the compression cache forgets what no build uses.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheDirFor } from '../src/output/compression-cache.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { services } from './helpers/facts.ts';
import { buildInto, fixtureCopy, ROOT, sandbox, STATIC, type SiteCopy } from './helpers/fixtures.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

/** The problems a build reports, as code and formatted text. */
async function problemsOf(build: Promise<unknown>): Promise<{ code: string; text: string }[]> {
  const error = await build.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BuildFailure);
  return (error as BuildFailure).problems.map((p) => ({ code: p.code, text: p.format() }));
}

async function copyOfFixture(name: string): Promise<SiteCopy> {
  const copy = await fixtureCopy(name);
  cleanups.push(copy.cleanup);
  return copy;
}

describe('the clinic site', () => {
  it('fails when a page is heavier than its budget, naming the page and both weights', async () => {
    const site = await sandbox();
    cleanups.push(site.cleanup);
    await site.edit('site.yaml', (t) => t.replace(/htmlBrotli: \d+/, 'htmlBrotli: 2048'));
    const [problem] = await problemsOf(buildInto({ content: site.content }));
    expect(problem!.code).toBe('budget/exceeded');
    expect(problem!.text).toMatch(/^page-weight budgets {2}are exceeded\n {2}page \/ is \d+\.\d KB brotli, budget 2\.0 KB/);
  });

  it('lists a service turned off nowhere (menu, Services page, home, other services\' related cards), and keeps its page as it was', async () => {
    const site = await sandbox();
    cleanups.push(site.cleanup);
    // From the content: a service another one relates to, and an aesthetic one (its page stays self-pay), turned off in both
    // languages as the editor saves it; the texts' own links to them made plain words (a link in a text is hers to keep).
    const referenced = services.find((service) => services.some((other) => other.related.includes(service.slug)))!;
    const aesthetic = services.find((service) => service.group === 'aesthetic')!;
    const referrer = services.find((other) => other.related.includes(referenced.slug))!;
    const hidden = [...new Set([referenced.slug, aesthetic.slug])];
    const link = new RegExp(`\\[([^\\]]*)\\]\\((?:/[a-z]{2})?/services/(?:${hidden.join('|')})(?![a-z-])[^)]*\\)`, 'g');
    for (const file of (await readdir(site.content, { recursive: true })).filter((f) => f.endsWith('.md') || f.endsWith('.yaml'))) {
      if ((await readFile(join(site.content, file), 'utf8')).match(link)) await site.edit(file, (t) => t.replace(link, '$1'));
    }
    for (const slug of hidden) {
      for (const locale of ['en', 'es']) {
        await site.edit(`${locale}/services/${slug}.md`, (t) => (/^listed:/m.test(t) ? t.replace(/^listed:.*$/m, 'listed: false') : t.replace(/^---\n/, '---\nlisted: false\n')));
      }
    }
    const { out, cleanup } = await buildInto({ content: site.content });
    cleanups.push(cleanup);
    for (const prefix of ['', 'es/']) {
      for (const listing of ['index.html', 'services.html', `services/${referrer.slug}.html`]) {
        for (const slug of hidden) expect(await readFile(join(out, prefix, listing), 'utf8'), `${prefix}${listing}`).not.toContain(`/services/${slug}"`);
      }
      for (const slug of hidden) expect(await readFile(join(out, prefix, 'services', `${slug}.html`), 'utf8')).toContain('<h1>');
      // Still priced as the patient pays it, never with the insurance plans.
      const page = await readFile(join(out, prefix, 'services', `${aesthetic.slug}.html`), 'utf8');
      const pricing = page.slice(page.indexOf('id="pricing"'), page.indexOf('</section>', page.indexOf('id="pricing"')));
      expect(pricing, `${prefix}${aesthetic.slug}`).toContain('/good-faith-estimate"');
      expect(pricing, `${prefix}${aesthetic.slug}`).not.toContain('/insurance"');
    }
  });

  it('refuses a Spanish page that links to an English one, at the line it was written', async () => {
    const site = await sandbox();
    cleanups.push(site.cleanup);
    // A paragraph added at the end of a Spanish service (whichever the content has first), linking to another service in English.
    const [page, target] = [services[0]!.slug, services[1]!.slug];
    await site.edit(`es/services/${page}.md`, (t) => `${t.trimEnd()}\n\nVea también [este servicio](/services/${target}).\n`);
    const problems = await problemsOf(buildInto({ content: site.content }));
    const line = (await readFile(join(site.content, `es/services/${page}.md`), 'utf8')).split('\n').findIndex((l) => l.includes(`](/services/${target})`)) + 1;
    expect(problems).toEqual([{
      code: 'link/cross-locale',
      text: `${join(site.content, `es/services/${page}.md`)}:${line}:1  links to a page in another language (en)\n  "/services/${target}": pages in "es" should link to pages in "es"; did you mean "/es/services/${target}", the same page in "es"?`,
    }]);
  });

  it('names a missing illustration as a missing static file and where it is expected', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-static-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await cp(STATIC, dir, { recursive: true });
    // A drawing a service shows (one without a photo), as the content has it: staff choose drawings in the editor.
    const drawing = services.find((service) => !service.photo)!.illustration;
    await rm(join(dir, `images/services/${drawing}.svg`));
    const problems = await problemsOf(buildInto({ static: dir }));
    expect(problems.map((p) => p.code)).toEqual(['file/missing-static']);
    expect(problems[0]!.text).toMatch(new RegExp(`^\\d+ pages? \\(.*\\)  refers? to a missing static file\n {2}"/images/services/${drawing}\\.svg": no such file; expected .*site-static-\\w+/images/services/${drawing}\\.svg$`));
  });

  it('renders the same pages and copies the same static files in worker threads as in this thread (the path large sites take)', async () => {
    const here = await buildInto({ workers: false });
    const pool = await buildInto({ workers: true });
    cleanups.push(here.cleanup, pool.cleanup);
    const pages = here.result.routes.map((r) => r.file);
    for (const file of pages) expect(await readFile(join(pool.out, file), 'utf8'), file).toBe(await readFile(join(here.out, file), 'utf8'));
    // Every file and twin, the static ones copied by a worker while the content loaded.
    const files = (dir: string) => readdir(dir, { recursive: true }).then((names) => names.sort());
    expect(await files(pool.out)).toEqual(await files(here.out));
    for (const file of (await files(join(here.out, 'images'))).filter((f) => /\.(svg|png|br)$/.test(f))) {
      expect(await readFile(join(pool.out, 'images', file)), file).toEqual(await readFile(join(here.out, 'images', file)));
    }
    expect(pool.result.sizes.pages.map((p) => p.brotli)).toEqual(here.result.sizes.pages.map((p) => p.brotli));
  });

  it('leaves nothing behind when the content fails while a worker copies the static files', async () => {
    const site = await sandbox();
    const parent = await mkdtemp(join(tmpdir(), 'site-dist-'));
    const out = join(parent, 'dist');
    cleanups.push(site.cleanup, () => rm(parent, { recursive: true, force: true }), () => rm(cacheDirFor(out, ROOT), { recursive: true, force: true }));
    await site.edit('en/pages/about.yaml', (t) => t.replace(/^title: .*$/m, 'title: [unclosed'));
    const error = await buildInto({ content: site.content, out, workers: true }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    expect(await readdir(parent)).toEqual([]);
  });

  it('refuses an SVG that could run code on the worker path too, in the bytes it would have published', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-static-'));
    const parent = await mkdtemp(join(tmpdir(), 'site-dist-'));
    const out = join(parent, 'dist');
    cleanups.push(() => rm(dir, { recursive: true, force: true }), () => rm(parent, { recursive: true, force: true }), () => rm(cacheDirFor(out, ROOT), { recursive: true, force: true }));
    await cp(STATIC, dir, { recursive: true });
    await writeFile(join(dir, 'images/badge.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4" onload="alert(1)"/></svg>');
    const problems = await problemsOf(buildInto({ static: dir, out, workers: true }));
    expect(problems).toEqual([{ code: 'static/unsafe-svg', text: expect.stringMatching(/\/images\/badge\.svg {2}is an SVG that could run code where it is opened\n {2}<circle onload>/) }]);
    expect(await readdir(parent)).toEqual([]);
  });

  it('keeps compressed twins only for what the last build wrote', async () => {
    const site = await sandbox();
    cleanups.push(site.cleanup);
    const first = await buildInto({ content: site.content, precompress: ['br'], onDisk: true });
    cleanups.push(first.cleanup);
    const cache = cacheDirFor(first.out, ROOT);
    const before = new Set(await readdir(cache));
    await site.edit('en/pages/about.yaml', (t) => t.replace(/^title: .*$/m, 'title: About Our Practice'));
    await buildInto({ content: site.content, out: first.out, precompress: ['br'] });
    const after = new Set(await readdir(cache));
    const gone = [...before].filter((f) => !after.has(f));
    const added = [...after].filter((f) => !before.has(f));
    // The old about page and its .br left (on one disk with the output, the cache keeps the page itself too); the new
    // one's came in; everything else stayed.
    const byKey = (names: string[]) => [...new Set(names.map((f) => f.replace(/\.br$/, '')))];
    for (const names of [gone, added]) {
      expect(byKey(names)).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
      expect(names).toHaveLength(2);
    }
    expect(after.has('index.json')).toBe(true);
  });
});

describe('a site definition', () => {
  it('refuses an island that the client registry does not have: it would never hydrate', async () => {
    const copy = await copyOfFixture('no-island');
    await copy.edit('templates/islands/index.ts', (t) => t.replace('export const islands = { Greeting };', 'export const islands = {};'));
    const problems = await problemsOf(buildInto({ site: copy.site, content: copy.content, static: copy.static }));
    expect(problems).toEqual([{ code: 'island/unknown', text: 'page / (index.html)  uses island "Greeting", which the site\'s island registry does not have\n  registered islands: none' }]);
  });

  it('refuses a registry entry without a template, naming it', async () => {
    const copy = await copyOfFixture('no-template');
    await copy.edit('site.config.ts', (t) => t.replace("template: About, nav: true", 'template: undefined as never, nav: true'));
    const problems = await problemsOf(buildInto({ site: copy.site, content: copy.content, static: copy.static }));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.code).toBe('site/definition');
    expect(problems[0]!.text).toMatch(/site\.config\.ts: page "about" {2}is not a usable registry entry\n {2}has no template/);
  });

  it('refuses a content file that no page reads, listing the pages there are', async () => {
    const copy = await copyOfFixture('stray-file');
    await cp(join(copy.content, 'en/pages/about.yaml'), join(copy.content, 'en/pages/careers.yaml'));
    const problems = await problemsOf(buildInto({ site: copy.site, content: copy.content, static: copy.static }));
    expect(problems).toEqual([{ code: 'content/unknown-file', text: expect.stringMatching(/en\/pages\/careers\.yaml {2}is not part of the site\n {2}no page "careers"; pages are home, about, not-found$/) }]);
  });
});

describe('--base-url on a large site', () => {
  it('reaches the pages rendered in worker threads too', async () => {
    const { out, cleanup } = await buildInto({ workers: true, baseUrl: 'https://clinic.example' });
    cleanups.push(cleanup);
    expect(await readFile(join(out, 'es/about.html'), 'utf8')).toContain('<link rel="canonical" href="https://clinic.example/es/about"/>');
  });
});

describe("a template's inline style", () => {
  it('is a warning naming the pages when the policy allows no inline style (an error with --strict)', async () => {
    const copy = await copyOfFixture('inline-style');
    await copy.edit('templates/pages.tsx', (t) => t.replace('return <><h1>{about.heading}</h1>', "return <><h1 style={{ color: 'red' }}>{about.heading}</h1>"));
    const { result, cleanup } = await buildInto({ site: copy.site, content: copy.content, static: copy.static });
    cleanups.push(cleanup);
    expect(result.warnings).toEqual([{ file: 'page "about"', message: `3 pages have style="…" attributes (/about, /en/about, …), which the Content-Security-Policy (style-src 'self') blocks: give the element a class in the stylesheet instead of a style={{…}} prop` }]);
    const [problem] = await problemsOf(buildInto({ site: copy.site, content: copy.content, static: copy.static, strict: true }));
    expect(problem!.text).toMatch(/^page "about" {2}would be blocked \(--strict\)/);
  });
});
