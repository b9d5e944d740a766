// `site build`: prints the summary, or every input error without a stack trace and exits 1.
import { build } from '../../build/build.ts';
import { describeFailure } from '../../build/describe-failure.ts';
import { requireFolder } from '../preflight.ts';

export async function runBuild(opts: { site: string; content: string; out: string; static: string; baseUrl?: string; strict: boolean }): Promise<void> {
  requireFolder(opts.content, '--content');
  // A site may have no static folder at all; one named on the command line must exist.
  if (opts.static !== 'static') requireFolder(opts.static, '--static');
  try {
    const result = await build({ site: opts.site, contentDir: opts.content, outDir: opts.out, staticDir: opts.static, baseUrl: opts.baseUrl, strict: opts.strict });
    console.log(result.summary);
    // For the benchmark: the process's peak resident memory, worker threads included.
    if (process.env.SITE_REPORT_MEMORY) console.log(`peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  } catch (error) {
    console.error(`Build failed; ${opts.out}/ was left as it was.\n\n${describeFailure(error)}`);
    process.exitCode = 1;
  }
}
