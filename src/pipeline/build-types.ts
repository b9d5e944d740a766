// What build() is asked and returns, and the output folder's fate a failed build tells.
import type { SizeReport } from '../checks/budgets.ts';
import type { Published } from '../output/publish.ts';
import type { Route } from '../routes/routes.ts';
import type { Encoding, Warning } from '../site/definition.ts';
import type { EngineContent } from '../site/page-data.ts';
import type { BuildState } from './state.ts';

export interface BuildOptions {
  /** The site definition's module (a path or file URL). */
  site: string;
  contentDir: string;
  staticDir: string;
  outDir: string;
  baseUrl?: string;
  /** Placeholder warnings become errors. */
  strict?: boolean;
  /** dev's reload client. */
  extraScripts?: string[];
  /** Precompressed twins where the site's host uses them (false: none, as in dev). */
  compress?: boolean;
  /** In place of the site's output.precompress and its host's default. */
  precompress?: readonly Encoding[];
  /** Default: now; plugins see it, the sitemap's lastmod is its day. A day (YYYY-MM-DD) is noon of it in the site's time zone. */
  now?: Date | string;
  /** dev --drafts. */
  drafts?: boolean;
  /** For the copyright line (default: the year of `now`). */
  year?: number;
  /** Worker threads: "auto" (default) for large sites. */
  workers?: 'auto' | boolean;
  /** Record what each page reads, so the next build re-renders only what an edit affects. */
  track?: boolean;
  /** dev: pages its reads say are unaffected are kept as they are in outDir. */
  previous?: BuildState;
  /** --empty-out-dir: replace an output folder of files this engine did not write. */
  emptyOutDir?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** --report: the whole list of problems, named in the capped summary. */
  reportFile?: string;
}

/** What became of the output folder when a build failed, told truthfully by the CLI. */
export type OutputFate = 'untouched' | 'absent' | 'replaced' | 'partial';

/** Any error thrown by build() carries the output folder's fate. */
export type BuildError = Error & { outputFate: OutputFate };

export function outputFate(error: unknown): OutputFate | undefined {
  return (error as Partial<BuildError> | undefined)?.outputFate;
}

export interface BuildResult {
  routes: Route[];
  content: EngineContent;
  warnings: Warning[];
  sizes: SizeReport;
  /** All, or those an edit affected. */
  rendered: number;
  ms: number;
  summary: string;
  state?: BuildState;
  /** Full builds only. */
  published?: Published;
}
