// `site serve`: preview a build as a static host serves it.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { restoreInterrupted } from '../../output/publish.ts';
import { createDistServer, listen } from '../../serve/server.ts';
import { findSite } from '../../files/about.ts';
import { listenProblem, UsageError } from '../preflight.ts';
import { shown } from '../site-paths.ts';

export async function runServe(opts: { port: string; host: string; dir?: string }): Promise<void> {
  const site = findSite(process.cwd());
  const dir = opts.dir ? resolve(opts.dir) : site ? join(dirname(site), 'dist') : resolve('dist');
  // A build killed mid-swap left the previous output aside: serve it again.
  if (await restoreInterrupted(dir)) console.log(`Put back the previous output in ${shown(dir)}/ (a build was stopped while replacing it).`);
  if (!existsSync(join(dir, 'index.html'))) {
    throw new UsageError(`nothing to serve: ${shown(dir)}/index.html does not exist. Run "site build" first, or pass --dir.`);
  }
  const server = createDistServer(dir, { log: (line) => console.log(line) });
  const url = await listen(server, Number(opts.port), opts.host).catch((error: NodeJS.ErrnoException) => {
    throw listenProblem(error, opts.host, Number(opts.port));
  });
  console.log(`Serving ${shown(dir)}/ at ${url}/ (Ctrl+C to stop)`);
}
