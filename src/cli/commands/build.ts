// `site build`: prints the summary; or every problem of the site without a stack trace (exit 1), or a
// sentence for a mistake in the command or the environment (exit 2), each saying what became of the
// output folder.
import { build, outputFate, type OutputFate } from '../../pipeline/build.ts';
import { describeFailure } from '../../pipeline/describe-failure.ts';
import { UsageError } from '../preflight.ts';
import { requireFolder, shown, sitePaths } from '../site-paths.ts';

/** What a failed build did to the output folder, truthfully. */
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

export async function runBuild(opts: { site?: string; content?: string; out?: string; static?: string; baseUrl?: string; strict: boolean; emptyOutDir: boolean }): Promise<void> {
  const paths = sitePaths(opts, 'dist');
  requireFolder(paths.content, '--content', !!opts.content);
  // A site may have no static folder at all; one named on the command line must exist.
  if (opts.static) requireFolder(paths.static, '--static', true);
  const out = shown(paths.out);
  try {
    const result = await build({ site: paths.site, contentDir: paths.content, outDir: paths.out, staticDir: paths.static, baseUrl: opts.baseUrl, strict: opts.strict, emptyOutDir: opts.emptyOutDir });
    console.log(result.summary);
    // For the benchmark: the process's peak resident memory, worker threads included.
    if (process.env.SITE_REPORT_MEMORY) console.log(`peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  } catch (error) {
    const fate = fateOf(out, outputFate(error));
    if (error instanceof UsageError) throw new UsageError(`${error.message} ${usageFate(out, outputFate(error))}`);
    console.error(`Build failed; ${fate}\n\n${describeFailure(error)}`);
    process.exitCode = 1;
  }
}
