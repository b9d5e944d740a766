// Running a compiled bundle (src/startup/run-compiled.mjs): its exports, CommonJS's names, stack lines
// that are the file's own, a code cache used only when whole and V8's, and esprima never loaded.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import { COMPILED_SITE, ENGINE, ENGINE_ROOT, exportLayers, SHARED } from '../../src/startup/engine.mjs';
import { BundleMismatch, runCompiled, startCompiled, startEntry } from '../../src/startup/run-compiled.mjs';
import { readSealed, SEAL_BYTES, writeSealed } from '../../src/startup/sealed.mjs';
import { spawnTsWorker } from '../../src/workers/spawn.ts';

const RUNNER = fileURLToPath(new URL('../../src/startup/run-compiled.mjs', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-compiled-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The SHA-256 (hex) of a file's bytes. */
const shaOf = async (file: string) => createHash('sha256').update(await readFile(file)).digest('hex');
/** The bundle a kept code cache says it was made for: the SHA-256 its sealed payload starts with. */
const madeFor = (cacheFile: string) => readSealed(cacheFile)?.toString('latin1', 0, 64);

/** A bundle of our own, as compile.mjs writes them: CommonJS, one file. */
async function bundle(name: string, body: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, body);
  return file;
}

/** Runs the bundle in a Node of its own with keep, as the launcher does; resolves with its exit code. */
async function runKeeping(file: string, exitCode = 0): Promise<void> {
  const script = `import(${JSON.stringify(RUNNER)}).then(({ runCompiled }) => { runCompiled(${JSON.stringify(file)}, { keep: true }); process.exitCode = ${exitCode}; })`;
  await promisify(execFile)(process.execPath, ['-e', script]).catch((error: { code?: number }) => {
    if (error.code !== exitCode) throw error;
  });
}

describe('a compiled bundle', () => {
  it('runs as CommonJS, with its exports, require, __filename and __dirname', async () => {
    const file = await bundle('plain.cjs', "exports.answer = 42;\nmodule.exports.dir = __dirname;\nmodule.exports.file = __filename;\nmodule.exports.sep = require('node:path').sep;\n");
    const { exports, cache } = runCompiled(file);
    expect(exports).toEqual({ answer: 42, dir, file, sep: '/' });
    expect(cache).toBe('none');
  });

  it("throws from the file's own line and column (the wrapper adds no line)", async () => {
    const file = await bundle('throws.cjs', "const a = 1;\nconst b = 2;\n  throw new Error('line three');\n");
    let stack = '';
    try {
      runCompiled(file);
    } catch (error) {
      stack = (error as Error).stack!;
    }
    expect(stack).toContain(`${file}:3:9`);
  });

  it('never loads esprima, and loads what else it asks for', async () => {
    const file = await bundle('esprima.cjs', "module.exports = (id) => require(id);\n");
    const load = runCompiled(file).exports as (id: string) => unknown;
    expect(() => load('esprima')).toThrow('esprima is never loaded: content is not code');
    expect(load('node:os')).toHaveProperty('tmpdir');
  });

  it('keeps its code cache after a run that ended well, and uses it next time', async () => {
    const file = await bundle('kept.cjs', "function twice(n) { return n * 2; }\nmodule.exports = twice(21);\n");
    await runKeeping(file, 3);
    await expect(readFile(`${file}.v8cache`)).rejects.toThrow(); // a run that failed keeps none
    await runKeeping(file);
    const kept = await readFile(`${file}.v8cache`);
    expect(runCompiled(file)).toEqual({ exports: 42, cache: 'used' });
  });

  it('asks to keep its cache at exit only with keep and without a usable cache, and writes it only for exit code 0', async () => {
    const file = await bundle('exit.cjs', 'module.exports = 5;\n');
    const added = () => process.rawListeners('exit').length;
    const before = added();
    runCompiled(file);
    expect(added()).toBe(before); // not asked to keep
    runCompiled(file, { keep: true });
    expect(added()).toBe(before + 1);
    // Taken off (this test's process goes on) and called as the exit would call it, twice.
    const listener = process.listeners('exit').at(-1) as (code: number) => void;
    process.removeListener('exit', process.rawListeners('exit').at(-1) as () => void);
    listener(1);
    await expect(readFile(`${file}.v8cache`)).rejects.toThrow();
    listener(0);
    expect(madeFor(`${file}.v8cache`)).toBe(await shaOf(file));
    runCompiled(file, { keep: true }); // its cache is used: nothing to keep
    expect(added()).toBe(before);
  });

  it('never hands V8 a cache that is not whole or not of its own bytes, and reports one V8 refuses', async () => {
    const file = await bundle('damaged.cjs', 'module.exports = 7;\n');
    await runKeeping(file);
    const kept = await readFile(`${file}.v8cache`);
    // Sealed (startup/sealed.mjs), and made for this bundle: its SHA-256 first, then V8's data.
    expect(madeFor(`${file}.v8cache`)).toBe(await shaOf(file));
    const data = readSealed(`${file}.v8cache`)!.subarray(64);
    expect(data.length).toBeGreaterThan(0);
    // Damaged after it was sealed: not used, and the bundle runs as it is.
    const damaged = Buffer.from(kept);
    damaged.fill(0x5a, damaged.length >> 1, (damaged.length >> 1) + 16);
    await writeFile(`${file}.v8cache`, damaged);
    expect(runCompiled(file)).toEqual({ exports: 7, cache: 'none' });
    // Sealed, but holding nothing, or only the bundle's name and no data.
    await writeFile(`${file}.v8cache`, kept.subarray(0, SEAL_BYTES));
    expect(runCompiled(file).cache).toBe('none');
    writeSealed(`${file}.v8cache`, await shaOf(file));
    expect(runCompiled(file).cache).toBe('none');
    // V8's data without the seal (as an older version kept it): not used.
    await writeFile(`${file}.v8cache`, data);
    expect(runCompiled(file).cache).toBe('none');
    // Made for another bundle of the same length: V8 would take it (it compares lengths) and run 7.
    const sameLength = await bundle('same-length.cjs', 'module.exports = 8;\n');
    await writeFile(`${sameLength}.v8cache`, kept);
    expect(runCompiled(sameLength)).toEqual({ exports: 8, cache: 'none' });
    // Our checks passed (sealed, and naming this bundle), but made for other code: V8 refuses it.
    const other = await bundle('other.cjs', 'module.exports = 80;\n');
    writeSealed(`${other}.v8cache`, Buffer.concat([Buffer.from(await shaOf(other)), data]));
    expect(runCompiled(other)).toEqual({ exports: 80, cache: 'rejected' });
  });
});

describe('the two compiled layers', () => {
  const registry = globalThis as Record<symbol, unknown>;
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  /** A layer's folder as compile.mjs leaves it: its bundles and a manifest of their entries and SHA-256s. */
  async function layer(name: string, entries: Record<string, [string, string]>): Promise<string> {
    const folder = join(dir, name);
    await mkdir(folder, { recursive: true });
    const manifest = { entries: {} as Record<string, string>, sha256: {} as Record<string, string> };
    for (const [source, [file, code]] of Object.entries(entries)) {
      await writeFile(join(folder, file), code);
      manifest.entries[source] = file;
      manifest.sha256[file] = sha(code);
    }
    writeSealed(join(folder, 'manifest.json'), JSON.stringify(manifest)); // sealed, as a cache's (startup/sealed.mjs)
    return folder;
  }
  const siteFile = join(ENGINE_ROOT, 'test/fixtures/a-site.config.ts');
  const cli = join(ENGINE_ROOT, 'src/cli/main.ts');
  // The site's layer offers React (evaluated when first asked for) and loads its definition, which takes the engine by name.
  const siteCode = `let asked = 0;
const engineName = ${JSON.stringify(ENGINE.name)};
module.exports = {
  shared: { get react() { asked++; return { copy: 'the site layer', asked }; } },
  load: () => ({ default: 'the definition', engine: require(engineName) }),
};
`;
  // The engine's layer offers its contract by name, then takes React and loads the site.
  // Each entry starts when the bundle's start() is given its path within the engine.
  const engineCode = `exports.start = (entry) => {
  globalThis[Symbol.for(${JSON.stringify(SHARED.description)})][${JSON.stringify(ENGINE.name)}] = { contract: true };
  return { entry, react: require('react'), site: globalThis[Symbol.for(${JSON.stringify(COMPILED_SITE.description)})].load(), zod: () => require('zod'), path: require('node:path').sep };
};
`;
  const clean = () => {
    delete registry[SHARED];
    delete registry[COMPILED_SITE];
  };
  /** What starting the CLI from an engine layer alone throws (nothing when it starts). */
  const startError = (engine: string): unknown => {
    try {
      startCompiled({ engine, engineId: 'test', codeCache: engine }, cli);
      return undefined;
    } catch (caught) {
      return caught;
    } finally {
      clean();
    }
  };

  it("run the site's first: the engine takes React from it, the site takes the engine by name, and no second copy of a shared package is loaded", async () => {
    const site = await layer('site-layer', { [siteFile]: ['site.cjs', siteCode] });
    const engine = await layer('engine-layer', { 'src/cli/main.ts': ['engine.cjs', engineCode] });
    try {
      const { exports } = startCompiled({ engine, engineId: 'test', codeCache: engine, site, siteFile }, cli) as { exports: { entry: string; react: { copy: string; asked: number }; site: { default: string; engine: unknown }; zod: () => unknown; path: string } };
      expect(exports.entry).toBe('src/cli/main.ts');
      expect(exports.react).toEqual({ copy: 'the site layer', asked: 1 });
      expect(exports.site).toEqual({ default: 'the definition', engine: { contract: true } });
      expect(exports.path).toBe('/');
      // A shared package the site's layer does not offer is refused, not loaded from node_modules beside it.
      expect(exports.zod).toThrow("zod is not among the modules the site's compiled layer shares with the engine");
      expect((registry[COMPILED_SITE] as { file: string }).file).toBe(siteFile);
    } finally {
      clean();
    }
  });

  it('without a site, the engine requires React from its own folder', async () => {
    const engine = await layer('engine-alone', { 'src/cli/main.ts': ['engine.cjs', "exports.start = () => ({ react: require('react') });\n"] });
    try {
      const { exports } = startCompiled({ engine, engineId: 'test', codeCache: join(dir, 'elsewhere') }, cli, { keep: false }) as { exports: { react: { createElement: unknown } } };
      expect(typeof exports.react.createElement).toBe('function');
    } finally {
      clean();
    }
  });

  it('never run a bundle whose bytes are not the ones compiled, and say which', async () => {
    const engine = await layer('engine-tampered', { 'src/cli/main.ts': ['engine.cjs', 'exports.start = () => 1;\n'] });
    await writeFile(join(engine, 'engine.cjs'), "exports.start = () => 1; globalThis.PLANTED = 'ran';\n");
    const error = startError(engine);
    expect(error).toBeInstanceOf(BundleMismatch);
    expect((error as BundleMismatch).file).toBe(join(engine, 'engine.cjs'));
    expect(String(error)).toContain(`${join(engine, 'engine.cjs')} is not the bundle that was compiled (its SHA-256 differs): it is not run. Delete ${engine} to have it compiled afresh`);
    expect((globalThis as Record<string, unknown>).PLANTED).toBeUndefined();
  });

  it("start the CLI from its own bundle and the engine's later, when a command asks, each bundle once in a thread", async () => {
    const cliCode = "let runs = 0;\nexports.start = () => ({ cli: true, runs: ++runs });\n";
    const engineCode = 'exports.start = (entry) => ({ entry, modules: true });\n';
    const engine = await layer('engine-and-cli', { 'src/cli/main.ts': ['cli.cjs', cliCode], 'src/cli/modules.ts': ['engine.cjs', engineCode], 'src/pipeline/render-worker.ts': ['engine.cjs', engineCode] });
    const layers = { engine, engineId: 'test', codeCache: engine };
    try {
      expect(startCompiled(layers, cli).exports).toEqual({ cli: true, runs: 1 });
      expect(startEntry(layers, join(ENGINE_ROOT, 'src/cli/modules.ts')).exports).toEqual({ entry: 'src/cli/modules.ts', modules: true });
      // A second start of a bundle that runs already would be a second copy of its modules: refused.
      expect(() => startEntry(layers, join(ENGINE_ROOT, 'src/pipeline/render-worker.ts'))).toThrow(`${join(engine, 'engine.cjs')} already runs in this thread: a second copy would not share its modules`);
      expect(() => startEntry(layers, cli)).toThrow(`${join(engine, 'cli.cjs')} already runs in this thread`);
    } finally {
      clean();
    }
  });

  it("run the site's bundle once in a thread, also when the engine's is started again after it was refused", async () => {
    const site = await layer('site-once', { [siteFile]: ['site.cjs', 'globalThis.SITE_RUNS = (globalThis.SITE_RUNS ?? 0) + 1;\nmodule.exports = { shared: {}, load: () => 0 };\n'] });
    const engine = await layer('engine-refused', { 'src/cli/main.ts': ['engine.cjs', 'exports.start = () => 1;\n'] });
    const again = await layer('engine-compiled-again', { 'src/cli/main.ts': ['engine.cjs', 'exports.start = () => 2;\n'] });
    await writeFile(join(engine, 'engine.cjs'), 'exports.start = () => 3;\n'); // refused: not the bytes compiled
    const runs = globalThis as Record<string, unknown>;
    try {
      expect(() => startCompiled({ engine, engineId: 'test', codeCache: engine, site, siteFile }, cli)).toThrow(BundleMismatch);
      expect(runs.SITE_RUNS).toBe(1);
      expect(startCompiled({ engine: again, engineId: 'test', codeCache: again, site, siteFile }, cli).exports).toBe(2);
      expect(runs.SITE_RUNS).toBe(1);
    } finally {
      delete runs.SITE_RUNS;
      clean();
    }
  });

  it("never run a site's bundle whose bytes are not the ones compiled, and require what it does not share from the engine's folder", async () => {
    const code = "module.exports = { shared: {}, load: () => ({ command: typeof require('commander').Command }) };\n";
    const site = await layer('site-tampered', { [siteFile]: ['site.cjs', code] });
    const engine = await layer('engine-for-site', { 'src/cli/main.ts': ['engine.cjs', 'exports.start = () => globalThis[Symbol.for(' + JSON.stringify(COMPILED_SITE.description) + ')].load();\n'] });
    try {
      // Its folder (a temporary one) has no node_modules: commander is found from the engine's.
      expect(startCompiled({ engine, engineId: 'test', codeCache: engine, site, siteFile }, cli).exports).toEqual({ command: 'function' });
    } finally {
      clean();
    }
    const tampered = await layer('site-tampered-2', { [siteFile]: ['site.cjs', code] });
    await writeFile(join(tampered, 'site.cjs'), `${code}globalThis.PLANTED = 'ran';\n`);
    const other = await layer('engine-for-site-2', { 'src/cli/main.ts': ['engine.cjs', 'exports.start = () => 1;\n'] });
    let error: unknown;
    try {
      startCompiled({ engine: other, engineId: 'test', codeCache: other, site: tampered, siteFile }, cli);
    } catch (caught) {
      error = caught;
    } finally {
      clean();
    }
    expect(error).toBeInstanceOf(BundleMismatch);
    expect((error as BundleMismatch).file).toBe(join(tampered, 'site.cjs'));
    expect((globalThis as Record<string, unknown>).PLANTED).toBeUndefined();
  });

  it("keep the code cache of every layer it starts when told to, and of none otherwise", async () => {
    const exitListeners = () => process.rawListeners('exit').length;
    const layers = async (name: string) => ({
      engine: await layer(`${name}-engine`, { 'src/cli/main.ts': ['cli.cjs', 'exports.start = () => 1;\n'], 'src/cli/modules.ts': ['engine.cjs', 'exports.start = () => 2;\n'] }),
      site: await layer(`${name}-site`, { [siteFile]: ['site.cjs', 'module.exports = { shared: {}, load: () => 0 };\n'] }),
    });
    const started = (told: { engine: string; site: string }, keep?: boolean) => {
      const before = exitListeners();
      const all = { engine: told.engine, engineId: 'test', codeCache: told.engine, site: told.site, siteFile };
      try {
        startCompiled(all, cli, keep === undefined ? undefined : { keep });
        startEntry(all, join(ENGINE_ROOT, 'src/cli/modules.ts'), keep === undefined ? undefined : { keep });
        return exitListeners() - before;
      } finally {
        // This test's process goes on: the listeners it added are taken off again.
        for (const listener of process.rawListeners('exit').slice(before)) process.removeListener('exit', listener as () => void);
        clean();
      }
    };
    expect(started(await layers('unkept'))).toBe(0);
    expect(started(await layers('unkept-told'), false)).toBe(0);
    expect(started(await layers('kept'), true)).toBe(3); // the site's bundle, the CLI's and the engine's
  });

  it('never trust a manifest that is not as it was written (it names the SHA-256 each bundle must have)', async () => {
    const engine = await layer('engine-manifest-edited', { 'src/cli/main.ts': ['engine.cjs', "exports.start = () => 'ran';\n"] });
    const manifest = join(engine, 'manifest.json');
    // One byte more (a space: still JSON, still naming the same bundle), not through the seal.
    await writeFile(manifest, `${await readFile(manifest, 'utf8')} `);
    expect(String(startError(engine))).toContain(`${manifest} is not as it was written: delete ${engine} to have it compiled afresh`);
  });

  it("start a worker thread at its own entry of the engine's one bundle, and never from a bundle whose bytes changed", async () => {
    const code = "exports.start = (entry) => { const { parentPort } = require('node:worker_threads'); parentPort.on('message', () => parentPort.postMessage(entry)); };\n";
    const engine = await layer('engine-for-workers', { 'src/cli/main.ts': ['engine.cjs', code], 'src/pipeline/render-worker.ts': ['engine.cjs', code] });
    const start = () => {
      const saved = { ...process.env };
      exportLayers({ engine, engineId: 'test', codeCache: engine });
      try {
        return spawnTsWorker(new URL('../../src/pipeline/render-worker.ts', import.meta.url));
      } finally {
        for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
        Object.assign(process.env, saved);
      }
    };
    const good = start();
    try {
      good.postMessage('which entry?');
      expect((await once(good, 'message'))[0]).toBe('src/pipeline/render-worker.ts');
    } finally {
      await good.terminate();
    }
    // Changed after the main thread checked it: the worker checks it again, and runs none of it.
    await writeFile(join(engine, 'engine.cjs'), code.replace('postMessage(entry)', "postMessage('PLANTED')"));
    const tampered = start();
    try {
      tampered.postMessage('which entry?');
      const [error] = (await Promise.race([once(tampered, 'error'), once(tampered, 'message')])) as [unknown];
      expect(String(error)).toContain(`${join(engine, 'engine.cjs')} is not the bundle that was compiled (its SHA-256 differs): it is not run`);
    } finally {
      await tampered.terminate();
    }
  });

  it('keep the code cache where they are told: a packed engine\'s in the cache folder, never beside the package\'s bundle', async () => {
    const file = await bundle('packed.cjs', 'function f() { return 5; }\nmodule.exports = f();\n');
    const cacheFolder = join(dir, 'packed-cache');
    const script = `import(${JSON.stringify(RUNNER)}).then(({ runCompiled }) => runCompiled(${JSON.stringify(file)}, { keep: true, codeCache: ${JSON.stringify(cacheFolder)} }))`;
    await promisify(execFile)(process.execPath, ['-e', script]);
    await expect(readFile(`${file}.v8cache`)).rejects.toThrow();
    expect(madeFor(join(cacheFolder, 'packed.cjs.v8cache'))).toBe(await shaOf(file));
    expect(runCompiled(file, { codeCache: cacheFolder }).cache).toBe('used');
  });
});
