// `site serve`: preview dist/ as a static host would serve it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDistServer, listen } from '../../serve/server.ts';

export async function runServe(opts: { port: string; host: string; dir: string }): Promise<void> {
  if (!existsSync(join(opts.dir, 'index.html'))) {
    console.error(`Nothing to serve: ${opts.dir}/index.html does not exist. Run "npm run build" first.`);
    process.exitCode = 1;
    return;
  }
  const server = createDistServer(opts.dir, { log: (line) => console.log(line) });
  const url = await listen(server, Number(opts.port), opts.host);
  console.log(`Serving ${opts.dir}/ at ${url}/ (Ctrl+C to stop)`);
}
