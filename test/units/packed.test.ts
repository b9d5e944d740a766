// A packed engine's compiled layer runs only while what it was bundled from is what is installed
// (src/startup/packed.mjs): each engine source and each bundled package's files, found where Node finds them.
import { mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packedLayerStale, packRecord } from '../../src/startup/packed.mjs';

let dir: string;
let root: string;
let stamp: string;
const file = (path: string) => join(root, path);

/** An engine installed in a site's node_modules, with two bundled packages (one nested in the other), packed from these files. */
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packed-'));
  root = join(dir, 'site/node_modules/engine');
  stamp = join(dir, 'cache/verified.json');
  const files: Record<string, string> = {
    'src/cli.ts': 'export const a = 1;\n',
    'src/lib/b.ts': 'export const b = 2;\n',
    'node_modules/@scope/yaml/package.json': '{ "name": "@scope/yaml", "version": "2.0.0" }',
    'node_modules/@scope/yaml/dist/index.js': 'module.exports = "yaml";\n',
    'node_modules/matter/package.json': '{ "name": "matter", "version": "4.0.3" }',
    'node_modules/matter/index.js': 'module.exports = require("js-yaml");\n',
    'node_modules/matter/node_modules/js-yaml/package.json': '{ "name": "js-yaml", "version": "3.15.2" }',
    'node_modules/matter/node_modules/js-yaml/index.js': 'module.exports = "old yaml";\n',
    'package.json': '{ "name": "engine" }',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(file(path), '..'), { recursive: true });
    await writeFile(file(path), text);
  }
  const record = packRecord(root, Object.keys(files).filter((path) => !path.endsWith('package.json') || path === 'package.json').map(file));
  await mkdir(file('lib/engine'), { recursive: true });
  await writeFile(file('lib/engine/manifest.json'), JSON.stringify({ entries: {}, ...record }));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const stale = () => packedLayerStale({ root, packed: file('lib/engine'), stamp });

describe('a packed engine layer', () => {
  it('records each source and each package by the names Node resolves it by, with its version', async () => {
    const { sources, packages } = JSON.parse(await readFile(file('lib/engine/manifest.json'), 'utf8'));
    expect(Object.keys(sources)).toEqual(['src/cli.ts', 'src/lib/b.ts']);
    expect(Object.fromEntries(Object.entries(packages as Record<string, { version: string; files: object }>).map(([names, p]) => [names, [p.version, Object.keys(p.files)]]))).toEqual({
      '@scope/yaml': ['2.0.0', ['dist/index.js']],
      matter: ['4.0.3', ['index.js']],
      'matter>js-yaml': ['3.15.2', ['index.js']],
    });
  });

  it('is used while everything is as packed, and keeps that verdict in a stamp', async () => {
    expect(stale()).toBeUndefined();
    const kept = JSON.parse(await readFile(stamp, 'utf8'));
    // Five files hashed and the three packages' package.json files.
    expect(Object.keys(kept.files)).toHaveLength(8);
    expect(stale()).toBeUndefined();
  });

  it('is not used when a source was edited, even to the same size', async () => {
    expect(stale()).toBeUndefined();
    await writeFile(file('src/lib/b.ts'), 'export const b = 3;\n');
    expect(stale()).toBe('src/lib/b.ts is not the source it was packed from');
    // As on a first start, with no stamp: found by its bytes.
    await rm(stamp);
    expect(stale()).toBe('src/lib/b.ts is not the source it was packed from');
  });

  it('is not used when a bundled package has another version (npm overrides) or a patched file (patch-package)', async () => {
    const manifest = file('node_modules/matter/node_modules/js-yaml/package.json');
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.3" }');
    expect(stale()).toBe('matter>js-yaml 3.15.3 is installed, 3.15.2 was packed');
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.2" }');
    expect(stale()).toBeUndefined();
    // After a stamp: a version changed alone is still seen (its package.json is one of the files stamped).
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.4" }');
    expect(stale()).toBe('matter>js-yaml 3.15.4 is installed, 3.15.2 was packed');
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.2" }');
    await writeFile(file('node_modules/@scope/yaml/dist/index.js'), 'module.exports = "patched";\n');
    expect(stale()).toBe("@scope/yaml's dist/index.js is not the file it was packed from");
  });

  it('finds a package where Node does: hoisted above the engine, and a nearer copy installed later', async () => {
    // Hoisted into the site's node_modules, as npm usually installs it: the same bytes, still used.
    await rename(file('node_modules/@scope'), join(dir, 'site/node_modules/@scope'));
    expect(stale()).toBeUndefined();
    // A copy of another version put nearer the engine after the stamp was written: found, not used.
    await mkdir(file('node_modules/@scope/yaml/dist'), { recursive: true });
    await writeFile(file('node_modules/@scope/yaml/package.json'), '{ "name": "@scope/yaml", "version": "2.1.0" }');
    await writeFile(file('node_modules/@scope/yaml/dist/index.js'), 'module.exports = "yaml";\n');
    expect(stale()).toBe('@scope/yaml 2.1.0 is installed, 2.0.0 was packed');
    await rm(file('node_modules/matter'), { recursive: true });
    expect(stale()).toBe('matter is not installed');
  });

  it('checks the stamp against each file: a file whose time moved is hashed again', async () => {
    expect(stale()).toBeUndefined();
    // Same size, another time, other bytes: the stamp does not vouch for it.
    await writeFile(file('src/cli.ts'), 'export const a = 9;\n');
    await utimes(file('src/cli.ts'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(stale()).toBe('src/cli.ts is not the source it was packed from');
  });

  it('is not used when packed without a record (an older package) or not packed at all', async () => {
    await writeFile(file('lib/engine/manifest.json'), JSON.stringify({ entries: {}, sources: { 'src/cli.ts': 20 } }));
    expect(stale()).toBe('packed without a record of its inputs');
    await rm(file('lib/engine'), { recursive: true });
    expect(stale()).toBe('no packed layer');
  });
});
