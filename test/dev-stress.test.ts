// dev never serves a torn page: four keep-alive clients fetch /about while about.yaml is rewritten
// 40 times; every answer must be a whole page (old or new), with no parse error, hang or abort.
// Loopback only, bounded in time.
import { rename, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from '../src/dev/dev-server.ts';
import { ROOT, sandbox, SITE, STATIC, type Sandbox } from './helpers/fixtures.ts';

let site: Sandbox;
let dev: DevServer;
beforeAll(async () => {
  site = await sandbox();
  dev = await startDev({
    site: SITE, contentDir: site.content, staticDir: STATIC, codePaths: [join(ROOT, 'templates'), SITE],
    outDir: join(site.dir, 'dev-out'), port: 0, host: '127.0.0.1', log: () => {},
  });
});
afterAll(async () => {
  await dev?.close();
  await site?.cleanup();
});

type Outcome = 'whole' | 'torn' | 'parse error' | 'hang' | 'abort';
/** What the first answer other than the page said, to tell a failing build from a failing server. */
let firstError: string | undefined;

/** One GET on a keep-alive connection, classified. */
function fetchOnce(agent: Agent, url: URL, statuses: Map<number, number>): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path: '/about', agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('aborted', () => resolve('abort'));
      res.on('error', () => resolve('abort'));
      res.on('end', () => {
        // The page, or dev's error page while a half-saved file does not parse: either way whole.
        statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200) firstError ??= body.toString().replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 400);
        const length = res.headers['content-length'];
        const whole = (length === undefined || body.length === Number(length)) && body.toString().trimEnd().endsWith('</html>');
        resolve(whole ? 'whole' : 'torn');
      });
    });
    req.setTimeout(5000, () => {
      resolve('hang');
      req.destroy();
    });
    req.on('error', (error) => resolve(/Parse Error/i.test(error.message) ? 'parse error' : 'abort'));
    req.end();
  });
}

describe('dev under load while a page is rebuilt', () => {
  it('answers every request with a whole page', async () => {
    const url = new URL(dev.url);
    const outcomes = new Map<Outcome, number>();
    const statuses = new Map<number, number>();
    let writing = true;
    const clients = Array.from({ length: 4 }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (writing) {
        const outcome = await fetchOnce(agent, url, statuses);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      agent.destroy();
    });
    const path = join(site.content, 'en/pages/about.yaml');
    const { readFile } = await import('node:fs/promises');
    const original = await readFile(path, 'utf8');
    for (let i = 0; i < 40; i++) {
      // Saved as most editors save (a new file renamed over the old), so every rebuild succeeds and
      // the pages themselves are what is being replaced under the readers.
      const temp = join(site.dir, 'about.yaml.new');
      await writeFile(temp, original.replace(/^title: .*$/m, `title: About Us ${i}`));
      await rename(temp, path);
      await new Promise((done) => setTimeout(done, 60));
    }
    writing = false;
    await Promise.all(clients);
    const counts = Object.fromEntries(outcomes);
    const seen = `${JSON.stringify(counts)}, statuses ${JSON.stringify(Object.fromEntries(statuses))}; first other answer: ${firstError ?? 'none'}`;
    expect(counts.whole, seen).toBeGreaterThan(200);
    expect(counts, seen).toEqual({ whole: counts.whole });
    // The pages themselves were served (and replaced under the readers), not only error pages.
    expect(statuses.get(200) ?? 0, seen).toBeGreaterThan(100);
  }, 60_000);
});
