// A packed engine's compiled layer runs only while what it was bundled from is what is installed
// (src/startup/packed.mjs): each engine source and each bundled package's files, each package found
// where Node finds it from the package that imports it.
import { mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPackedLayer, packRecord, type MetaInputs } from '../../src/startup/packed.mjs';
import { readSealed, writeSealed } from '../../src/startup/sealed.mjs';

let dir: string;
let root: string;
let stamp: string;
const file = (path: string) => join(root, path);
const write = async (path: string, text: string) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
};

const FILES: Record<string, string> = {
  'src/cli.ts': 'export const a = 1;\n',
  'src/lib/b.ts': 'export const b = 2;\n',
  'node_modules/@scope/yaml/package.json': '{ "name": "@scope/yaml", "version": "2.0.0" }',
  'node_modules/@scope/yaml/dist/index.js': 'module.exports = "yaml";\n',
  'node_modules/matter/package.json': '{ "name": "matter", "version": "4.0.3" }',
  'node_modules/matter/index.js': '// matter: uses js-yaml and @scope/yaml\n',
  'node_modules/matter/node_modules/js-yaml/package.json': '{ "name": "js-yaml", "version": "3.15.2" }',
  'node_modules/matter/node_modules/js-yaml/index.js': '// js-yaml 3: uses kind-of\n',
  'node_modules/@scope/yaml/dist/util.js': 'module.exports = 1;\n',
  'node_modules/kind-of/package.json': '{ "name": "kind-of", "version": "6.0.3" }',
  'node_modules/kind-of/index.js': 'module.exports = typeof 1;\n',
  'package.json': '{ "name": "engine" }',
};
/**
 * What esbuild's metafile says of them, in an order where a package comes before the one that imports
 * it: the engine imports matter, @scope/yaml and kind-of (and its own package.json); matter imports
 * js-yaml and @scope/yaml; js-yaml imports kind-of; @scope/yaml one of its own files.
 */
const INPUTS: MetaInputs = {
  'engine-entry:cli': { imports: [{ path: 'src/cli.ts' }] },
  'node_modules/matter/node_modules/js-yaml/index.js': { imports: [{ path: 'node_modules/kind-of/index.js' }] },
  'node_modules/kind-of/index.js': { imports: [] },
  'node_modules/matter/index.js': { imports: [{ path: 'node_modules/matter/node_modules/js-yaml/index.js' }, { path: 'node_modules/@scope/yaml/dist/index.js' }] },
  'node_modules/@scope/yaml/dist/index.js': { imports: [{ path: 'node_modules/@scope/yaml/dist/util.js' }] },
  'node_modules/@scope/yaml/dist/util.js': { imports: [] },
  'src/cli.ts': { imports: [{ path: 'src/lib/b.ts' }, { path: 'node_modules/matter/index.js' }, { path: 'node_modules/kind-of/index.js' }, { path: 'package.json' }, { path: 'esbuild', external: true }] },
  'src/lib/b.ts': { imports: [{ path: 'node_modules/@scope/yaml/dist/index.js' }] },
  'package.json': { imports: [] },
};

/** An engine installed in a site's node_modules, with bundled packages (one nested in another), packed from these files. */
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packed-'));
  root = join(dir, 'site/node_modules/engine');
  stamp = join(dir, 'cache/packed/verified.json');
  for (const [path, text] of Object.entries(FILES)) await write(file(path), text);
  await write(file('lib/engine/manifest.json'), JSON.stringify({ entries: {}, ...packRecord(root, INPUTS) }));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/**
 * Files written this instant are not stamped by default (a clock tick may hide a change): tests stamp
 * whatever the files' times (0 would still leave out a file changed within the check's own millisecond).
 */
const check = (settled = -Infinity) => checkPackedLayer({ root, packed: file('lib/engine'), stamp, settled });
const stale = (settled = -Infinity) => check(settled).stale;

