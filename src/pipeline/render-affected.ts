// dev's render step after an edit: only pages whose recorded reads the edit touched are rendered again; the rest are kept.
// Written in place, each file in one step (dev serves the folder meanwhile), after the checks pass.
import { join } from 'node:path';
import type { OutputFiles } from '../output/write-files.ts';
import { brotli } from '../output/write-files.ts';
import type { Route } from '../routes/routes.ts';
import type { Rendered } from './render-full.ts';
import { renderOne, writeWhole, type RenderJob } from './render-pages.ts';
import type { BuildRun } from './run.ts';
import { affectedPages, type BuildState } from './state.ts';

export function renderAffected(run: BuildRun, previous: BuildState, contentFiles: Map<string, unknown>, routes: Route[], job: RenderJob, files: OutputFiles): Rendered {
  const fresh = affectedPages(previous, contentFiles).map((i) => renderOne(run.site, routes, i, job));
  const pages = previous.pages.map((p) => fresh.find((f) => f.result.index === p.index)?.result ?? p);
  if (job.measureWeight) for (const { html, result } of fresh) result.brotli = brotli(html, routes[result.index]!.file).length;
  return {
    pages,
    async write() {
      run.fate = 'partial';
      for (const [name, data] of files) writeWhole(join(run.dirs.out, name), data);
      for (const { html, result } of fresh) writeWhole(join(run.dirs.out, routes[result.index]!.file), html);
      return undefined;
    },
  };
}
