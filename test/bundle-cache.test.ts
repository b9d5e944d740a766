// The client bundle is cached under the content hash of its inputs: an unchanged client is not
// bundled again, and any changed input is.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bundleAssets } from '../src/bundle/client-assets.ts';
import { readSealed, writeSealed } from '../src/files/cache.ts';

const esbuild = vi.hoisted(() => ({ builds: 0, readThen: undefined as undefined | (() => Promise<void>) }));
vi.mock('esbuild', async (original) => {
  const real = await original<typeof import('esbuild')>();
  // readThen: what happens once esbuild has read its inputs, before the build is done.
  const build = async (...args: Parameters<typeof real.build>) => {
    esbuild.builds++;
    const result = await real.build(...args);
    await esbuild.readThen?.();
    return result;
  };
  return { ...real, build };
});

let cacheDir: string;
// The clinic's islands and stylesheet, as its site definition names them.
const site = { islands: new URL('../templates/islands/index.ts', import.meta.url), styles: new URL('../templates/styles/site.css', import.meta.url) };
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'site-bundle-cache-'));
});
afterAll(() => rm(cacheDir, { recursive: true, force: true }));

it('bundles once, then reuses the same bytes until an input changes', async () => {
  const first = await bundleAssets({ ...site, cacheDir });
  expect(esbuild.builds).toBe(1);
  const again = await bundleAssets({ ...site, cacheDir });
  expect(esbuild.builds).toBe(1);
  expect(again.js.url).toBe(first.js.url);
  expect(Buffer.from(again.js.contents).equals(Buffer.from(first.js.contents))).toBe(true);
  expect(Buffer.from(again.css.contents).equals(Buffer.from(first.css.contents))).toBe(true);

  // Pretend an island was edited since: its recorded hash no longer matches the file (the entry sealed
  // again, as a build would have written it).
  const [file] = await readdir(cacheDir);
  const path = join(cacheDir, file!);
  const entry = JSON.parse(readSealed(path)!.toString('utf8')) as { inputs: Record<string, string> };
  expect(Object.keys(entry.inputs)).toContain('templates/islands/HelpWidget.tsx');
  entry.inputs['templates/islands/HelpWidget.tsx'] = 'edited';
  writeSealed(path, JSON.stringify(entry));
  const rebuilt = await bundleAssets({ ...site, cacheDir });
  expect(esbuild.builds).toBe(2);
  expect(rebuilt.js.url).toBe(first.js.url);
});

it('bundles again when its kept bundle was changed in the cache, and bundles when the cache cannot be written', async () => {
  const first = await bundleAssets({ ...site, cacheDir });
  const builds = esbuild.builds;
  // Another script put into the kept entry, with its recorded inputs left as they were: not sealed so.
  const [file] = await readdir(cacheDir);
  const path = join(cacheDir, file!);
  const text = await readFile(path, 'utf8');
  const entry = JSON.parse(text.slice(text.indexOf('\n') + 1)) as { js: { contents: string } };
  entry.js.contents = Buffer.from('alert(document.cookie)').toString('base64');
  await writeFile(path, `${text.slice(0, text.indexOf('\n') + 1)}${JSON.stringify(entry)}`);
  const again = await bundleAssets({ ...site, cacheDir });
  expect(esbuild.builds).toBe(builds + 1);
  expect(Buffer.from(again.js.contents).equals(Buffer.from(first.js.contents))).toBe(true);
  // A file where the cache's folder should be: the bundle is made all the same, and not kept.
  const blocked = join(cacheDir, 'a-file');
  await writeFile(blocked, '');
  const uncached = await bundleAssets({ ...site, cacheDir: blocked });
  expect(uncached.js.url).toBe(first.js.url);
  expect(esbuild.builds).toBe(builds + 2);
});

it('does not keep a bundle whose input was written again while it was made (a second save, a formatter)', async () => {
  // A client of its own, in a folder of its own (the clinic's templates are not edited by a test).
  const dir = await mkdtemp(join(tmpdir(), 'site-bundle-edit-'));
  try {
    await writeFile(join(dir, 'Hello.tsx'), 'export function Hello() {\n  return <p>first save</p>;\n}\n');
    await writeFile(join(dir, 'islands.ts'), "import { Hello } from './Hello.tsx';\nexport const islands = { Hello };\n");
    await writeFile(join(dir, 'styles.css'), 'p { color: #222; }\n');
    const own = { islands: pathToFileURL(join(dir, 'islands.ts')), styles: pathToFileURL(join(dir, 'styles.css')), cacheDir: join(dir, 'cache') };
    esbuild.readThen = () => writeFile(join(dir, 'Hello.tsx'), 'export function Hello() {\n  return <p>second save</p>;\n}\n');
    const during = await bundleAssets(own);
    esbuild.readThen = undefined;
    expect(Buffer.from(during.js.contents).toString()).toContain('first save');
    const builds = esbuild.builds;
    const next = await bundleAssets(own);
    expect(esbuild.builds).toBe(builds + 1);
    expect(Buffer.from(next.js.contents).toString()).toContain('second save');
    // That one is kept: nothing was written while it was made.
    await bundleAssets(own);
    expect(esbuild.builds).toBe(builds + 1);
  } finally {
    esbuild.readThen = undefined;
    await rm(dir, { recursive: true, force: true });
  }
});
