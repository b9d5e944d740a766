// npm run bench:serve: a bounded load test of `serve` on loopback: autocannon, 10 s, 50 connections,
// over a mix of pages of both locales, assets and one unknown path. Prints requests per second,
// p99 latency and errors.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from '../src/pipeline/build.ts';
import { createDistServer, listen } from '../src/serve/server.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const work = await mkdtemp(join(tmpdir(), 'site-bench-serve-'));
const dist = join(work, 'dist');
try {
  await build({ site: join(ROOT, 'site.config.ts'), contentDir: join(ROOT, 'content'), staticDir: join(ROOT, 'static'), outDir: dist });
  const server = createDistServer(dist);
  const base = await listen(server, 0, '127.0.0.1');
  const css = /href="(\/assets\/site-[^"]+\.css)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))![1]!;
  const paths = ['/', '/es/', '/services/vaccines', '/es/services/vaccines', '/contact', '/es/insurance', css, '/images/services/vaccines.svg', '/no-such-page'];
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: 10,
    requests: paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } })),
  });
  server.close();
  console.log(`serve: ${Math.round(result.requests.average)} requests/s (median ${result.requests.p50}), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} (the unknown path's deliberate 404s)`);
  if (result.errors || result.timeouts) process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
