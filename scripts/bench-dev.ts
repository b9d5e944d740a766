// npm run bench:dev: measures dev's save-to-reload time on the real site: edits a content file
// (a copy of content/ in a temporary folder), and times from the write until the open page is told
// to reload (the server-sent event). Prints the median of several saves.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDev } from '../src/dev/dev-server.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SAVES = 15;
const work = await mkdtemp(join(tmpdir(), 'site-bench-dev-'));
await cp(join(ROOT, 'content'), join(work, 'content'), { recursive: true });
const dev = await startDev({ site: join(ROOT, 'site.config.ts'), contentDir: join(work, 'content'), staticDir: join(ROOT, 'static'), codePaths: [join(ROOT, 'templates'), join(ROOT, 'site.config.ts')], outDir: join(work, 'out'), port: 0, host: '127.0.0.1', log: () => {} });

// Listen like an open page does.
let onReload: (() => void) | undefined;
await new Promise<void>((ready) => {
  request(`${dev.url}/__dev/events`, (res) => {
    res.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('event: reload')) onReload?.();
    });
    ready();
  }).end();
});

const file = join(work, 'content/en/services/vaccines.md');
const original = await readFile(file, 'utf8');
const times: number[] = [];
for (let i = 0; i < SAVES; i++) {
  const reloaded = new Promise<void>((done) => (onReload = done));
  const started = performance.now();
  await writeFile(file, original.replace(/\n$/, `\nSaved ${i}.\n`));
  await reloaded;
  times.push(performance.now() - started);
  const fresh = await new Promise<string>((done) => request(`${dev.url}/services/vaccines`, (res) => { let body = ''; res.on('data', (d) => (body += d)); res.on('end', () => done(body)); }).end());
  if (!fresh.includes(`Saved ${i}.`)) throw new Error(`save ${i} was not served after the reload`);
  await new Promise((r) => setTimeout(r, 100));
}
times.sort((a, b) => a - b);
console.log(`dev: save-to-reload median ${Math.round(times[Math.floor(SAVES / 2)]!)} ms (min ${Math.round(times[0]!)}, max ${Math.round(times.at(-1)!)}) over ${SAVES} saves of one service file`);
await dev.close();
await rm(work, { recursive: true, force: true });