describe('a packed engine layer', () => {
  it('records each source, and each package by the names Node resolves it by from its importer, with its version and files', async () => {
    const { sources, packages } = JSON.parse(await readFile(file('lib/engine/manifest.json'), 'utf8'));
    expect(Object.keys(sources)).toEqual(['src/cli.ts', 'src/lib/b.ts']);
    expect(Object.fromEntries(Object.entries(packages as Record<string, { version: string; files: object; also?: string[] }>).map(([names, p]) => [names, [p.version, Object.keys(p.files), p.also]]))).toEqual({
      matter: ['4.0.3', ['package.json', 'index.js'], undefined],
      'matter>js-yaml': ['3.15.2', ['package.json', 'index.js'], undefined],
      '@scope/yaml': ['2.0.0', ['package.json', 'dist/index.js', 'dist/util.js'], ['matter']],
      // Named from the engine, which imports it too: the shortest way Node finds it.
      'kind-of': ['6.0.3', ['package.json', 'index.js'], ['matter>js-yaml']],
    });
  });

  it('refuses to record a bundled package that nothing imports (it could not say where Node finds it)', () => {
    expect(() => packRecord(root, { 'node_modules/kind-of/index.js': { imports: [] } })).toThrow('kind-of is bundled but imported by nothing the engine imports');
  });

  it('is used while everything is as packed, and keeps that verdict in a stamp that the next start uses', async () => {
    expect(check()).toEqual({ by: 'hashes' });
    const kept = JSON.parse(readSealed(stamp)!.toString('utf8')); // sealed (startup/sealed.mjs)
    expect(Object.keys(kept.files)).toHaveLength(11); // two sources, four packages' package.json and files
    expect(check()).toEqual({ by: 'stamp' });
    // A stamp that leaves a file out (written by hand, say) vouches for nothing.
    const { [file('src/cli.ts')]: _left, ...fewer } = kept.files;
    writeSealed(stamp, JSON.stringify({ ...kept, files: fewer }));
    expect(check()).toEqual({ by: 'hashes' });
    expect(check()).toEqual({ by: 'stamp' });
    // Another manifest (packed again): the stamp is not its verdict.
    await writeFile(file('lib/engine/manifest.json'), `${await readFile(file('lib/engine/manifest.json'), 'utf8')}\n`);
    expect(check()).toEqual({ by: 'hashes' });
    expect(check()).toEqual({ by: 'stamp' });
  });

  it('stamps nothing while any file changed within the last two seconds (a file system clock tick may hide a change)', async () => {
    expect(check(2000)).toEqual({ by: 'hashes' });
    await expect(readFile(stamp)).rejects.toThrow();
    // One file touched now, the others 300 ms ago: still no stamp.
    await new Promise((done) => setTimeout(done, 300));
    await utimes(file('node_modules/kind-of/index.js'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(check(200)).toEqual({ by: 'hashes' });
    await expect(readFile(stamp)).rejects.toThrow();
  });

  it('is not used when a source was edited, even to the same size', async () => {
    expect(stale()).toBeUndefined();
    await writeFile(file('src/lib/b.ts'), 'export const b = 3;\n');
    expect(stale()).toBe('src/lib/b.ts is not the source it was packed from');
    await rm(stamp); // as on a first start: found by its bytes
    expect(stale()).toBe('src/lib/b.ts is not the source it was packed from');
  });

  it('is not used when a bundled package has another version (npm overrides), a patched file or a patched package.json (patch-package)', async () => {
    const manifest = file('node_modules/matter/node_modules/js-yaml/package.json');
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.3" }');
    expect(stale()).toBe('matter>js-yaml 3.15.3 is installed, 3.15.2 was packed');
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.2" }');
    expect(stale()).toBeUndefined();
    // After a stamp: a version changed alone is still seen (its package.json is one of the files stamped).
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.10" }');
    expect(stale()).toBe('matter>js-yaml 3.15.10 is installed, 3.15.2 was packed');
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.2", "main": "other.js" }');
    expect(stale()).toBe("matter>js-yaml's package.json is not the file it was packed from");
    await writeFile(manifest, '{ "name": "js-yaml", "version": "3.15.2" }');
    await writeFile(file('node_modules/@scope/yaml/dist/index.js'), 'module.exports = "patched";\n');
    expect(stale()).toBe("@scope/yaml's dist/index.js is not the file it was packed from");
  });

  it('finds each package from the one that imports it, as Node does', async () => {
    // Hoisted into the site's node_modules, as npm usually installs them: the same bytes, still used.
    await rename(file('node_modules/@scope'), join(dir, 'site/node_modules/@scope'));
    await rename(file('node_modules/matter/node_modules/js-yaml'), file('node_modules/js-yaml'));
    expect(stale()).toBeUndefined();
    // An npm override of matter's js-yaml puts another version beside matter: matter finds that one.
    await write(file('node_modules/matter/node_modules/js-yaml/package.json'), '{ "name": "js-yaml", "version": "3.15.3" }');
    await write(file('node_modules/matter/node_modules/js-yaml/index.js'), '// js-yaml 3: uses kind-of\n');
    expect(stale()).toBe('matter>js-yaml 3.15.3 is installed, 3.15.2 was packed');
    await rm(file('node_modules/matter/node_modules'), { recursive: true });
    expect(stale()).toBeUndefined();
    // Another copy of @scope/yaml beside matter: the engine and matter no longer share the one packed.
    await write(file('node_modules/matter/node_modules/@scope/yaml/package.json'), '{ "name": "@scope/yaml", "version": "2.0.0" }');
    expect(stale()).toBe('@scope/yaml is not the one matter finds');
    await rm(file('node_modules/matter'), { recursive: true });
    expect(stale()).toBe('matter is not installed');
  });

  it('checks the stamp against each file: a file whose time moved is hashed again', async () => {
    expect(check()).toEqual({ by: 'hashes' });
    // Its bytes as they were, its times moved: hashed again, and still the packed layer.
    await utimes(file('src/cli.ts'), new Date(2002, 0, 1), new Date(2002, 0, 1));
    expect(check()).toEqual({ by: 'hashes' });
    expect(check()).toEqual({ by: 'stamp' });
    // Same size, another time, other bytes: the stamp does not vouch for it.
    await writeFile(file('src/cli.ts'), 'export const a = 9;\n');
    await utimes(file('src/cli.ts'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(stale()).toBe('src/cli.ts is not the source it was packed from');
  });

  it('is not used, and says why, when a package cannot be read, when packed without a record (an older package) or not packed at all', async () => {
    await writeFile(file('node_modules/matter/package.json'), '{ "name": "matter", ');
    expect(stale()).toMatch(/^its installed packages could not be read \(.*JSON/);
    await writeFile(file('lib/engine/manifest.json'), JSON.stringify({ entries: {}, sources: { 'src/cli.ts': 20 } }));
    expect(stale()).toBe('packed without a record of its inputs');
    await rm(file('lib/engine'), { recursive: true });
    expect(stale()).toBe('no packed layer');
  });
});
