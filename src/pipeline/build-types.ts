// What build() is asked and what it returns, and the fate of the output folder a failed build says.
import type { SizeReport } from '../checks/budgets.ts';
import type { Published } from '../output/publish.ts';
import type { Route } from '../routes/routes.ts';
import type { Encoding, Warning } from '../site/definition.ts';
import type { EngineContent } from '../site/page-data.ts';
import type { BuildState } from './state.ts';

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
  /** Write precompressed twins of text files where the site's host uses them (false: none, as in dev). */
  compress?: boolean;
  /** The twins' encodings for this build, in place of the site's output.precompress and its host's default. */
  precompress?: readonly Encoding[];
  /** The moment the build is made as of (default: now); plugins see it, the sitemap's lastmod is its day. */
  now?: Date;
  /** Build drafts too (dev --drafts). */
  drafts?: boolean;
  /** The year printed in the copyright line (default: the year of `now`). */
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

/** An error thrown by build(): whatever it is, it carries what became of the output folder. */
export type BuildError = Error & { outputFate: OutputFate };

/** The fate of the output folder recorded on an error thrown by build(). */
export function outputFate(error: unknown): OutputFate | undefined {
  return (error as Partial<BuildError> | undefined)?.outputFate;
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
