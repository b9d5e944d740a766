// dev watches the site's code as the definition imports it, not only the folders it lists in
// `sources`: a helper folder the definition imports (a plugin's, a data module's) rebuilds on save, and
// a folder the code starts importing while dev runs is watched from then on.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFolders } from '../src/dev/code-folders.ts';
import { startDev, type DevServer } from '../src/dev/dev-server.ts';
import { fixtureCopy, type SiteCopy } from './helpers/fixtures.ts';
import { get } from './helpers/http.ts';

let copy: SiteCopy;
let dev: DevServer;
const log: string[] = [];

async function waitFor(path: string, check: (body: string) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = await get(dev.url, path);
    if (reply.status === 200 && check(reply.body)) return reply.body;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${path}\n${log.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  copy = await fixtureCopy('dev-imports');
  // The document title comes from a helper folder the definition imports but does not list in sources.
  await mkdir(join(copy.dir, 'helpers'));
  await writeFile(join(copy.dir, 'helpers/title.ts'), "export const suffix = 'First';\n");
  await copy.edit('site.config.ts', (t) => t.replace("import * as z from 'zod';", "import * as z from 'zod';\nimport { suffix } from './helpers/title.ts';").replace('documentTitle: (meta, p) => `${meta.title} – ${p.content.site.name}`', 'documentTitle: (meta, p) => `${meta.title} – ${p.content.site.name} ${suffix}`'));
  const sources = [join(copy.dir, 'templates'), copy.site];
  dev = await startDev({
    site: copy.site, contentDir: copy.content, staticDir: copy.static,
    codePaths: await codeFolders(copy.site, sources), codePathsNow: () => codeFolders(copy.site, sources),
    outDir: join(copy.dir, 'out'), port: 0, host: '127.0.0.1', log: (line) => log.push(line),
  });
}, 60_000);
afterAll(async () => {
  await dev?.close();
  await copy?.cleanup();
});

describe('dev and the folders the site imports', () => {
  it('watches the definition\'s imports without their folders listed in sources', async () => {
    expect(await codeFolders(copy.site, [])).toEqual(expect.arrayContaining([join(copy.dir, 'helpers'), join(copy.dir, 'templates'), copy.site]));
    expect(await codeFolders(copy.site, [])).not.toContain(copy.dir);
    expect(await waitFor('/', (body) => body.includes('First</title>'))).toBeTruthy();
    await writeFile(join(copy.dir, 'helpers/title.ts'), "export const suffix = 'Second';\n");
    expect(await waitFor('/', (body) => body.includes('Second</title>'))).toBeTruthy();
  });

  it('watches a folder the code starts importing while dev runs', async () => {
    await mkdir(join(copy.dir, 'more'));
    await writeFile(join(copy.dir, 'more/word.ts'), "export const word = 'Third';\n");
    await writeFile(join(copy.dir, 'helpers/title.ts'), "import { word } from '../more/word.ts';\nexport const suffix = word;\n");
    await waitFor('/', (body) => body.includes('Third</title>'));
    await writeFile(join(copy.dir, 'more/word.ts'), "export const word = 'Fourth';\n");
    expect(await waitFor('/', (body) => body.includes('Fourth</title>'))).toBeTruthy();
  });
});
