// The build, as a pipeline: load content → plan routes → bundle assets → render pages →
// check links and budgets → write atomically → report.
import { readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ContentError, InputErrors } from '../content/errors.ts';
import { loadContent } from '../content/load-content.ts';
import { LOCALES } from '../content/schemas.ts';
import type { SiteContent } from '../content/types.ts';
import { renderPage } from '../render/render-page.tsx';
import { planRoutes, type Route } from '../routes/routes.ts';
import { bundleAssets } from './bundle.ts';
import { checkContentLinks, checkOutputLinks, idsOf, type OutputIndex } from './check-links.ts';
import { findPlaceholders, type Warning } from './placeholders.ts';
import { formatReport, measure, overBudget, type SizeReport } from './report.ts';
import { headersFile, manifest, redirectsFile, robots, sitemap } from './site-files.ts';
import { copyStatic, stagingDir, swapIn, writeFiles, type OutputFiles } from './write-output.ts';
import { rm } from 'node:fs/promises';

export interface BuildOptions {
  contentDir: string;
  staticDir: string;
  outDir: string;
  baseUrl?: string;
  /** Placeholder warnings become errors. */
  strict?: boolean;
  /** Extra module scripts on every page (dev's reload client). */
  extraScripts?: string[];
  /** Write .br/.gz twins of text files (off in dev, where speed matters more). */
  compress?: boolean;
  /** The year printed in the copyright line. */
  year?: number;
}

export interface BuildResult {
  routes: Route[];
  content: SiteContent;
  warnings: Warning[];
  sizes: SizeReport;
  ms: number;
  summary: string;
}

/** Static files as public paths ("/favicon.svg"). */
async function listStatic(staticDir: string): Promise<string[]> {
  try {
    const entries = await readdir(staticDir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => relative(staticDir, join(e.parentPath, e.name)).split('\\').join('/'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const contentDir = resolve(options.contentDir);
  const shownContent = relative(process.cwd(), contentDir) || '.';

  const { content, links } = await loadContent(contentDir);
  if (options.baseUrl) content.site.baseUrl = options.baseUrl;
  const routes = planRoutes(content);

  const warnings = findPlaceholders(content, shownContent);
  if (options.strict && warnings.length) {
    throw new InputErrors(warnings.map((w) => new ContentError(w.file, 'holds a placeholder (--strict)', [{ path: '', message: w.message }])));
  }

  const [bundle, staticFiles] = await Promise.all([bundleAssets(), listStatic(options.staticDir)]);
  const assets = { css: bundle.css.url, js: bundle.js.url, extraScripts: options.extraScripts };
  const year = options.year ?? new Date().getFullYear();
  const pages = routes.map((route) => ({ route, html: renderPage(route, { content, assets, year }) }));

  const files: OutputFiles = new Map();
  for (const { route, html } of pages) files.set(route.file, html);
  files.set(bundle.js.url.slice(1), bundle.js.contents);
  files.set(bundle.css.url.slice(1), bundle.css.contents);
  files.set('sitemap.xml', sitemap(routes, content, new Date().toISOString().slice(0, 10)));
  files.set('robots.txt', robots(content));
  for (const locale of LOCALES) files.set(locale === 'en' ? 'manifest.webmanifest' : `${locale}/manifest.webmanifest`, manifest(content, locale));
  files.set('_headers', headersFile(content));
  files.set('_redirects', redirectsFile());

  const index: OutputIndex = {
    pages: new Map(pages.filter((p) => p.route.kind.type !== 'not-found').map((p) => [p.route.url, idsOf(p.html)])),
    files: new Set([...[...staticFiles, ...files.keys()].filter((f) => !f.endsWith('.html')).map((f) => `/${f}`), ...(options.extraScripts ?? [])]),
  };
  checkContentLinks(links, index);
  const broken = checkOutputLinks(pages, index);
  if (broken.length) throw new InputErrors(broken);

  const sizes = measure(pages, bundle.css.contents, bundle.js.contents);
  const over = overBudget(sizes, content.site.budgets, pages.length);
  if (over.length) {
    throw new InputErrors([new ContentError(`${shownContent}/site.yaml`, 'a page-weight budget is exceeded', over.map((message) => ({ path: 'budgets', message })))]);
  }

  const outDir = resolve(options.outDir);
  const staging = await stagingDir(outDir);
  try {
    await copyStatic(options.staticDir, staging, options.compress === false ? [] : staticFiles).catch((e) => {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    });
    await writeFiles(staging, files, { compress: options.compress !== false });
    await swapIn(staging, outDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  const ms = performance.now() - started;
  const summary = formatReport(sizes, content.site.budgets, warnings, ms, relative(process.cwd(), outDir) || '.');
  return { routes, content, warnings, sizes, ms, summary };
}
