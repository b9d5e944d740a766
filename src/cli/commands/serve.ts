// `site serve`: preview dist/ as a static host would serve it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDistServer, listen } from '../../serve/server.ts';
import { listenProblem, UsageError } from '../preflight.ts';

export async function runServe(opts: { port: string; host: string; dir: string }): Promise<void> {
  if (!existsSync(join(opts.dir, 'index.html'))) {
    throw new UsageError(`nothing to serve: ${opts.dir}/index.html does not exist. Run "npm run build" first, or pass --dir.`);
  }
  const server = createDistServer(opts.dir, { log: (line) => console.log(line) });
  const url = await listen(server, Number(opts.port), opts.host).catch((error: NodeJS.ErrnoException) => {
    throw listenProblem(error, opts.host, Number(opts.port));
  });
  console.log(`Serving ${opts.dir}/ at ${url}/ (Ctrl+C to stop)`);
}
