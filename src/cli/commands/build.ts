// `site build`: prints the summary, or every input error without a stack trace and exits 1.
import { build } from '../../build/build.ts';
import { reportFailure } from '../report-failure.ts';

export async function runBuild(opts: { content: string; out: string; static: string; baseUrl?: string; strict: boolean }): Promise<void> {
  try {
    const result = await build({ contentDir: opts.content, outDir: opts.out, staticDir: opts.static, baseUrl: opts.baseUrl, strict: opts.strict });
    console.log(result.summary);
    // For the benchmark: the process's peak resident memory, worker threads included.
    if (process.env.SITE_REPORT_MEMORY) console.log(`peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  } catch (error) {
    reportFailure(error, opts.out);
    process.exitCode = 1;
  }
}
