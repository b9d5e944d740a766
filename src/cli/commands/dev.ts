// `site dev`: rebuild on change and live reload.
import { fileURLToPath } from 'node:url';
import { codeFolders } from '../../dev/code-folders.ts';
import { startDev } from '../../dev/dev-server.ts';
import { requireFreePort } from '../preflight.ts';
import { showWholeStacks } from '../../loader/stack.ts';
import { requireFolder, shown, sitePaths } from '../site-paths.ts';

export async function runDev(opts: { site?: string; port: string; host: string; content?: string; static?: string; out?: string; emptyOutDir: boolean; debug: boolean; allowedHost?: string[]; drafts: boolean; now?: Date | string }): Promise<void> {
  showWholeStacks(opts.debug);
  // Before the first build: a busy port or a missing folder is known at once.
  const paths = sitePaths(opts, '.site-dev');
  requireFolder(paths.content, '--content', !!opts.content);
  if (opts.static) requireFolder(paths.static, '--static', true);
  await requireFreePort(opts.host, Number(opts.port));
  // A build killed mid-swap left the previous output aside: put back before the output is judged.
  await (await import('../../output/publish.ts')).restoreInterrupted(paths.out);
  const { loadSite } = await import('../../pipeline/load-site.ts');
  const site = await loadSite(paths.site);
  // The same refusals as `build` (the project's folder, a source folder, someone else's files), before listening.
  const { checkOutput } = await import('../../pipeline/build.ts');
  await checkOutput(site, paths.site, { contentDir: paths.content, staticDir: paths.static, outDir: paths.out, emptyOutDir: opts.emptyOutDir });
  const dev = await startDev({
    site: paths.site,
    contentDir: paths.content,
    staticDir: paths.static,
    codePaths: await codeFolders(paths.site, site.sources.map((url) => fileURLToPath(url))),
    codePathsNow: () => codeFolders(paths.site, site.sources.map((url) => fileURLToPath(url))),
    outDir: paths.out,
    emptyOutDir: opts.emptyOutDir,
    port: Number(opts.port),
    host: opts.host,
    allowedHosts: opts.allowedHost,
    drafts: opts.drafts,
    now: opts.now,
  });
  console.log(`Dev server at ${dev.url}/ — watching ${shown(paths.content)}/, ${shown(paths.static)}/ and the site's code (Ctrl+C to stop)`);
  const stop = () => void dev.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
