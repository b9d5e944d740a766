// `site build`: the summary; the site's problems (exit 1); or a sentence for a command or environment mistake (exit 2).
import { BuildFailure } from '../../problems/problem.ts';
import { build, outputFate, type OutputFate } from '../../pipeline/build.ts';
import { describeFailure } from '../../pipeline/describe-failure.ts';
import { showWholeStacks } from '../../loader/stack.ts';
import { annotations, inGitHubActions, untrustedLog } from '../../report/annotations.ts';
import { writeReport } from '../../report/json-report.ts';
import { formatProblems } from '../../report/problems.ts';
import { progressLine } from '../../report/progress.ts';
import type { Encoding } from '../../site/definition.ts';
import { UsageError } from '../preflight.ts';
import { requireFolder, shown, sitePaths } from '../site-paths.ts';

/** Each failure says what became of the output folder. */
export function fateOf(out: string, fate: OutputFate | undefined): string {
  switch (fate) {
    case 'absent':
      return `nothing was written (${out}/ does not exist).`;
    case 'replaced':
      return `${out}/ already holds the new output.`;
    case 'partial':
      return `${out}/ was partly updated; build again to finish.`;
    default:
      return `${out}/ was left as it was.`;
  }
}

/** The same, after a one-sentence refusal: "Nothing in dist/ was changed." */
function usageFate(out: string, fate: OutputFate | undefined): string {
  if (fate === 'absent') return 'Nothing was written.';
  if (fate === 'untouched' || fate === undefined) return `Nothing in ${out}/ was changed.`;
  return `And ${fateOf(out, fate)}`;
}

export interface BuildCommandOptions {
  site?: string;
  content?: string;
  out?: string;
  static?: string;
  baseUrl?: string;
  strict: boolean;
  emptyOutDir: boolean;
  /** false with --no-compress. */
  compress: boolean;
  /** --precompress br,gzip: the twins' encodings, whatever the site's host. */
  precompress?: Encoding[];
  quiet: boolean;
  debug: boolean;
  report?: string;
  now?: Date | string;
}

export async function runBuild(opts: BuildCommandOptions): Promise<void> {
  const paths = sitePaths(opts, 'dist');
  requireFolder(paths.content, '--content', !!opts.content);
  // A site may have no static folder at all; one named on the command line must exist.
  if (opts.static) requireFolder(paths.static, '--static', true);
  showWholeStacks(opts.debug);
  const out = shown(paths.out);
  const progress = progressLine({ quiet: opts.quiet });
  try {
    const result = await build({
      site: paths.site, contentDir: paths.content, outDir: paths.out, staticDir: paths.static, baseUrl: opts.baseUrl, strict: opts.strict, emptyOutDir: opts.emptyOutDir, compress: opts.compress,
      precompress: opts.precompress, onProgress: progress.update, reportFile: opts.report, now: opts.now,
    });
    progress.done();
    if (opts.report) writeReport(opts.report, [], result.warnings);
    if (inGitHubActions()) for (const line of annotations([], result.warnings)) console.log(line);
    if (!opts.quiet) console.log(inGitHubActions() && result.warnings.length ? untrustedLog(result.summary) : result.summary);
    // For the benchmark: the process's peak resident memory, worker threads included.
    if (process.env.SITE_REPORT_MEMORY) console.log(`peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  } catch (error) {
    progress.done();
    const fate = fateOf(out, outputFate(error));
    if (error instanceof UsageError) throw new UsageError(`${error.message} ${usageFate(out, outputFate(error))}`);
    const problems = error instanceof BuildFailure ? error.problems : [];
    if (opts.report) writeReport(opts.report, problems, []);
    if (inGitHubActions()) {
      const lines = problems.length ? annotations(problems) : [`::error title=build::${describeFailure(error).split('\n')[0]}`];
      for (const line of lines) console.log(line);
    }
    const told = error instanceof BuildFailure ? formatProblems(problems, { reportFile: opts.report }) : describeFailure(error);
    // In CI the list quotes content (values, file names): GitHub reads none of its lines as a command.
    console.error(`Build failed; ${fate}\n\n${inGitHubActions() ? untrustedLog(told) : told}`);
    process.exitCode = 1;
  }
}
