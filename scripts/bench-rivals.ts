// The other generators `npm run bench -- --compare` measures us against, on a corpus of plain
// Markdown pages as many as ours builds: Eleventy 3.1.7 (installed on demand into a scratch folder
// outside the project, pinned: 3.1.8 is not on the registry here) and Hugo when it is installed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const ELEVENTY_VERSION = '3.1.7';

export interface Rival {
  name: string;
  /** The command that builds the corpus into out (argv[0] is the program). */
  command(out: string): string[];
}

/** n Markdown pages with a title and a few paragraphs, in the layout of `kind` ('eleventy' | 'hugo'). */
export async function writeCorpus(dir: string, n: number, paragraph: string, kind: 'eleventy' | 'hugo'): Promise<void> {
  const pages = kind === 'eleventy' ? dir : join(dir, 'content/pages');
  await mkdir(pages, { recursive: true });
  const page = (i: number) => `---
title: Sample page ${i}
${kind === 'eleventy' ? 'layout: page.liquid\n' : ''}---
${paragraph}

Read more about our [primary care](/services/primary-care). ${paragraph}

- Same team, every visit
- Results explained in plain words

${paragraph}
`;
  for (let start = 0; start < n; start += 500) {
    await Promise.all(Array.from({ length: Math.min(500, n - start) }, (_, k) => writeFile(join(pages, `page-${start + k + 1}.md`), page(start + k + 1))));
  }
  await writeLayout(dir, kind, 'en');
}

/**
 * A bilingual corpus as docs sites have one: n pages in English, and a Spanish translation of 3 in 10
 * (the rest missing), in each generator's own layout for two languages: Eleventy's a folder per
 * language, Hugo's a content folder per language in its multilingual configuration.
 */
export async function writeBilingualCorpus(dir: string, n: number, paragraph: string, kind: 'eleventy' | 'hugo'): Promise<void> {
  const folder = (locale: string) => (kind === 'eleventy' ? join(dir, locale) : join(dir, 'content', locale, 'pages'));
  const page = (i: number, locale: string) => `---\ntitle: ${locale === 'es' ? 'Página de muestra' : 'Sample page'} ${i}\n${kind === 'eleventy' ? 'layout: page.liquid\n' : ''}---\n${paragraph}\n\n- Same team, every visit\n\n${paragraph}\n`;
  for (const locale of ['en', 'es']) {
    await mkdir(folder(locale), { recursive: true });
    const ids = Array.from({ length: n }, (_, k) => k + 1).filter((i) => locale === 'en' || i % 10 < 3);
    for (let start = 0; start < ids.length; start += 500) await Promise.all(ids.slice(start, start + 500).map((i) => writeFile(join(folder(locale), `page-${i}.md`), page(i, locale))));
  }
  await writeLayout(dir, kind, undefined, '[languages.en]\ncontentDir = "content/en"\nweight = 1\n[languages.es]\ncontentDir = "content/es"\nweight = 2\n');
}

/**
 * The minimal layout each generator renders a page through (lang on the page when the corpus has one
 * language), and Hugo's configuration: its languages, when the corpus has several.
 */
async function writeLayout(dir: string, kind: 'eleventy' | 'hugo', lang: string | undefined, hugoLanguages = ''): Promise<void> {
  const shell = (title: string, body: string) =>
    `<!doctype html>\n<html${lang ? ` lang="${lang}"` : ''}>\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>\n<body><main><h1>${title}</h1>\n${body}\n</main></body>\n</html>\n`;
  if (kind === 'eleventy') {
    await mkdir(join(dir, '_includes'), { recursive: true });
    await writeFile(join(dir, '_includes/page.liquid'), shell('{{ title }}', '{{ content }}'));
    return;
  }
  await mkdir(join(dir, 'layouts/_default'), { recursive: true });
  await writeFile(join(dir, 'layouts/_default/single.html'), shell('{{ .Title }}', '{{ .Content }}'));
  const languages = hugoLanguages ? `defaultContentLanguage = "en"\n` : '';
  await writeFile(join(dir, 'config.toml'), `baseURL = "http://127.0.0.1/"\n${languages}disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]\n${hugoLanguages}`);
}

/** Eleventy, installed into scratch once (npm install --prefix) and reused by later runs. */
export function eleventy(scratch: string, input: string): Rival {
  const pkg = join(scratch, 'node_modules/@11ty/eleventy/package.json');
  const installed = existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version === ELEVENTY_VERSION;
  if (!installed) {
    console.log(`installing @11ty/eleventy@${ELEVENTY_VERSION} into ${scratch} ...`);
    execFileSync('npm', ['install', '--prefix', scratch, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@11ty/eleventy@${ELEVENTY_VERSION}`], { stdio: 'inherit' });
  }
  const cli = join(scratch, 'node_modules/@11ty/eleventy/cmd.cjs');
  return { name: `Eleventy ${ELEVENTY_VERSION}`, command: (out) => [process.execPath, cli, `--input=${input}`, `--output=${out}`, '--quiet'] };
}

/** Hugo from the system (apt-get install hugo), or undefined when it is not installed. */
export function hugo(source: string): Rival | undefined {
  let version: string;
  try {
    version = execFileSync('hugo', ['version'], { encoding: 'utf8' }).match(/v(\d+\.\d+\.\d+)/)?.[1] ?? '?';
  } catch {
    console.log('Hugo is not installed (apt-get install hugo): compared with Eleventy only');
    return undefined;
  }
  return { name: `Hugo ${version}`, command: (out) => ['hugo', '--quiet', '--source', source, '--destination', out] };
}
