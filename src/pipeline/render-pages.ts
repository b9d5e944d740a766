// Renders pages and writes them (with their precompressed twins) into a folder, returning what the checks
// and the size report need instead of the HTML itself. Runs in the main thread for small sites and
// dev, and in worker threads (render-worker.ts) for large ones; its file writes are synchronous
// because a worker has nothing else to do meanwhile.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { recordReads } from '../content/track.ts';
import type { Assets } from '../render/document.ts';
import { renderPage } from '../render/render-page.ts';
import type { SharedParts } from '../render/shared.ts';
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import type { EngineContent } from '../site/page-data.ts';
import { linksOf } from '../checks/links.ts';
import type { PluginContext } from '../site/plugin.ts';
import { callPlugin, pluginsOf } from '../plugins/run.ts';
import { localeUrls } from '../routes/urls.ts';
import { CompressionCache, type CacheIndex, type EntryRecord } from '../output/compression-cache.ts';
import { copyStaticFiles, type UnsafeSvg } from '../output/static-files.ts';
import { brotli, writeCompressedSync, type Encoding } from '../output/write-files.ts';

export interface RenderJob {
  content: EngineContent;
  assets: Assets;
  /** The production origin (the site's, or --base-url). */
  baseUrl: string;
  year: number;
  /** The moment the build is made as of (ISO), for the plugins' context. */
  now: string;
  /** The content folder as messages show it. */
  contentDir: string;
  /** The plugins' context's folders (absolute). */
  folders: PluginContext['folders'];
  /** The folder pages are written into. */
  outDir: string;
  /** Writing into a folder that is being served (dev): replace each file in one step (write, then rename). */
  live?: boolean;
  /** Write precompressed twins, kept between builds in this folder (compression-cache.ts); none when absent (dev). */
  cacheDir?: string;
  /** The twins' encodings (the site's output.precompress). */
  encodings: readonly Encoding[];
  /** Weigh each page (brotli bytes): only a site with budgets has a use for it. */
  measureWeight: boolean;
  /** What the cache recorded of its entries (compression-cache.ts). */
  cacheIndex?: CacheIndex;
  /** Record the content each page reads (dev): content must have been loaded with tracking. */
  track?: boolean;
}

export interface PageResult {
  /** Index of the route in the build's route table. */
  index: number;
  bytes: number;
  /** Brotli bytes, measured only for a site with budgets. */
  brotli?: number;
  /** Local href/src references of the page, for the link check. */
  refs: string[];
  ids: string[];
  islands: string[];
  /** The page has style="…" attributes (React's inline styles), which a strict CSP blocks. */
  styled?: boolean;
  /** Content key paths the render read (track only). */
  reads?: Set<string>;
  /** The document's title. */
  title?: string;
}

export interface RenderOutput {
  pages: PageResult[];
  /** Compression-cache keys this thread used, with what it recorded of them. */
  cacheUsed: [string, EntryRecord][];
}

/** Writes a file so that a reader sees the old or the new contents, never a part. */
export function writeWhole(path: string, data: Uint8Array | string): void {
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}

/** The <Shared> parts of a build, kept per job in each thread. */
const sharedParts = new WeakMap<RenderJob, SharedParts>();
function sharedOf(job: RenderJob): SharedParts | undefined {
  // A render that records its reads renders every page whole: each page must read what it shows.
  if (job.track) return undefined;
  if (!sharedParts.has(job)) sharedParts.set(job, new Map());
  return sharedParts.get(job);
}

/** An element's style attribute: the only way markup gets one is a template's style={{…}} (content may hold none). */
const STYLE_ATTRIBUTE = /<[a-zA-Z][^>]*\sstyle="/;

/** The plugins' context in this thread, per job (each thread makes its own plugin instances). */
const contexts = new WeakMap<RenderJob, PluginContext>();
function contextOf(site: SiteDefinition, job: RenderJob): PluginContext {
  let context = contexts.get(job);
  if (!context) {
    const locales = Object.keys(site.locales);
    context = { site, locales, defaultLocale: site.defaultLocale, urls: localeUrls(locales, site.defaultLocale), baseUrl: job.baseUrl, now: new Date(job.now), dev: !!job.track, contentDir: job.contentDir, folders: job.folders };
    contexts.set(job, context);
  }
  return context;
}

/** Renders one route in memory, with the facts the checks need; the plugins' pageRendered hooks have their say. */
export function renderOne(site: SiteDefinition, routes: Route[], index: number, job: RenderJob): { html: Buffer; result: PageResult } {
  const route = routes[index]!;
  const render = () => renderPage(route, { site, content: job.content, assets: job.assets, baseUrl: job.baseUrl, year: job.year, shared: sharedOf(job) });
  const { result: page, reads } = job.track ? recordReads(render) : { result: render(), reads: undefined };
  let text = page.html;
  let parts = page.parts;
  for (const plugin of pluginsOf(site)) {
    if (!plugin.pageRendered) continue;
    text = callPlugin(plugin, 'pageRendered', `page ${route.url} (${route.locale})`, () => plugin.pageRendered!(text, route, contextOf(site, job))) ?? text;
    parts = [{ html: text }]; // changed by a plugin: checked as one stretch
  }
  const html = Buffer.from(text);
  // Most pages have no style="…" at all: a search for it first spares them the tag-by-tag pattern (~40 µs a page).
  const styled = (text.includes('style="') && STYLE_ATTRIBUTE.test(text)) || undefined;
  return { html, result: { index, bytes: html.length, ...linksOf(parts), islands: page.islands, reads, title: page.title, ...(styled ? { styled } : {}) } };
}

/** Renders and writes the routes at the given indexes. */
export function renderAndWrite(site: SiteDefinition, routes: Route[], indexes: number[], job: RenderJob, onPage?: (done: number) => void): RenderOutput {
  for (const folder of new Set(indexes.map((i) => dirname(join(job.outDir, routes[i]!.file))))) mkdirSync(folder, { recursive: true });
  const cache = job.cacheDir ? new CompressionCache(job.cacheDir, job.outDir, job.encodings, job.cacheIndex) : undefined;
  const pages = indexes.map((index, done) => {
    const { html, result } = renderOne(site, routes, index, job);
    const path = join(job.outDir, routes[index]!.file);
    if (job.live) writeWhole(path, html);
    else writeFileSync(path, html);
    if (cache) result.brotli = cache.twins(path, html, job.measureWeight);
    else if (job.measureWeight) result.brotli = brotli(html, path).length;
    onPage?.(done + 1);
    return result;
  });
  return { pages, cacheUsed: cache ? [...cache.used] : [] };
}

/** The static files of a build, to be copied into its staging folder with their twins. */
export interface StaticTask {
  staticDir: string;
  files: string[];
  /** The staging folder. */
  dir: string;
  cacheDir?: string;
  encodings: readonly Encoding[];
  cacheIndex?: CacheIndex;
}

/** What copying the static files came to: the compression-cache entries used, and the SVGs refused. */
export interface StaticCopy {
  used: [string, EntryRecord][];
  refused: UnsafeSvg[];
}

/** Copies the static files with their twins (linked from the compression cache when it has them). */
export function copyStatic(task: StaticTask): StaticCopy {
  const cache = task.cacheDir ? new CompressionCache(task.cacheDir, task.dir, task.encodings, task.cacheIndex) : undefined;
  const refused = copyStaticFiles(task.staticDir, task.files, task.dir, (path, data) => (cache ? cache.twins(path, data) : writeCompressedSync(path, data, task.encodings)));
  return { used: cache ? [...cache.used] : [], refused };
}
