// Messages of large builds: progress on a terminal (a pseudo-terminal made by `script`), and a
// template that throws in a render worker still named at its file and line. Large builds, so in the
// slow set (npm run test:quick leaves them out).
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench.ts';
import { projectCopy, type ProjectCopy } from './helpers/fixtures.ts';

let project: ProjectCopy;
let corpus: string;
beforeAll(async () => {
  project = await projectCopy('messages-large');
  corpus = join(project.dir, 'corpus');
  // 500 more services per locale: about 1,070 pages, rendered in worker threads, for seconds.
  await generate(corpus, 500);
}, 120_000);
afterAll(() => project.cleanup());

// `script` forwards its stdin to the terminal it makes and waits for that stdin to end, even after
// the build has exited: give it none, and a time limit, so a CI runner's open stdin cannot hang it.
function onTerminal(command: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('script', ['-qec', command, '/dev/null'], { cwd: project.dir, env, maxBuffer: 16 * 1024 * 1024, timeout: 180_000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout));
    child.stdin?.end();
  });
}

const args = (out: string) => ['build', '-c', join(corpus, 'content'), '-s', join(corpus, 'static'), '-o', join(project.dir, out)];

describe('a build of 1,070 pages', () => {
  // (Silent in CI, with --quiet and off a terminal: test/units/progress.test.ts, with no build to wait for.)
  it('shows "rendered N/M pages" in place on a terminal', async () => {
    const command = [join(project.dir, 'bin/site'), ...args('out')].join(' ');
    const env = { ...process.env, CI: '', GITHUB_ACTIONS: '' };
    const terminal = { stdout: await onTerminal(command, env) };
    const counts = Array.from(terminal.stdout.matchAll(/\r\x1b\[2Krendered ([\d,]+)\/([\d,]+) pages/g), (m) => [Number(m[1]!.replace(/,/g, '')), Number(m[2]!.replace(/,/g, ''))] as const);
    expect(counts.length, terminal.stdout.slice(0, 400)).toBeGreaterThan(0);
    expect(counts.every(([, total]) => total > 1000)).toBe(true);
    expect(counts.map(([done]) => done)).toEqual([...counts.map(([done]) => done)].sort((a, b) => a - b));
    expect(terminal.stdout).toMatch(/Built [\d,]+ pages/);
  }, 400_000);

  it('names a template that throws in a render worker at its file and line', async () => {
    const file = join(project.dir, 'templates/pages/ServiceDetail.tsx');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('  const { front, html } = text.services[slug]!;', "  const { front, html } = text.services[slug]!;\n  if (slug === 'sample-service-400') throw new Error('no front matter here');"));
    try {
      const line = (await readFile(file, 'utf8')).split('\n').findIndex((l) => l.includes('no front matter here')) + 1;
      // Over 400 content files: the pages render in worker threads, where the error happens.
      const { code, stderr } = await project.run(args('out-broken'));
      expect(code).toBe(1);
      expect(stderr).toContain('template ServiceDetail threw: no front matter here');
      expect(stderr).toContain(`templates/pages/ServiceDetail.tsx:${line}:`);
      expect(stderr).not.toMatch(/\.cache\/|chunk-|node_modules\//);
    } finally {
      await writeFile(file, original);
    }
  }, 120_000);
});
