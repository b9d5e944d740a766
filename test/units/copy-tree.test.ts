// Copying an installed package's folder into the cache (src/files/copy-tree.ts): every regular file the
// filter keeps, at the same place, with its bytes; nothing through a link, and a file of its own.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTree } from '../../src/files/copy-tree.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copy-tree-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const listing = (root: string) => readdirSync(root, { recursive: true, withFileTypes: true }).map((e) => `${relative(root, join(e.parentPath, e.name))}${e.isDirectory() ? '/' : ''}`).sort();

describe('copying a folder into the cache', () => {
  it('copies every file the filter keeps, nested as it was, with its bytes, and makes no folder for nothing', async () => {
    const from = join(dir, 'package');
    await mkdir(join(from, 'dist/langs/deep'), { recursive: true });
    await mkdir(join(from, 'only-maps'), { recursive: true });
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`dist/langs/lang-${i}.mjs`] = `export default ${i};\n`.repeat(i + 1);
    files['dist/langs/deep/last.mjs'] = 'export const deep = true;\n';
    files['README.md'] = '# package\n';
    files['dist/langs/lang-0.mjs.map'] = '{}';
    files['only-maps/x.map'] = '{}';
    for (const [name, text] of Object.entries(files)) await writeFile(join(from, name), text);
    const to = join(dir, 'copy');
    await copyTree(from, to, (path) => !path.endsWith('.map'));
    const kept = Object.keys(files).filter((name) => !name.endsWith('.map'));
    expect(listing(to).filter((p) => !p.endsWith('/'))).toEqual(kept.sort());
    for (const name of kept) expect(readFileSync(join(to, name), 'utf8')).toBe(files[name]);
    expect(existsSync(join(to, 'only-maps'))).toBe(false);
    // Files of their own: never the package's own file under another name.
    expect(lstatSync(join(to, 'README.md')).ino).not.toBe(lstatSync(join(from, 'README.md')).ino);
  });

  it('copies a link neither as a link nor through it: what it points at, in or out of the folder, stays out', async () => {
    const outside = join(dir, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(join(outside, 'secret.txt'), 'not the package\n');
    const from = join(dir, 'linked');
    await mkdir(join(from, 'dist'), { recursive: true });
    await writeFile(join(from, 'dist/a.mjs'), 'export {};\n');
    await symlink(join(outside, 'secret.txt'), join(from, 'dist/secret.txt'));
    await symlink(outside, join(from, 'dist/folder'));
    await symlink(join(from, 'dist/a.mjs'), join(from, 'dist/again.mjs'));
    const to = join(dir, 'linked-copy');
    await copyTree(from, to);
    expect(listing(to)).toEqual(['dist/', 'dist/a.mjs']);
  });

  it('stops at the first file it cannot copy, and nothing is still copying once it has said so', async () => {
    const from = join(dir, 'many');
    await mkdir(from, { recursive: true });
    for (let i = 0; i < 200; i++) await writeFile(join(from, `f-${String(i).padStart(3, '0')}.mjs`), 'export {};\n'.repeat(50));
    const to = join(dir, 'many-copy');
    // The first file's place is taken by a folder: its copy fails.
    await mkdir(join(to, 'f-000.mjs'), { recursive: true });
    await expect(copyTree(from, to)).rejects.toMatchObject({ code: expect.stringMatching(/^(EISDIR|EEXIST|ENOTDIR|EPERM)$/) });
    const then = listing(to).length;
    expect(then).toBeLessThan(200);
    await new Promise((done) => setTimeout(done, 100));
    expect(listing(to)).toHaveLength(then); // no copy went on after the failure was told
    await rm(to, { recursive: true }); // and the folder can go at once
  });
});
