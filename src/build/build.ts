// The build, as a pipeline: load content → plan routes → bundle assets → render and write pages
// (in worker threads for large sites) → check links and budgets → swap the new output in → report.
import { readdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ContentError, InputErrors } from '../content/errors.ts';
import { loadContent } from '../content/load-content.ts';
import { LOCALES } from '../../templates/schema.ts';
import type { SiteContent } from '../content/types.ts';
import { planRoutes, type Route } from '../routes/routes.ts';
import { localeUrl } from '../routes/urls.ts';
import type { Assets } from '../../templates/Document.tsx';
import { bundleAssets } from './bundle.ts';
import { cacheDirFor, pruneCache } from './compression-cache.ts';
import { checkContentLinks, checkOutputLinks, type OutputIndex } from './check-links.ts';
import { findPlaceholders, type Warning } from './placeholders.ts';
import { RenderPool, renderHere, WORKER_THRESHOLD } from './render-pool.ts';
import { formatReport, measure, overBudget, type SizeReport } from './report.ts';
import { headersFile, manifest, redirectsFile, robots, sitemap } from './site-files.ts';
import { copyStatic, stagingDir, swapIn, writeFiles, type OutputFiles } from './write-output.ts';

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
  /** Render in worker threads: "auto" (default) does so for large sites. */
  workers?: 'auto' | boolean;
}

export interface BuildResult {
  routes: Route[];
  /** The bundled assets' public URLs, for dev's incremental rebuilds. */
  assets: Assets;
  content: SiteContent;
  warnings: Warning[];
  sizes: SizeReport;
  ms: number;
  summary: string;
}

/** Files below a folder as relative paths with forward slashes ([] when it does not exist). */
async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const phases: [string, number][] = [];
  const phase = (name: string) => phases.push([name, performance.now()]);
  const contentDir = resolve(options.contentDir);
  const shownContent = relative(process.cwd(), contentDir) || '.';
  const compress = options.compress !== false;

  // Workers take a moment to load the templates, so they start while the content loads.
  const useWorkers = options.workers ?? 'auto';
  const pool = useWorkers === true || (useWorkers === 'auto' && (await listFiles(contentDir)).length >= WORKER_THRESHOLD) ? new RenderPool() : undefined;
  const outDir = resolve(options.outDir);
  let staging: string | undefined;
  try {
    const { content, links } = await loadContent(contentDir);
    if (options.baseUrl) content.site.baseUrl = options.baseUrl;
    const routes = planRoutes(content);
    phase('load');

    const warnings = findPlaceholders(content, shownContent);
    if (options.strict && warnings.length) {
      throw new InputErrors(warnings.map((w) => new ContentError(w.file, 'holds a placeholder (--strict)', [{ path: '', message: w.message }])));
    }

    const [bundle, staticFiles] = await Promise.all([bundleAssets(), listFiles(options.staticDir)]);
    const files: OutputFiles = new Map();
    files.set(bundle.js.url.slice(1), bundle.js.contents);
    files.set(bundle.css.url.slice(1), bundle.css.contents);
    files.set('sitemap.xml', sitemap(routes, content, new Date().toISOString().slice(0, 10)));
    files.set('robots.txt', robots(content));
    for (const locale of LOCALES) files.set(localeUrl(locale, '/manifest.webmanifest').slice(1), manifest(content, locale));
    files.set('_headers', headersFile(content));
    files.set('_redirects', redirectsFile());

    phase('bundle');
    staging = await stagingDir(outDir);
    const job = {
      content,
      assets: { css: bundle.css.url, js: bundle.js.url, extraScripts: options.extraScripts },
      year: options.year ?? new Date().getFullYear(),
      staging,
      cacheDir: compress ? cacheDirFor(outDir) : undefined,
    };
    // Asset and static writes go first: their compression proceeds on the thread pool while pages render.
    const assetsWritten = writeFiles(staging, files, { compress });
    const staticCopied = copyStatic(options.staticDir, staging, compress ? staticFiles : []);
    const [{ pages, cacheKeys }] = await Promise.all([pool ? pool.run(routes, job) : renderHere(routes, job), assetsWritten, staticCopied]);

    phase('render+write');
    const rendered = pages.map((p) => ({ ...p, route: routes[p.index]! }));
    const index: OutputIndex = {
      pages: new Map(rendered.filter((p) => p.route.kind.type !== 'not-found').map((p) => [p.route.url, new Set(p.ids)])),
      files: new Set([...[...staticFiles, ...files.keys()].map((f) => `/${f}`), ...(options.extraScripts ?? [])]),
    };
    checkContentLinks(links, index);
    const broken = checkOutputLinks(rendered, index);
    if (broken.length) throw new InputErrors(broken);

    const sizes = measure(rendered, bundle.css.contents, bundle.js.contents);
    const over = overBudget(sizes, content.site.budgets, rendered.length);
    if (over.length) {
      throw new InputErrors([new ContentError(`${shownContent}/site.yaml`, 'a page-weight budget is exceeded', over.map((message) => ({ path: 'budgets', message })))]);
    }

    phase('checks');
    await swapIn(staging, outDir);
    staging = undefined;
    if (job.cacheDir) pruneCache(job.cacheDir, new Set(cacheKeys));
    phase('swap');
    if (process.env.SITE_TIMINGS) console.error(phases.map(([n, t], i) => `${n} ${Math.round(t - (i ? phases[i - 1]![1] : started))} ms`).join(', '));
    const ms = performance.now() - started;
    const summary = formatReport(sizes, content.site.budgets, warnings, ms, relative(process.cwd(), outDir) || '.');
    return { routes, assets: job.assets, content, warnings, sizes, ms, summary };
  } finally {
    await pool?.close();
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
