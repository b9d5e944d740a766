// The Node versions the engine supports (package.json `engines`): the oldest of them, installed from
// the npm registry as the `node` package (tools/oldestnode, on this file's first run), builds the
// clinic site byte for byte as the project's own Node does, and its dev server rebuilds on an edit.
// A Node that cannot run the engine's TypeScript sources is told what to do, and nothing is built.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from './helpers/dev.ts';
import { CONTENT, projectCopy, ROOT, sandbox, STATIC } from './helpers/fixtures.ts';

const run = promisify(execFile);
const minimum = /^>=\s*(\d+\.\d+\.\d+)$/.exec((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node)?.[1];
const OLDEST = join(ROOT, 'tools/oldestnode/node_modules/.bin/node');
let work: string;

beforeAll(async () => {
  await run(process.execPath, [join(ROOT, 'scripts/tool.mjs'), 'oldestnode'], { cwd: ROOT });
  work = await mkdtemp(join(tmpdir(), 'runtimes-'));
}, 300_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every file under `dir`, by its path there, with its bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(await Promise.all(files.map(async (f) => [relative(dir, f), await readFile(f)] as const)));
}

const build = (node: string, out: string, more: string[] = []) =>
  run(node, [...more, join(ROOT, 'bin/site'), 'build', '--content', CONTENT, '--static', STATIC, '--out', out, '--now', '2026-12-01', '--quiet'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
/** `site` as a user's shell finds Node: the first `node` on the PATH. */
const withNode = (node: string) => ({ PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` });

describe('the oldest Node the engine supports', () => {
  it('is the one `engines` names, and builds the clinic site byte for byte as the project\'s Node does', async () => {
    expect(minimum, 'engines.node is ">=x.y.z"').toBeDefined();
    expect((await run(OLDEST, ['--version'])).stdout.trim()).toBe(`v${minimum}`);
    expect(process.versions.node).not.toBe(minimum); // two runtimes compared, not one with itself
    // Each in a copy of the project with caches of its own: neither build reuses the other's work.
    const copies = [await projectCopy('oldest-node'), await projectCopy('our-node')];
    try {
      for (const [copy, node] of [[copies[0]!, OLDEST], [copies[1]!, process.execPath]] as const) {
        const built = await copy.run(['build', '--out', join(copy.dir, 'dist'), '--now', '2026-12-01', '--quiet'], copy.dir, withNode(node));
        expect(built.code, built.stderr).toBe(0);
      }
      await compare(join(copies[0]!.dir, 'dist'), join(copies[1]!.dir, 'dist'));
    } finally {
      for (const copy of copies) await copy.cleanup();
    }
  }, 180_000);

  async function compare(oldest: string, ours: string) {
    const [a, b] = [await filesOf(oldest), await filesOf(ours)];
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a.keys()].filter((f) => f.endsWith('.html')).length).toBeGreaterThan(10);
    expect([...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file)).toEqual([]);
  }

  it('runs dev: an edit to the content is served rebuilt', async () => {
    const site = await sandbox();
    const env = { ...process.env, ...withNode(OLDEST) };
    const dev = await startDev(join(ROOT, 'bin/site'), ['--port', '0', '--content', site.content, '--static', STATIC, '--out', join(site.dir, 'dev-out')], { cwd: ROOT, env });
    try {
      // The process serving is that Node (Linux names a process's program in /proc).
      expect(await readlink(`/proc/${dev.child.pid}/exe`)).toBe(await realpath(OLDEST));
      await dev.waitFor('/about', (body) => body.includes('<title>'));
      await site.edit('en/pages/about.yaml', (t) => t.replace(/^title: .*$/m, 'title: Edited on the oldest Node'));
      await dev.waitFor('/about', (body) => body.includes('<title>Edited on the oldest Node'));
    } finally {
      await dev.stop();
      await site.cleanup();
    }
  }, 120_000);
});

describe('a Node that cannot run TypeScript', () => {
  it('is told which Node the checkout needs, with exit code 2, and nothing is built', async () => {
    const out = join(work, 'none');
    // The project's own Node with its type stripping turned off stands for an older one.
    const failed = await build(process.execPath, out, ['--no-experimental-strip-types']).then(() => undefined, (error: { code: number; stderr: string }) => error);
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain(`Node ${minimum!.replace(/\.0$/, '')} or later`);
    expect(failed?.stderr).toContain('npm run build');
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });
});
