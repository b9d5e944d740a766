// npm run bench -- --pages N [--tmp DIR] [--out DIR] [--runs 3] [--compare [--partial] [--state cold|warm] [--against DIR]]
// --compare --partial: N pages in English and a Spanish translation of 3 in 10, as uneven docs sites
// are: ours (the starter's pages, partial: true), Eleventy (a folder per language), Hugo (multilingual).
// npm run bench -- --images N [--runs 3]: the images case (bench-images.ts)
// (With --compare, N is the number of pages in all for each contender; see compareRivals.)
// Generates N synthetic service pages per locale (front matter and a Markdown body of a few
// paragraphs, rendered by the real templates) beside the real content, runs the real CLI build on
// it several times, and prints pages, median wall time (process start to exit), pages per second
// and peak memory. --compare also builds as many plain Markdown pages with Eleventy (and Hugo when
// installed), alternating runs, cold (each contender without what it keeps between builds) and then
// warm, and prints each median and the ratios (bench-compare.ts).
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { compare, oursKept, STATES, withoutExtraCertificates, type Contender, type State } from './bench-compare.ts';
import { eleventy, hugo, writeBilingualCorpus, writeCorpus } from './bench-rivals.ts';
import { benchImages } from './bench-images.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What ours keeps between builds in this checkout (as a fresh `npm ci` has none of it): the engine's cache folders. */
const PARAGRAPH = {
  en: 'Our team takes the time to listen, explain each step and answer your questions, so that you leave every visit knowing what comes next. We coordinate with your other providers and keep your records up to date.',
  es: 'Nuestro equipo se toma el tiempo de escucharle, explicarle cada paso y responder sus preguntas, para que salga de cada consulta sabiendo qué sigue. Coordinamos con sus otros proveedores y mantenemos su expediente al día.',
};

function servicePage(locale: 'en' | 'es', index: number): string {
  const en = locale === 'en';
  // Numbered with five digits: "Sample Service 911" would be an emergency number the site's checks
  // require 988 and Poison Control beside.
  const n = String(index).padStart(5, '0');
  const list = (items: string[]) => items.map((i) => `  - ${i}`).join('\n');
  return `---
name: ${en ? 'Sample Service' : 'Servicio de muestra'} ${n}
description: ${en ? `Sample service ${n} is generated for the build benchmark and rendered through the real templates.` : `El servicio de muestra ${n} se genera para medir la compilación con las plantillas reales.`} ${PARAGRAPH[locale]}
imageAlt: ${en ? 'Illustration of a stethoscope' : 'Ilustración de un estetoscopio'}
benefits:
${list(en ? ['Care for the whole family', 'Bilingual team', 'Clear next steps'] : ['Atención para toda la familia', 'Equipo bilingüe', 'Próximos pasos claros'])}
whatToExpect:
${list(en ? ['Check in and update your information.', 'Talk with your provider.', 'Leave with a plan.'] : ['Regístrese y actualice sus datos.', 'Hable con su proveedor de salud.', 'Salga con un plan.'])}
group: primary
order: ${100 + index}
listed: false
faqs:
  - q: ${en ? 'Do I need an appointment?' : '¿Necesito una cita?'}
    a: ${en ? 'Appointments are recommended.' : 'Le recomendamos hacer una cita.'}
  - q: ${en ? 'Do you take insurance?' : '¿Aceptan seguro médico?'}
    a: ${en ? 'We accept most major plans.' : 'Aceptamos la mayoría de los planes principales.'}
---
${PARAGRAPH[locale]}

${en ? 'Read more about our [primary care](/services/primary-care).' : 'Conozca más sobre nuestra [atención primaria](/es/services/primary-care).'} ${PARAGRAPH[locale]}

- ${en ? 'Same team, every visit' : 'El mismo equipo en cada consulta'}
- ${en ? 'Results explained in plain words' : 'Resultados explicados con palabras sencillas'}

${PARAGRAPH[locale]}
`;
}

