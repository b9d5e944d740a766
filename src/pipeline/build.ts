// The build, as one pipeline for `build` and `dev`: load the site definition and content → plan
// routes → bundle assets → render and write pages (in worker threads for large sites; only the
// affected pages after a dev edit) → check links, islands and budgets against the whole site →
// swap the new output in → report.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, overBudget } from '../checks/budgets.ts';
import { unknownIslands } from '../checks/islands.ts';
import { localesWithoutIcu } from '../checks/locales.ts';
import { checkContentLinks, checkOutputLinks, type OutputIndex } from '../checks/links.ts';
import { contentCacheFor } from '../content/content-cache.ts';
import { loadContent } from '../content/load-content.ts';
import { walk } from '../files/walk.ts';
import { cacheDirFor, CompressionCache, pruneCache, readIndex, type CacheIndex } from '../output/compression-cache.ts';
import { planOutput } from '../output/guard.ts';
import { publish, removeDebris, restoreInterrupted, stagingDir, type Published } from '../output/publish.ts';
import { listStatic, unsafeSvgProblems } from '../output/static-files.ts';
import { staticPolicyProblems } from '../output/static-policy.ts';
import { ADMIN_DIR, adminCsp, adminFiles, DEFAULT_MEDIA_FOLDER, placeEditor } from '../admin/admin-files.ts';
import { editorBundle } from '../admin/editor-bundle.ts';
import { brotli, DEFAULT_ENCODINGS, writeFiles } from '../output/write-files.ts';
import { siteFiles } from '../plugins/index.ts';
import { BuildFailure, inFile, Problem } from '../problems/problem.ts';
import { shown } from '../problems/shown.ts';
import { systemError } from '../problems/system-error.ts';
import type { Assets } from '../render/document.tsx';
import { checkReportPath } from '../report/json-report.ts';
import { formatReport } from '../report/summary.ts';
import { planRoutes, routeSignature, type Route } from '../routes/routes.ts';
import { localeUrls } from '../routes/urls.ts';
import type { SizeReport } from '../checks/budgets.ts';
import type { SiteDefinition, Warning } from '../site/definition.ts';
import { callHook } from '../site/hooks.ts';
import type { EngineContent } from '../site/page-data.ts';
import { bundleAssets } from '../bundle/client-assets.ts';
import { metaCsp } from '../security/headers.ts';
import { loadSite } from './load-site.ts';
import { copyStatic, renderOne, writeWhole, type PageResult, type RenderJob, type StaticCopy } from './render-pages.ts';
import { RenderPool, renderHere, WORKER_THRESHOLD } from './render-pool.ts';
import { affectedPages, type BuildState } from './state.ts';

export interface BuildOptions {
  /** The module whose default export is the site definition (a path or file URL). */
  site: string;
  contentDir: string;
  staticDir: string;
  outDir: string;
  baseUrl?: string;
  /** Placeholder warnings become errors. */
  strict?: boolean;
  /** Extra module scripts on every page (dev's reload client). */
  extraScripts?: string[];
  /** Write precompressed twins of text files (off in dev, where speed matters more). */
  compress?: boolean;
  /** The year printed in the copyright line. */
  year?: number;
  /** Render in worker threads: "auto" (default) does so for large sites. */
  workers?: 'auto' | boolean;
  /** Record what each page reads, and return the state that lets the next build re-render only what an edit affects. */
  track?: boolean;
  /** The previous build's state (dev): pages its reads say are unaffected are kept as they are in outDir. */
  previous?: BuildState;
  /** Replace an output folder of files this engine did not write (--empty-out-dir). */
  emptyOutDir?: boolean;
  /** Told as pages are rendered: for a progress line. */
  onProgress?: (done: number, total: number) => void;
  /** Where the whole list of problems is written (--report), named in the capped summary. */
  reportFile?: string;
}

/** What became of the output folder when a build failed: the CLI says so, truthfully. */
export type OutputFate = 'untouched' | 'absent' | 'replaced' | 'partial';

/** The fate of the output folder recorded on an error thrown by build(). */
export function outputFate(error: unknown): OutputFate | undefined {
  return (error as { outputFate?: OutputFate } | undefined)?.outputFate;
}

