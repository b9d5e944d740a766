// A whole build's render step into a fresh staging folder: static files, generated files with twins, plugins' own
// (the editor), and every page. Published by `write`, once every check has passed.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildFailure } from '../problems/problem.ts';
import { shown } from '../problems/shown.ts';
import { CompressionCache, pruneCache } from '../output/compression-cache.ts';
import { publish, type Published } from '../output/publish.ts';
import { settled } from '../files/settled.ts';
import { unsafeSvgProblems } from '../output/static-files.ts';
import { writeFiles, type OutputFiles } from '../output/write-files.ts';
import type { Bundle } from '../site/plugin.ts';
import { callPlugin } from '../plugins/run.ts';
import type { Route } from '../routes/routes.ts';
import type { PageResult, RenderJob } from './render-pages.ts';
import { copyStatic } from './render-pages.ts';
import { renderHere } from './render-pool.ts';
import type { BuildRun } from './run.ts';

export interface Rendered {
  pages: PageResult[];
  /** Brotli weights of the CSS and JS, by output path. */
  assetWeights?: Map<string, number>;
  /** The last step, after every check. */
  write(): Promise<Published | undefined>;
}

export async function renderAll(run: BuildRun, routes: Route[], job: RenderJob, files: OutputFiles, bundle: Bundle): Promise<Rendered> {
  const staging = await run.stagingFolder();
  Object.assign(job, { outDir: staging, cacheDir: run.cacheDir, cacheIndex: run.cacheIndex });
  // An SVG refused stops the build here.
  const copied = await (run.staticCopied ?? copyStatic({ staticDir: run.dirs.static, files: run.statics.files, dir: staging, cacheDir: run.cacheDir, encodings: run.encodings, cacheIndex: run.cacheIndex }));
  if (copied.refused.length) throw new BuildFailure(unsafeSvgProblems(copied.refused, shown(run.dirs.static)));
  const cache = run.cacheDir ? new CompressionCache(run.cacheDir, staging, run.encodings, run.cacheIndex) : undefined;
  // Through the cache too: the CSS and JS compressed at top quality once, and weighed from their twins.
  const weigh = new Set(job.measureWeight ? [bundle.css.url, bundle.js.url].filter(Boolean).map((url) => url.slice(1)) : []);
  const written = cache ? Promise.resolve(cache.writeAll(staging, files, weigh)) : writeFiles(staging, files, run.encodings).then(() => undefined);
  const placed = Promise.all(run.plugins.filter((p) => p.place).map((p) => callPlugin(p, 'place', undefined, () => p.place!(staging, run.context))));
  const [output, assetWeights] = await settled([run.pool ? run.pool.run(run.site, routes, job, run.options.onProgress) : renderHere(run.site, routes, job, run.options.onProgress), written, placed] as const);
  return {
    pages: output.pages,
    assetWeights,
    async write() {
      // A plugin's file no page links to, where it asks (Plugin.shownOnly), leaves the output before it is published.
      const shownOnly = run.plugins.filter((p) => p.shownOnly);
      if (shownOnly.length) {
        const linked = new Set(output.pages.flatMap((p) => p.refs));
        const unshown = [...files.keys()].filter((file) => !linked.has(`/${file}`) && shownOnly.some((p) => p.shownOnly!(file)));
        await Promise.all(unshown.flatMap((file) => ['', '.br', '.gz'].map((twin) => rm(join(staging, file + twin), { force: true }))));
      }
      const published = await publish(staging, run.plan, { emptyOutDir: run.options.emptyOutDir, host: run.host, changing: () => (run.fate = run.plan.mode === 'swap' ? 'replaced' : 'partial') });
      run.fate = 'replaced';
      run.staging = undefined;
      if (run.cacheDir) pruneCache(run.cacheDir, new Map([...copied.used, ...(cache?.used ?? []), ...output.cacheUsed]));
      return published;
    },
  };
}
