// A build large enough to share its parsing with a worker thread (src/content/parse-share.ts) gives
// the same pages as one that parses everything in one thread, and a content file that does not parse
// is told as ever (and its content, sent to the worker in parts, renders the same pages). In the slow
// set: two builds of ~570 pages from the sources.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench.ts';
import { SHARE_FROM } from '../src/content/parse-share.ts';
import { walk } from '../src/files/walk.ts';
import { SPLIT_FROM } from '../src/pipeline/job-parts.ts';
import { WORKER_THRESHOLD } from '../src/pipeline/render-pool.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { buildInto, ROOT } from './helpers/fixtures.ts';

let corpus: string;
beforeAll(async () => {
  corpus = await mkdtemp(join(tmpdir(), 'site-parse-share-'));
  await generate(corpus, 250); // 500 generated files beside the real content: past SHARE_FROM
}, 60_000);
afterAll(() => rm(corpus, { recursive: true, force: true }));

describe('content parsed on every core', () => {
  it('gives the same pages as parsing in one thread', async () => {
    expect(SHARE_FROM).toBeLessThan(500);
    // Each locale's services (250 generated and the site's own) are also sent to the worker in parts (job-parts.ts).
    expect((await readdir(join(corpus, 'content/en/services'))).length).toBeGreaterThanOrEqual(SPLIT_FROM);
    const content = join(corpus, 'content');
    const shared = await buildInto({ content, static: join(corpus, 'static'), workers: true });
    const alone = await buildInto({ content, static: join(corpus, 'static'), workers: false });
    try {
      expect(shared.result.routes.length).toBeGreaterThan(500);
      for (const route of shared.result.routes) expect(await readFile(join(shared.out, route.file), 'utf8'), route.file).toBe(await readFile(join(alone.out, route.file), 'utf8'));
    } finally {
      await shared.cleanup();
      await alone.cleanup();
    }
  }, 180_000);

  it('tells a file that does not parse with its file and line, as parsing in one thread does', async () => {
    const file = join(corpus, 'content/en/services/sample-service-7.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^order: (\d+)$/m, 'order: [$1'));
    try {
      const problems = async (workers: boolean) => {
        const error = await buildInto({ content: join(corpus, 'content'), static: join(corpus, 'static'), workers }).then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(BuildFailure);
        return (error as BuildFailure).problems.map((p) => p.format());
      };
      const shared = await problems(true);
      expect(shared.join('\n')).toContain('sample-service-7.md');
      expect(shared).toEqual(await problems(false));
    } finally {
      await writeFile(file, text);
    }
  }, 180_000);

  it("ends with the site's own error when a large site's definition does not load: no worker thread is left running", async () => {
    // The workers start before the definition loads (they take a while to start): a definition that
    // throws must still end the command, not leave it waiting on its threads.
    // Large enough that the workers start (the path this guards).
    expect((await walk(join(corpus, 'content'))).files.length).toBeGreaterThanOrEqual(WORKER_THRESHOLD);
    const site = join(corpus, 'broken.config.ts');
    await writeFile(site, "throw new Error('the definition is broken on purpose');\n");
    const args = ['build', '--site', site, '--content', join(corpus, 'content'), '--static', join(corpus, 'static'), '--out', join(corpus, 'out')];
    const child = spawn(join(ROOT, 'bin/site'), args, { env: { ...process.env, NODE_ENV: 'production' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const hung = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    clearTimeout(hung);
    expect(output).toContain('the definition is broken on purpose');
    expect(code).toBe(1);
  }, 60_000);
});