export interface BuildResult {
  routes: Route[];
  content: EngineContent;
  warnings: Warning[];
  sizes: SizeReport;
  /** How many pages were rendered (all, or those an edit affected). */
  rendered: number;
  ms: number;
  summary: string;
  state?: BuildState;
  /** How the output was published (full builds). */
  published?: Published;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const phases: [string, number][] = [];
  const phase = (name: string) => phases.push([name, performance.now()]);
  const siteModule = options.site.startsWith('file:') ? options.site : resolve(options.site);
  const site = await loadSite(siteModule);
  const siteFile = siteModule.startsWith('file:') ? fileURLToPath(siteModule) : siteModule;
  const contentDir = resolve(options.contentDir);
  const staticDir = resolve(options.staticDir);
  const outDir = resolve(options.outDir);
  const compress = options.compress !== false;
  const locales = Object.keys(site.locales);
  const urls = localeUrls(locales, site.defaultLocale);

  // A build killed mid-swap left the previous output aside: it is put back before anything is judged.
  await restoreInterrupted(outDir);
  // Before anything is written: may the output go where it was asked to, and how.
  const { plan, statics } = await checkOutput(site, siteFile, { contentDir, staticDir, outDir, emptyOutDir: options.emptyOutDir, reportFile: options.reportFile });
  let fate: OutputFate = plan.exists ? 'untouched' : 'absent';

