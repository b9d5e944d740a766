// The developer tools CI never runs (Stryker, Lighthouse) are installed by their npm scripts
// (scripts/tool.mjs), into tools/<name>/ from that folder's lockfile: on first use, not again while
// the lockfile is the same, again when it changes; a name that is no tool is refused. On a copy of the
// script beside a tool of no dependencies (its `npm ci` needs no network), and the real tool folders'
// shape: what `npm ci` at the root no longer installs. In the slow set: it runs `npm ci` four times.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-tools-'));
  await mkdir(join(dir, 'scripts'));
  await cp(join(ROOT, 'scripts/tool.mjs'), join(dir, 'scripts/tool.mjs'));
  await mkdir(join(dir, 'tools/empty'), { recursive: true });
  await writeFile(join(dir, 'tools/empty/package.json'), JSON.stringify({ name: 'empty-tool', private: true }));
  await writeFile(join(dir, 'tools/empty/package-lock.json'), lockfile());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function lockfile(extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ name: 'empty-tool', lockfileVersion: 3, requires: true, packages: { '': { name: 'empty-tool', ...extra } } }, null, 2)}\n`;
}

async function tool(name: string): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, [join(dir, 'scripts/tool.mjs'), name], { cwd: dir });
    return { code: 0, stderr };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

describe('scripts/tool.mjs', () => {
  it('installs a tool on its first use, not again while its lockfile is the same, and again when it changes', async () => {
    const first = await tool('empty');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain("Installing empty's tools into tools/empty/ (npm ci there; once, and again when its lockfile, package.json or .npmrc changes)");
    expect(existsSync(join(dir, 'tools/empty/node_modules/.installed-from-lock'))).toBe(true);

    const again = await tool('empty');
    expect(again).toEqual({ code: 0, stderr: '' });

    await writeFile(join(dir, 'tools/empty/package-lock.json'), lockfile({ version: '1.0.0' }));
    await writeFile(join(dir, 'tools/empty/package.json'), JSON.stringify({ name: 'empty-tool', version: '1.0.0', private: true }));
    const changed = await tool('empty');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stderr).toContain("Installing empty's tools");
    expect((await tool('empty')).stderr).toBe('');
    // Its npm settings are part of what it was installed with.
    await writeFile(join(dir, 'tools/empty/.npmrc'), 'legacy-peer-deps=true\n');
    expect((await tool('empty')).stderr).toContain("Installing empty's tools");
    expect((await tool('empty')).stderr).toBe('');
  });

  it('says so, and runs nothing after it, when the install fails', async () => {
    await mkdir(join(dir, 'tools/broken'), { recursive: true });
    await writeFile(join(dir, 'tools/broken/package.json'), JSON.stringify({ name: 'broken-tool', private: true }));
    await writeFile(join(dir, 'tools/broken/package-lock.json'), 'not a lockfile');
    const result = await tool('broken');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Could not install broken's tools (npm ci in tools/broken/ ended with");
    expect(existsSync(join(dir, 'tools/broken/node_modules/.installed-from-lock'))).toBe(false);
  });

  it('refuses a name that is not a folder of tools/, or that is a path', async () => {
    for (const name of ['nothing', '../scripts', '']) {
      const result = await tool(name);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`scripts/tool.mjs: no tool "${name}" in tools/`);
    }
    // A control character in the name is shown escaped, not sent to the terminal.
    const bell = await tool('a\u0007\u001b[31mb');
    expect(bell.code).toBe(2);
    expect(bell.stderr).toContain('no tool "a\\u0007\\u001b[31mb" in tools/');
    expect(bell.stderr).not.toMatch(/[\u0007\u001b]/);
  });

  it('keeps Stryker, Lighthouse and the oldest supported Node out of the packages every npm ci installs: each is its tool folder\'s, pinned by its lockfile', async () => {
    const root = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; scripts: Record<string, string> };
    const rootLock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    const tools = (await readdir(join(ROOT, 'tools'))).sort();
    // oldestnode: the oldest Node `engines` allows, beside the project's own (test/runtimes.slow.test.ts installs and runs it).
    expect(tools).toEqual(['audit', 'mutate', 'oldestnode']);
    for (const name of tools) {
      const own = JSON.parse(await readFile(join(ROOT, 'tools', name, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      const lock = JSON.parse(await readFile(join(ROOT, 'tools', name, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
      for (const [dep, version] of Object.entries(own.dependencies)) {
        expect(version).toMatch(/^\d+\.\d+\.\d+$/); // pinned, as the project's own are
        expect(lock.packages[`node_modules/${dep}`]?.version).toBe(version);
        if (name === 'oldestnode') {
          expect(version).not.toBe(root.devDependencies[dep]);
          continue;
        }
        expect(root.devDependencies[dep]).toBeUndefined();
        expect(rootLock.packages[`node_modules/${dep}`]).toBeUndefined();
      }
      if (name !== 'oldestnode') expect(root.scripts[name]).toMatch(new RegExp(`^node scripts/tool\\.mjs ${name} && `));
    }
    // npm run mutate runs the Stryker its lockfile installs (by node, as every shell runs it), whose
    // vitest runner takes the project's vitest (not installed beside it): a version its range allows.
    const mutateLock = JSON.parse(await readFile(join(ROOT, 'tools/mutate/package-lock.json'), 'utf8')) as { packages: Record<string, { bin?: Record<string, string>; peerDependencies?: Record<string, string> }> };
    expect(root.scripts.mutate).toContain(`node tools/mutate/node_modules/@stryker-mutator/core/${mutateLock.packages['node_modules/@stryker-mutator/core']!.bin!.stryker} run`);
    const range = mutateLock.packages['node_modules/@stryker-mutator/vitest-runner']!.peerDependencies!.vitest!;
    const floor = /^>=(\d+)\.\d+\.\d+$/.exec(range); // the shape it has; another needs a look by hand
    expect(floor, `the vitest runner asks for vitest ${range}`).not.toBeNull();
    const vitest = (JSON.parse(await readFile(join(ROOT, 'node_modules/vitest/package.json'), 'utf8')) as { version: string }).version;
    expect(Number(vitest.split('.')[0])).toBeGreaterThanOrEqual(Number(floor![1]));
  });
});
