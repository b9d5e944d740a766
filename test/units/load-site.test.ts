// Loading a site definition module: a missing module, one without a default export and a definition
// with unusable entries each fail the build with a sentence; a good one is loaded once per module.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/pipeline/load-site.ts';
import { BuildFailure } from '../../src/problems/problem.ts';
import { ROOT } from '../helpers/fixtures.ts';

const dir = join(ROOT, 'test/scratch', `load-site-${process.pid}`);
const definition = (extra: string) => `export default { locales: { en: { intl: 'en-US' } }, defaultLocale: 'en', content: { shared: {}, perLocale: {}, collections: {} }, pages: [{ id: 'home', path: '/', template: () => null }${extra}] };\n`;
beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'good.ts'), definition(''));
  await writeFile(join(dir, 'bad.ts'), definition(", { id: 'about', path: 'about', template: () => null }"));
  await writeFile(join(dir, 'none.ts'), 'export const site = {};\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const failure = (module: string) => loadSite(module).then(() => undefined, (error: unknown) => error);

describe('a site definition module', () => {
  it('that does not exist fails the build, saying how to name one', async () => {
    const error = await failure(join(dir, 'missing.ts'));
    expect(error).toBeInstanceOf(BuildFailure);
    expect((error as BuildFailure).message).toContain(`${join(dir, 'missing.ts')}  does not exist\n  a site needs a definition module: pass --site FILE, or run from the project`);
  });

  it('without a default export fails the build, saying what to export', async () => {
    const error = await failure(join(dir, 'none.ts'));
    expect(error).toBeInstanceOf(BuildFailure);
    expect((error as BuildFailure).message).toMatch(/none\.ts {2}has no default export\n {2}export default defineSite\(\{ \.\.\. \}\)/);
  });

  it('with an unusable entry fails the build naming it', async () => {
    const error = await failure(join(dir, 'bad.ts'));
    expect((error as BuildFailure).message).toContain('page "about"  is not a usable registry entry\n  its path "about" must start with "/"');
    // Named as a path, below the current folder as it is from there, not as a file URL.
    expect((error as BuildFailure).message).toContain(`${relative(process.cwd(), join(dir, 'bad.ts'))}: page "about"`);
  });

  it('is loaded once, by path or file URL alike', async () => {
    const byPath = loadSite(join(dir, 'good.ts'));
    expect(loadSite(pathToFileURL(join(dir, 'good.ts')).href)).toBe(byPath);
    expect((await byPath).pages.map((p) => p.id)).toEqual(['home']);
  });
});
