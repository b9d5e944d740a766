// zod's translations are left out of the site's compiled layer (compile.mjs, zodLocales): a quarter of
// what that layer was compiled from. A site that asks for one still gets what zod gives, from the
// installed zod, when it first asks; an index of another shape is bundled as it is.
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zodLocales } from '../../src/startup/compile.mjs';
import { ENGINE_ROOT } from '../../src/startup/engine.mjs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zod-locales-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Bundles `code` as the site's layer is bundled (CommonJS), resolving from `from`; returns the file. */
async function bundle(name: string, code: string, from: string, plugins: Plugin[]): Promise<string> {
  const outfile = join(dir, `${name}.cjs`);
  await build({ stdin: { contents: code, resolveDir: from, loader: 'js' }, bundle: true, format: 'cjs', platform: 'node', outfile, plugins, logLevel: 'silent' });
  return outfile;
}

/** A sample issue, told by a locale's error map. */
const issue = { code: 'too_small', origin: 'string', minimum: 3, inclusive: true, input: 'ab' };

describe("zod's translations", () => {
  it('are left out of the bundle, and z.locales gives each as zod does, loading its file only when first called', async () => {
    const code = "import { z } from 'zod';\nmodule.exports = { z };\n";
    const file = await bundle('with-plugin', code, ENGINE_ROOT, [zodLocales]);
    const without = await bundle('without', code, ENGINE_ROOT, []);
    const text = await readFile(file, 'utf8');
    // German's own words are not in the bundle; English's, which zod's schemas use, are.
    expect(await readFile(without, 'utf8')).toContain('Zu klein');
    expect(text).not.toContain('Zu klein');
    expect(text).toContain('Too small');
    expect(text.length).toBeLessThan((await readFile(without, 'utf8')).length - 200_000);

    const req = createRequire(import.meta.url);
    const fromEngine = createRequire(join(ENGINE_ROOT, 'package.json'));
    // German's CommonJS file, forgotten first: another test in this thread may have loaded zod's CommonJS build.
    const german = join(dirname(fromEngine.resolve('zod/package.json')), 'v4/locales/de.cjs');
    delete req.cache[german];
    const { z } = req(file) as { z: typeof import('zod') };
    expect(req.cache[german]).toBeUndefined();
    const germanMessage = z.locales.de().localeError(issue as never);
    expect(req.cache[german]).toBeDefined(); // required as it was first called
    // zod as Node loads it (its CommonJS build, every translation with it), to compare with.
    const real = fromEngine('zod') as typeof import('zod');
    expect(Object.keys(z.locales).sort()).toEqual(Object.keys(real.locales).sort());
    expect(germanMessage).toBe(real.locales.de().localeError(issue as never));
    for (const locale of ['de', 'es', 'en', 'ja'] as const) {
      expect(z.locales[locale]().localeError(issue as never)).toBe(real.locales[locale]().localeError(issue as never));
    }
    // And it is zod's configuration the site's schemas then speak.
    z.config(z.locales.es());
    try {
      expect(z.string().min(3).safeParse('ab').error?.issues[0]?.message).toBe(real.locales.es().localeError(issue as never));
    } finally {
      z.config(z.locales.en());
    }
  });

  it('are bundled as they are where the index is not one line a locale', async () => {
    const fake = join(dir, 'node_modules/zod/v4/locales');
    await mkdir(fake, { recursive: true });
    await writeFile(join(dir, 'node_modules/zod/package.json'), JSON.stringify({ name: 'zod', type: 'module', exports: { './v4/locales': './v4/locales/index.js' } }));
    await writeFile(join(fake, 'de.js'), "export default () => ({ localeError: () => 'Zu klein (bundled)' });\n");
    await writeFile(join(fake, 'de.cjs'), "module.exports = () => ({ localeError: () => 'Zu klein (required)' });\n");
    const index = join(fake, 'index.js');
    await writeFile(index, 'export { default as de } from "./de.js";\n');
    const code = "import * as locales from 'zod/v4/locales';\nmodule.exports = locales.de().localeError();\n";
    const required = createRequire(import.meta.url);
    // Each bundle run afresh, with the translation's file as it is now (Node keeps what it required once).
    const req = (file: string) => {
      delete required.cache[join(fake, 'de.cjs')];
      return required(file) as unknown;
    };
    expect(req(await bundle('fake-known', code, dir, [zodLocales]))).toBe('Zu klein (required)');
    // A CommonJS file that gives its function as its default export, as TypeScript writes one.
    await writeFile(join(fake, 'de.cjs'), "exports.default = () => ({ localeError: () => 'Zu klein (its default)' });\n");
    expect(req(await bundle('fake-default', code, dir, [zodLocales]))).toBe('Zu klein (its default)');
    // One that gives neither: bundled as it is.
    await writeFile(join(fake, 'de.cjs'), "exports.de = () => ({ localeError: () => 'Zu klein (named)' });\n");
    expect(req(await bundle('fake-named', code, dir, [zodLocales]))).toBe('Zu klein (bundled)');
    await writeFile(join(fake, 'de.cjs'), "module.exports = () => ({ localeError: () => 'Zu klein (required)' });\n");
    // Another line beside them: the whole index as it is.
    await writeFile(index, 'export { default as de } from "./de.js";\nexport * as more from "./de.js";\n');
    expect(req(await bundle('fake-other', code, dir, [zodLocales]))).toBe('Zu klein (bundled)');
    // A locale without its CommonJS file: bundled as it is too.
    await writeFile(index, 'export { default as de } from "./de.js";\n');
    await rm(join(fake, 'de.cjs'));
    expect(req(await bundle('fake-no-cjs', code, dir, [zodLocales]))).toBe('Zu klein (bundled)');
  });
});