/** Writes a copy of the real content and static files plus `pages` synthetic services per locale into dir. */
export async function generate(dir: string, pages: number): Promise<string> {
  const content = join(dir, 'content');
  await cp(join(ROOT, 'content'), content, { recursive: true });
  const slugs = Array.from({ length: pages }, (_, i) => `sample-service-${i + 1}`);
  // A thousand files at a time: all at once, 20,000 writes passed a common limit of open files (EMFILE).
  for (const locale of ['en', 'es'] as const) {
    for (let from = 0; from < slugs.length; from += 1000) {
      await Promise.all(slugs.slice(from, from + 1000).map((slug, k) => writeFile(join(content, locale, 'services', `${slug}.md`), servicePage(locale, from + k + 1))));
    }
  }
  // Each sample shows the default illustration (primary-care.svg).
  await mkdir(join(dir, 'static'), { recursive: true });
  await cp(join(ROOT, 'static'), join(dir, 'static'), { recursive: true });
  return content;
}

/** One CLI build: wall time from spawn to exit, and the peak resident memory it reports. */
function buildOnce(content: string, out: string, staticDir: string, site?: string, compress = true): Promise<{ ms: number; peakMb: number; pages: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const args = ['build', '--content', content, '--out', out, '--static', staticDir, ...(site ? ['--site', site] : []), ...(compress ? [] : ['--no-compress'])];
    const child = spawn(join(ROOT, 'bin/site'), args, {
      env: { ...process.env, SITE_REPORT_MEMORY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`build failed (${code}):\n${output}`));
      const peak = /peak memory (\d+) MB/.exec(output);
      const built = /Built ([\d,]+) pages/.exec(output);
      resolve({ ms, peakMb: peak ? Number(peak[1]) : NaN, pages: built ? Number(built[1]!.replace(/,/g, '')) : NaN });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '3' },
      tmp: { type: 'string', default: tmpdir() },
      out: { type: 'string' },
      compare: { type: 'boolean', default: false },
      images: { type: 'string' },
      state: { type: 'string' },
      against: { type: 'string' },
      partial: { type: 'boolean', default: false },
    },
  });
  const pages = Number(values.pages);
  const runs = Number(values.runs);
  if (!Number.isInteger(pages) || pages < 0) throw new Error(`--pages expects a whole number, got "${values.pages}"`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  const work = await mkdtemp(join(values.tmp!, 'site-bench-'));
  try {
    const states = values.state ? [values.state as State] : STATES;
    if (!states.every((s) => STATES.includes(s))) throw new Error(`--state expects cold or warm, got "${values.state}"`);
    if (values.compare && values.partial) return await comparePartial(work, pages, runs, states);
    if (values.compare) return await compareRivals(work, pages, runs, states, values.against ? resolve(values.against) : undefined);
    if (values.images) return await benchImages(ROOT, work, Number(values.images), runs);
    const content = await generate(work, pages);
    const out = values.out ?? join(work, 'dist');
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await buildOnce(content, out, join(work, 'static'));
      console.log(`run ${i + 1}: ${result.pages} pages in ${(result.ms / 1000).toFixed(2)} s, peak ${result.peakMb} MB`);
      results.push(result);
    }
    const ms = median(results.map((r) => r.ms));
    const total = results[0]!.pages;
    console.log(`bench: ${total} pages, median ${(ms / 1000).toFixed(2)} s, ${Math.round(total / (ms / 1000))} pages/s, peak ${Math.max(...results.map((r) => r.peakMb))} MB`);
    if (values.out) console.log(`output kept in ${values.out}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The starter site that `init` writes, cut to one locale, with `pages` plain Markdown pages (the same
 * text as the rivals' corpus) in place of its one page. Made under test/scratch/ in this checkout, so
 * that its `import 'sitewright'` resolves to this engine.
 */
export async function minimalSite(pages: number, root = ROOT): Promise<{ dir: string; site: string }> {
  const { dir, site } = await starterCut(root, 'bench-minimal', ['en']);
  const definition = await readFile(site, 'utf8');
  // English only: the locale and every setting given per locale (the pager's word, the tag pages' path) for Spanish
  // go, as a setting for a locale the site lacks is refused.
  const noSpanish = (text: string) => text.replace(/, es: (\{ intl: 'es-US' \}|'[^']*')/g, '');
  const oneLocale = noSpanish(definition);
  if (!oneLocale.includes("locales: { en: { intl: 'en-US' } },")) throw new Error('the starter no longer declares its locales as the bench expects');
  await writeFile(site, oneLocale);
  const blog = join(dir, 'templates/blog.tsx');
  await writeFile(blog, noSpanish(await readFile(blog, 'utf8')));
  await rm(join(dir, 'content/es'), { recursive: true });
  const page = (i: number) => `---\ntitle: Sample page ${i}\ndescription: Sample page ${i} of the benchmark.\n---\n${PARAGRAPH.en}\n\nRead more about [the first page](/page-1). ${PARAGRAPH.en}\n\n- Same team, every visit\n- Results explained in plain words\n\n${PARAGRAPH.en}\n`;
  for (let start = 0; start < pages; start += 500) {
    await Promise.all(Array.from({ length: Math.min(500, pages - start) }, (_, k) => writeFile(join(dir, 'content/en/pages', `page-${start + k + 1}.md`), page(start + k + 1))));
  }
  return { dir, site };
}

/**
 * A copy of the starter under test/scratch/<name> (so its `import 'sitewright'` resolves to this
 * engine) with plain Markdown pages only, as the rivals build: no posts (nor their tag, list and feed
 * pages), no photos to encode (the starter's two would cost seconds of AVIF on every cold run), and the
 * layout of the rivals' corpus: the page's own part only (the starter's header lists every page on
 * every page, which a site of thousands would not).
 */
async function starterCut(root: string, name: string, locales: readonly string[]): Promise<{ dir: string; site: string }> {
  const dir = join(root, 'test/scratch', name);
  await rm(dir, { recursive: true, force: true });
  await cp(join(root, 'starter'), dir, { recursive: true });
  for (const locale of locales) {
    await rm(join(dir, `content/${locale}/posts`), { recursive: true });
    await mkdir(join(dir, `content/${locale}/posts`));
    await rm(join(dir, `content/${locale}/pages/about.md`));
  }
  await rm(join(dir, 'static/images'), { recursive: true });
  await writeFile(join(dir, 'templates/Layout.tsx'), "import type { ReactNode } from 'react';\n\nexport function Layout({ children }: { children: ReactNode }) {\n  return <main id=\"main\">{children}</main>;\n}\n\nexport function Head() {\n  return null;\n}\n");
  return { dir, site: join(dir, 'site.config.ts') };
}

/**
 * --compare: N pages in all for each contender. ours-minimal, Eleventy and Hugo build the same
 * Markdown through a minimal layout without compression (like for like); ours-real builds the clinic
 * site grown to N pages with its whole output (compression and checks on). Alternating runs.
 */
async function compareRivals(work: string, total: number, runs: number, states: readonly State[], against?: string): Promise<void> {
  const minimal = await minimalSite(Math.max(total - 4, 1)); // + the home, 404, blog and tags pages
  // --against another checkout (with its own node_modules, not a link to this one's: its cache is its own):
  // its engine on the same sites, as before-minimal and before-real, alternating with the rest.
  const before = against ? await minimalSite(Math.max(total - 4, 1), against) : undefined;
  // The real site has 68 pages of its own; the rest are generated services, half per locale.
  const content = await generate(work, Math.max(0, Math.round((total - 68) / 2)));
  const bin = join(ROOT, 'bin/site');
  const contenders: Contender[] = [
    { name: 'ours-minimal', command: (dir) => [bin, 'build', '--site', minimal.site, '--no-compress', '--out', dir], kept: oursKept(ROOT) },
    { name: 'ours-real', command: (dir) => [bin, 'build', '--content', content, '--out', dir, '--static', join(work, 'static')], kept: oursKept(ROOT) },
  ];
  const counts = [
    (await buildOnce(join(minimal.dir, 'content'), join(work, 'count-minimal'), join(minimal.dir, 'static'), minimal.site, false)).pages,
    (await buildOnce(content, join(work, 'count-real'), join(work, 'static'))).pages,
  ];
  if (against && before) {
    const old = join(against, 'bin/site');
    contenders.push(
      { name: 'ours-before-minimal', command: (dir) => [old, 'build', '--site', before.site, '--no-compress', '--out', dir], kept: oursKept(against) },
      { name: 'ours-before-real', command: (dir) => [old, 'build', '--content', content, '--out', dir, '--static', join(work, 'static'), '--site', join(against, 'site.config.ts')], kept: oursKept(against) },
    );
    counts.push(counts[0]!, counts[1]!);
  }
  await writeCorpus(join(work, 'eleventy'), total, PARAGRAPH.en, 'eleventy');
  contenders.push({ ...eleventy(join(tmpdir(), 'site-bench-eleventy'), join(work, 'eleventy')), name: 'eleventy', kept: [join(work, 'eleventy/.cache')] });
  counts.push(total);
  await writeCorpus(join(work, 'hugo'), total, PARAGRAPH.en, 'hugo');
  const withHugo = hugo(join(work, 'hugo'));
  if (withHugo) {
    // Hugo's resources cache (processed images, none here) and its module cache.
    contenders.push({ ...withHugo, name: 'hugo', kept: [join(work, 'hugo/resources'), join(tmpdir(), 'hugo_cache')] });
    counts.push(total);
  }
  console.log(`compare: about ${total} pages each, ${runs} alternating runs (${states.join(', then ')}) after one untimed build each, in ${work}`);
  try {
    // Peers as on a machine without NODE_EXTRA_CA_CERTS (see withoutExtraCertificates).
    await compare(contenders, runs, (i) => join(work, `out-${i}`), counts, withoutExtraCertificates(process.env), states);
  } finally {
    await rm(minimal.dir, { recursive: true, force: true });
    if (before) await rm(before.dir, { recursive: true, force: true });
  }
}

/**
 * --compare --partial: N English pages and a Spanish translation of 3 in 10 for each contender. Ours is
 * the starter cut to its Markdown pages (partial: true: a page missing in Spanish has no Spanish page),
 * the same minimal layout, no compression; Eleventy and Hugo build the same corpus their own way.
 */
async function comparePartial(work: string, total: number, runs: number, states: readonly State[]): Promise<void> {
  const { dir, site } = await starterCut(ROOT, 'bench-partial', ['en', 'es']);
  const definition = await readFile(site, 'utf8');
  const partial = definition.replace("articles: { folder: 'pages', ext: '.md', schema: pageSchema, label: 'page' },", "articles: { folder: 'pages', ext: '.md', schema: pageSchema, label: 'page', partial: true },");
  if (partial === definition) throw new Error('the starter no longer declares its pages as the bench expects');
  await writeFile(site, partial);
  const page = (i: number, locale: string) => `---\ntitle: ${locale === 'es' ? 'Página de muestra' : 'Sample page'} ${i}\ndescription: Page ${i} of the benchmark.\n---\n${PARAGRAPH.en}\n\n- Same team, every visit\n\n${PARAGRAPH.en}\n`;
  for (const locale of ['en', 'es']) {
    const ids = Array.from({ length: total }, (_, k) => k + 1).filter((i) => locale === 'en' || i % 10 < 3);
    for (let start = 0; start < ids.length; start += 500) await Promise.all(ids.slice(start, start + 500).map((i) => writeFile(join(dir, `content/${locale}/pages`, `page-${i}.md`), page(i, locale))));
  }
  const bin = join(ROOT, 'bin/site');
  const contenders: Contender[] = [{ name: 'ours-partial', command: (out) => [bin, 'build', '--site', site, '--no-compress', '--out', out], kept: oursKept(ROOT) }];
  const counts = [(await buildOnce(join(dir, 'content'), join(work, 'count-partial'), join(dir, 'static'), site, false)).pages];
  const translated = Array.from({ length: total }, (_, k) => k + 1).filter((i) => i % 10 < 3).length;
  await writeBilingualCorpus(join(work, 'eleventy'), total, PARAGRAPH.en, 'eleventy');
  contenders.push({ ...eleventy(join(tmpdir(), 'site-bench-eleventy'), join(work, 'eleventy')), name: 'eleventy', kept: [join(work, 'eleventy/.cache')] });
  counts.push(total + translated);
  await writeBilingualCorpus(join(work, 'hugo'), total, PARAGRAPH.en, 'hugo');
  const withHugo = hugo(join(work, 'hugo'));
  if (withHugo) {
    contenders.push({ ...withHugo, name: 'hugo', kept: [join(work, 'hugo/resources'), join(tmpdir(), 'hugo_cache')] });
    counts.push(total + translated);
  }
  console.log(`compare --partial: ${total} English pages, ${translated} Spanish (70% missing), ${runs} alternating runs (${states.join(', then ')}), in ${work}`);
  try {
    await compare(contenders, runs, (i) => join(work, `out-${i}`), counts, withoutExtraCertificates(process.env), states);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

