// A build large enough to share its parsing with a worker thread (src/content/parse-share.ts) gives
// the same pages as one that parses everything in one thread, and a content file that does not parse
// is told as ever (and its content, sent to the worker in parts, renders the same pages). In the slow
// set: two builds of ~570 pages from the sources.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench.ts';
import { SHARE_FROM } from '../src/content/parse-share.ts';
import { SPLIT_FROM } from '../src/pipeline/job-parts.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { buildInto } from './helpers/fixtures.ts';

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
});
