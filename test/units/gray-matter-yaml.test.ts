// gray-matter's own YAML engine (js-yaml 3) is left out of the engine's compiled layer (compile.mjs,
// grayMatterYaml): the engine hands gray-matter its own parser. Front matter read so still reads; a
// call that would reach gray-matter's own engine throws instead of parsing by rules nobody checks.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, grayMatterYaml } from '../../src/startup/compile.mjs';
import { ENGINE_ROOT } from '../../src/startup/engine.mjs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gray-matter-yaml-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** gray-matter bundled as the engine's layer bundles it (CommonJS, from the engine's folder). */
async function bundle(name: string, plugins: Plugin[]): Promise<string> {
  const outfile = join(dir, `${name}.cjs`);
  const contents = "module.exports = require('gray-matter');\n";
  await build({ stdin: { contents, resolveDir: ENGINE_ROOT, loader: 'js' }, bundle: true, format: 'cjs', platform: 'node', outfile, plugins, logLevel: 'silent' });
  return outfile;
}

/** A text only js-yaml 3 has (its type for functions written in YAML; js-yaml 4, the engine's own, has none). */
const JS_YAML_3 = 'tag:yaml.org,2002:js/function';

type Matter = (source: string, options?: object) => { data: Record<string, unknown>; content: string };

describe("gray-matter's own YAML engine", () => {
  it('is left out of the bundle; front matter given to a parser of our own still reads', async () => {
    const file = await bundle('without-yaml', [grayMatterYaml]);
    const whole = await bundle('whole', []);
    // js-yaml 3's own types (one that makes functions from text), in gray-matter as it is, not in ours.
    expect(await readFile(whole, 'utf8')).toContain(JS_YAML_3);
    expect(await readFile(file, 'utf8')).not.toContain(JS_YAML_3);
    expect((await readFile(file, 'utf8')).length).toBeLessThan((await readFile(whole, 'utf8')).length - 50_000);

    const matter = createRequire(import.meta.url)(file) as Matter;
    const source = '---\ntitle: Hola\n---\nBody text\n';
    const read = matter(source, { language: 'yaml', engines: { yaml: (text: string) => ({ seen: text.trim() }) } });
    expect(read.data).toEqual({ seen: 'title: Hola' });
    expect(read.content).toBe('Body text\n');
    // Without a parser of ours, nothing is parsed by js-yaml 3: it says which parser reads front matter.
    expect(() => matter('---\nother: 1\n---\n')).toThrow(/gray-matter's own YAML engine is not part of this engine/);
  });

  it("is not in the engine's compiled layer", async () => {
    // The engine's layer compiled as a first start compiles it, into a cache of this test's own.
    const before = process.env.SITE_COMPILE_CACHE;
    process.env.SITE_COMPILE_CACHE = join(dir, 'compiled');
    try {
      const { engine } = await compile();
      const code = await readFile(join(engine, 'engine.cjs'), 'utf8');
      expect(code).toContain('gray-matter'); // gray-matter itself is there
      expect(code).not.toContain(JS_YAML_3);
    } finally {
      if (before === undefined) delete process.env.SITE_COMPILE_CACHE;
      else process.env.SITE_COMPILE_CACHE = before;
    }
  }, 60_000);
});
