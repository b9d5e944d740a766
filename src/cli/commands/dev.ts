// `site dev`: the development server with rebuild on change and live reload.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDev } from '../../dev/dev-server.ts';
import { requireFolder, requireFreePort } from '../preflight.ts';

export async function runDev(opts: { site: string; port: string; host: string; content: string; static: string; out: string; emptyOutDir: boolean }): Promise<void> {
  // Before the first build: a busy port or a missing folder is known at once.
  requireFolder(opts.content, '--content');
  if (opts.static !== 'static') requireFolder(opts.static, '--static');
  await requireFreePort(opts.host, Number(opts.port));
  const { loadSite } = await import('../../build/load-site.ts');
  const site = await loadSite(opts.site);
  // The same refusals as `build` (the project's folder, a source folder, someone else's files), before listening.
  const { checkOutput } = await import('../../build/build.ts');
  await checkOutput(site, resolve(opts.site), { contentDir: resolve(opts.content), staticDir: resolve(opts.static), outDir: resolve(opts.out), emptyOutDir: opts.emptyOutDir });
  const dev = await startDev({
    site: opts.site,
    contentDir: opts.content,
    staticDir: opts.static,
    codePaths: site.sources.map((url) => fileURLToPath(url)),
    outDir: opts.out,
    emptyOutDir: opts.emptyOutDir,
    port: Number(opts.port),
    host: opts.host,
  });
  console.log(`Dev server at ${dev.url}/ — watching ${opts.content}/, ${opts.static}/ and the site's code (Ctrl+C to stop)`);
  const stop = () => void dev.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
