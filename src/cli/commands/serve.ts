// `site serve`: preview dist/ as a static host would serve it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSiteServer, listen } from '../../serve/server.ts';
import { parseHeadersFile } from '../../serve/headers-file.ts';

export async function runServe(opts: { port: string; host: string; dir: string }): Promise<void> {
  if (!existsSync(join(opts.dir, 'index.html'))) {
    console.error(`Nothing to serve: ${opts.dir}/index.html does not exist. Run "npm run build" first.`);
    process.exitCode = 1;
    return;
  }
  // The same headers a static host applies from dist/_headers.
  const headersPath = join(opts.dir, '_headers');
  const headers = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : {};
  const server = createSiteServer({ dir: opts.dir, headers: () => headers, log: (line) => console.log(line) });
  const url = await listen(server, Number(opts.port), opts.host);
  console.log(`Serving ${opts.dir}/ at ${url}/ (Ctrl+C to stop)`);
}