  // Workers take a moment to load the templates, so they start while the content loads.
  const wantWorkers = options.workers ?? 'auto';
  const pool = !options.track && (wantWorkers === true || (wantWorkers === 'auto' && (await walk(contentDir)).files.length >= WORKER_THRESHOLD)) ? new RenderPool(siteModule) : undefined;
  let staging: string | undefined;
  let staticCopied: Promise<StaticCopy> | undefined;
  const encodings = compress ? (site.output?.precompress ?? DEFAULT_ENCODINGS) : [];
  const cacheDir = compress ? cacheDirFor(outDir, dirname(siteFile)) : undefined;
  let cacheIndex: CacheIndex | undefined;
  try {
    if (statics.problems.length) throw new BuildFailure(statics.problems);
    if (pool) {
      // A worker copies the static files into the staging folder while this thread loads the content.
      await removeDebris(outDir);
      staging = await stagingDir(outDir);
      cacheIndex = cacheDir ? readIndex(cacheDir) : undefined;
      staticCopied = pool.copyStatic({ staticDir, files: statics.files, dir: staging, cacheDir, encodings, cacheIndex });
      staticCopied.catch(() => undefined); // awaited before the pages; a build that fails before then ends the worker first
    }
    // dev keeps its parses in memory between its builds (reuse); reading and rewriting the kept file on every save would cost more.
    const { content, files: contentFiles, links } = await loadContent<EngineContent>(site, contentDir, { track: options.track, reuse: options.track, cache: options.track ? undefined : contentCacheFor(contentDir) });
    const baseUrl = options.baseUrl ?? callHook('baseUrl()', undefined, () => site.baseUrl(content));
    const routes = planRoutes(site, content);
    const signature = routeSignature(routes);
    phase('load');

    const placeholders = callHook('placeholders()', undefined, () => site.placeholders?.(content, { contentDir: shown(contentDir), baseUrl }) ?? []);
    const icu = localesWithoutIcu(site.locales, shown(siteFile));
    if (options.strict && (placeholders.length || statics.warnings.length || icu.length)) {
      throw new BuildFailure([
        ...placeholders.map((w) => inFile('placeholder/strict', w.file, 'holds a placeholder (--strict)', [{ path: '', message: w.message }])),
        ...statics.warnings.map((w) => inFile('static/hidden', w.file, 'is left out of the output (--strict)', [{ path: '', message: w.message }])),
        ...icu.map((w) => inFile('locale/no-icu', w.file, 'names a locale this Node cannot format (--strict)', [{ path: '', message: w.message }])),
      ]);
    }
    const warnings = [...placeholders, ...statics.warnings, ...icu];
    const bundle = await bundleAssets({ islands: site.islands.module, styles: site.styles });
    const area = site.admin ? { dir: ADMIN_DIR, csp: adminCsp(site.admin.backend), files: adminFiles(site, { root: site.admin.root ? fileURLToPath(site.admin.root) : dirname(siteFile), contentDir, staticDir }, baseUrl) } : undefined;
    const generated = siteFiles(site, content, routes, { locales, urls, baseUrl, defaultLocale: site.defaultLocale }, bundle, { staticFiles: statics.files, area });
    const clashes = statics.files.filter((file) => generated.has(file));
    if (clashes.length) throw new BuildFailure(clashes.map((file) => inFile('static/generated-clash', shown(join(staticDir, file)), 'has the name of a file the build writes', [{ path: '', message: `the build writes ${file} itself; remove this file, or turn the generated one off in the site definition (output)` }])));
    phase('bundle');

    const headersOption = site.output?.headers;
    const policy = headersOption === false ? undefined : typeof headersOption === 'function' ? callHook('output.headers()', undefined, () => headersOption(content)) : (headersOption ?? {});
    const assets: Assets = { css: bundle.css.url, js: bundle.js.url, extraScripts: options.extraScripts, notFoundCsp: policy && metaCsp(policy, { dev: !!options.track }) };
    const budgets = callHook('budgets()', undefined, () => site.budgets?.(content));
    const previous = options.previous?.signature === signature && options.previous.assets.js === assets.js && options.previous.assets.css === assets.css ? options.previous : undefined;
    const job: RenderJob = { content, assets, baseUrl, year: options.year ?? new Date().getFullYear(), outDir, track: options.track, encodings, measureWeight: budgets !== undefined };
    let pages: PageResult[];
    let assetWeights: Map<string, number> | undefined;
    let write: () => Promise<Published | undefined>;
    if (previous) {
      // Only the pages whose reads a content edit touched; written after the checks pass.
      const fresh = affectedPages(previous, contentFiles).map((i) => renderOne(site, routes, i, job));
      pages = previous.pages.map((p) => fresh.find((f) => f.result.index === p.index)?.result ?? p);
      if (job.measureWeight) for (const { html, result } of fresh) result.brotli = brotli(html, routes[result.index]!.file).length;
      write = async () => {
        fate = 'partial';
        for (const [name, data] of generated) writeWhole(join(outDir, name), data);
        for (const { html, result } of fresh) writeWhole(join(outDir, routes[result.index]!.file), html);
        return undefined;
      };
    } else {
      if (!staging) {
        await removeDebris(outDir);
        staging = await stagingDir(outDir);
        cacheIndex = cacheDir ? readIndex(cacheDir) : undefined;
      }
      job.outDir = staging;
      job.cacheDir = cacheDir;
      job.cacheIndex = cacheIndex;
      // Static and generated files are compressed once too: kept in the same cache as the pages. A
      // worker copied them meanwhile (done long before the content is): an SVG refused stops the build here.
      const copied = await (staticCopied ?? copyStatic({ staticDir, files: statics.files, dir: staging, cacheDir, encodings, cacheIndex }));
      if (copied.refused.length) throw new BuildFailure(unsafeSvgProblems(copied.refused, shown(staticDir)));
      const generatedCache = cacheDir ? new CompressionCache(cacheDir, staging, encodings, cacheIndex) : undefined;
      // Generated files (CSS, JS, sitemap…) through the cache too: the CSS and JS at the top quality once, and weighed from their twins.
      const weigh = new Set(job.measureWeight ? [bundle.css.url, bundle.js.url].map((url) => url.slice(1)) : []);
      const assetsWritten = generatedCache ? Promise.resolve(generatedCache.writeAll(staging, generated, weigh)) : writeFiles(staging, generated, encodings).then(() => undefined);
      const into = staging;
      // A full build places the editor; a dev rebuild keeps the one already in the output.
      const editorPlaced = site.admin ? editorBundle().then((dir) => placeEditor(dir, into)) : undefined;
      const [output, weighed] = await settled([pool ? pool.run(site, routes, job, options.onProgress) : renderHere(site, routes, job, options.onProgress), assetsWritten, editorPlaced] as const);
      pages = output.pages;
      assetWeights = weighed;
      const dir = staging;
      write = async () => {
        const published = await publish(dir, plan, { emptyOutDir: options.emptyOutDir, changing: () => (fate = plan.mode === 'swap' ? 'replaced' : 'partial') });
        fate = 'replaced';
        staging = undefined;
        if (cacheDir) pruneCache(cacheDir, new Map([...copied.used, ...(generatedCache?.used ?? []), ...output.cacheUsed]));
        return published;
      };
    }
    phase('render');

    const rendered = pages.map((p) => ({ ...p, route: routes[p.index]! }));
    const index: OutputIndex = {
      pages: new Map(rendered.filter((p) => !p.route.notFound).map((p) => [p.route.url, new Set(p.ids)])),
      files: new Set([...[...statics.files, ...generated.keys()].map((f) => `/${f}`), ...(options.extraScripts ?? [])]),
    };
    // A link written in content is reported where it was written, not again on the pages that show it.
    const contentLinkProblems = checkContentLinks(links, index, urls, shown(staticDir));
    if (contentLinkProblems.length) throw new BuildFailure(contentLinkProblems);
    const problems = [...checkOutputLinks(rendered, index, shown(staticDir)), ...unknownIslands(rendered, Object.keys(site.islands.registry))];
    const sizes = measure(rendered, { contents: bundle.css.contents, brotli: assetWeights?.get(bundle.css.url.slice(1)) }, { contents: bundle.js.contents, brotli: assetWeights?.get(bundle.js.url.slice(1)) });
    const over = budgets ? overBudget(sizes, budgets, rendered.filter((p) => p.islands.length).length) : [];
    if (over.length) problems.push(new Problem('budget/exceeded', { part: 'page-weight budgets' }, 'are exceeded', over.map((message) => ({ path: '', message }))));
    if (problems.length) throw new BuildFailure(problems);
    phase('checks');

    const published = await write();
    phase('write');
    if (process.env.SITE_TIMINGS) console.error(phases.map(([n, t], i) => `${n} ${Math.round(t - (i ? phases[i - 1]![1] : started))} ms`).join(', '));
    const ms = performance.now() - started;
    const summary = formatReport(sizes, budgets, warnings, ms, shown(outDir), published, options.reportFile);
    const state = options.track ? { signature, files: contentFiles, pages, assets } : undefined;
    return { routes, content, warnings, sizes, rendered: previous ? pages.filter((p, i) => p !== previous.pages[i]).length : pages.length, ms, summary, state, published };
  } catch (error) {
    const told = systemError(error, `the new output for ${shown(outDir)}`) ?? error;
    if (told && typeof told === 'object') Object.assign(told, { outputFate: fate });
    throw told;
  } finally {
    await pool?.close();
    // A failed cleanup must not hide the error that stopped the build.
    if (staging) await rm(staging, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

/**
 * The checks made before anything is written: static/'s files (links and hidden files are never
 * published), and whether and how the output folder may be written (see output/guard.ts). Throws a
 * UsageError when the output may not be written there.
 */
export async function checkOutput(site: SiteDefinition, siteFile: string, paths: { contentDir: string; staticDir: string; outDir: string; emptyOutDir?: boolean; reportFile?: string }) {
  const policy = { mediaFolder: site.admin ? (site.admin.media?.folder ?? DEFAULT_MEDIA_FOLDER) : undefined, allow: site.staticTypes };
  const statics = await listStatic(paths.staticDir, shown(paths.staticDir), policy);
  statics.problems.unshift(...staticPolicyProblems(policy).map((message) => new Problem('site/definition', { part: shown(siteFile) }, 'allows a type static/ may not publish', [{ path: 'staticTypes', message }])));
  const siteDir = dirname(siteFile);
  const sourceFolders = site.sources.map((url) => fileURLToPath(url)).filter((path) => path.endsWith('/')).map((path) => ({ path, name: relative(siteDir, path) || 'code' }));
  // The report (--report) goes neither into the output nor among the sources.
  if (paths.reportFile) checkReportPath(paths.reportFile, [{ path: paths.outDir, name: 'output' }, { path: paths.contentDir, name: 'content' }, { path: paths.staticDir, name: 'static' }, ...sourceFolders]);
  const plan = guarded(() => planOutput(paths.outDir, {
    shown: shown(paths.outDir),
    protect: { roots: [process.cwd(), siteDir], sources: [{ path: paths.contentDir, name: 'content' }, { path: paths.staticDir, name: 'static' }, ...sourceFolders] },
    emptyOutDir: paths.emptyOutDir,
    defaultOut: join(siteDir, 'dist'),
    staticFiles: statics.files,
  }), existsSync(paths.outDir) ? 'untouched' : 'absent');
  return { plan, statics };
}

/** Runs a check made before anything is written; its error says the output is as it was. */
function guarded<T>(check: () => T, fate: OutputFate): T {
  try {
    return check();
  } catch (error) {
    throw Object.assign(error as object, { outputFate: fate });
  }
}

/** Like Promise.all, but waits for every task to end before failing, so no write is still in flight. */
async function settled<T extends readonly unknown[]>(tasks: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
