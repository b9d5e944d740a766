// Renders and writes pages with their twins, returning what the checks need, not the HTML. Runs on the main thread or a worker
// (render-worker.ts); writes are synchronous, as a worker has nothing else to do meanwhile.
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
  /** The site's, or --base-url. */
  baseUrl: string;
  year: number;
  /** ISO, for the plugins' context. */
  now: string;
  contentDir: string;
  /** Absolute. */
  folders: PluginContext['folders'];
  outDir: string;
  /** Where twins are kept between builds (compression-cache.ts); no twins without it (dev). */
  cacheDir?: string;
  encodings: readonly Encoding[];
  /** Only a site with budgets weighs pages (brotli bytes). */
  measureWeight: boolean;
  cacheIndex?: CacheIndex;
  /** dev: content must have been loaded with tracking. */
  track?: boolean;
}

export interface PageResult {
  index: number;
  bytes: number;
  /** Only for a site with budgets. */
  brotli?: number;
  /** Local href/src references, for the link check. */
  refs: string[];
  ids: string[];
  islands: string[];
  /** style="…" attributes, which a strict CSP blocks. */
  styled?: boolean;
  /** track only. */
  reads?: Set<string>;
  title?: string;
}

export interface RenderOutput {
  pages: PageResult[];
  /** Compression-cache keys this thread used. */
  cacheUsed: [string, EntryRecord][];
}

/** Writes a file so that a reader sees the old or the new contents, never a part. */
export function writeWhole(path: string, data: Uint8Array | string): void {
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}

/** Per job, in each thread. */
const sharedParts = new WeakMap<RenderJob, SharedParts>();
function sharedOf(job: RenderJob): SharedParts | undefined {
  // Recording reads needs every page whole: each must read what it shows.
  if (job.track) return undefined;
  if (!sharedParts.has(job)) sharedParts.set(job, new Map());
  return sharedParts.get(job);
}

/** Only a template's style={{…}} makes one (content may hold none). */
const STYLE_ATTRIBUTE = /<[a-zA-Z][^>]*\sstyle="/;

/** Per job: each thread makes its own plugin instances. */
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

/** In memory, with the facts the checks need, after the plugins' pageRendered hooks. */
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
  // Most pages have no style="…": a plain search first spares them the pattern.
  const styled = (text.includes('style="') && STYLE_ATTRIBUTE.test(text)) || undefined;
  return { html, result: { index, bytes: html.length, ...linksOf(parts), islands: page.islands, reads, title: page.title, ...(styled ? { styled } : {}) } };
}

export function renderAndWrite(site: SiteDefinition, routes: Route[], indexes: number[], job: RenderJob, onPage?: (done: number) => void): RenderOutput {
  for (const folder of new Set(indexes.map((i) => dirname(join(job.outDir, routes[i]!.file))))) mkdirSync(folder, { recursive: true });
  const cache = job.cacheDir ? new CompressionCache(job.cacheDir, job.outDir, job.encodings, job.cacheIndex) : undefined;
  const pages = indexes.map((index, done) => {
    const { html, result } = renderOne(site, routes, index, job);
    const path = join(job.outDir, routes[index]!.file);
    if (cache) result.brotli = cache.write(path, html, job.measureWeight);
    else {
      writeFileSync(path, html);
      if (job.measureWeight) result.brotli = brotli(html, path).length;
    }
    onPage?.(done + 1);
    return result;
  });
  return { pages, cacheUsed: cache ? [...cache.used] : [] };
}

export interface StaticTask {
  staticDir: string;
  files: string[];
  dir: string;
  cacheDir?: string;
  encodings: readonly Encoding[];
  cacheIndex?: CacheIndex;
}

export interface StaticCopy {
  used: [string, EntryRecord][];
  refused: UnsafeSvg[];
}

/** Twins are linked from the compression cache when it has them. */
export function copyStatic(task: StaticTask): StaticCopy {
  const cache = task.cacheDir ? new CompressionCache(task.cacheDir, task.dir, task.encodings, task.cacheIndex) : undefined;
  const refused = copyStaticFiles(task.staticDir, task.files, task.dir, (path, data) => {
    if (cache) return void cache.write(path, data);
    writeFileSync(path, data);
    writeCompressedSync(path, data, task.encodings);
  });
  return { used: cache ? [...cache.used] : [], refused };
}
