// Renders pages and writes them (with their .br/.gz twins) into the staging folder, returning what
// the link check and the size report need instead of the HTML itself. Runs in the main thread for
// small sites and in worker threads (render-worker.ts) for large ones; its file writes are
// synchronous because a worker has nothing else to do meanwhile.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SiteContent } from '../content/types.ts';
import { renderPage } from '../render/render-page.tsx';
import type { Route } from '../routes/routes.ts';
import type { Assets } from '../../templates/Document.tsx';
import { idsOf, referencesOf } from './check-links.ts';
import { CompressionCache } from './compression-cache.ts';
import { brotli, gzip } from './write-output.ts';

export interface RenderJob {
  content: SiteContent;
  assets: Assets;
  year: number;
  staging: string;
  /** Writing into a folder that is being served (dev): replace each file in one step (write, then rename). */
  live?: boolean;
  /** Write .br/.gz twins, kept between builds in this folder (compression-cache.ts); none when absent (dev). */
  cacheDir?: string;
}

export interface PageResult {
  /** Index of the route in the build's route table. */
  index: number;
  bytes: number;
  gzip: number;
  /** Local href/src references of the page, for the link check. */
  refs: string[];
  ids: string[];
}

export interface RenderOutput {
  pages: PageResult[];
  /** Compression-cache keys this thread used. */
  cacheKeys: string[];
}

/** Renders and writes the routes at the given indexes. */
export function renderAndWrite(routes: Route[], indexes: number[], job: RenderJob): RenderOutput {
  for (const folder of new Set(indexes.map((i) => dirname(join(job.staging, routes[i]!.file))))) mkdirSync(folder, { recursive: true });
  const cache = job.cacheDir ? new CompressionCache(job.cacheDir) : undefined;
  const pages = indexes.map((index) => {
    const route = routes[index]!;
    const html = renderPage(route, job);
    const path = join(job.staging, route.file);
    const buffer = Buffer.from(html);
    if (job.live) {
      writeFileSync(`${path}.tmp`, buffer);
      renameSync(`${path}.tmp`, path);
    } else writeFileSync(path, buffer);
    const gzipSize = cache ? cache.twins(path, buffer, () => ({ br: brotli(buffer, path), gz: gzip(buffer) })) : gzip(buffer).length;
    return { index, bytes: buffer.length, gzip: gzipSize, refs: referencesOf(html), ids: [...idsOf(html)] };
  });
  return { pages, cacheKeys: cache ? [...cache.used] : [] };
}
