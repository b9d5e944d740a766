// `site dev`: the development server with rebuild on change and live reload.
import { startDev } from '../../dev/dev-server.ts';

export async function runDev(opts: { port: string; host: string; content: string; static: string; out: string }): Promise<void> {
  const dev = await startDev({
    contentDir: opts.content,
    staticDir: opts.static,
    templatesDir: 'templates',
    outDir: opts.out,
    port: Number(opts.port),
    host: opts.host,
  });
  console.log(`Dev server at ${dev.url}/ — watching ${opts.content}/, templates/ and ${opts.static}/ (Ctrl+C to stop)`);
  const stop = () => void dev.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
