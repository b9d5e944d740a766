// The sites `npm run bench -- --compare` builds are made from the starter by editing a copy: a change to the
// starter or the engine that breaks them is found here, not when someone next measures (it was: a setting for
// a locale the site lacks became an error, and the one-locale cut kept two).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { minimalSite } from '../scripts/bench.ts';
import { buildInto } from './helpers/fixtures.ts';

let made: string | undefined;
afterAll(() => (made ? rm(made, { recursive: true, force: true }) : undefined));

it('builds the like-for-like site: the starter in one locale, its home, blog, tags and 404 pages and the pages asked for', async () => {
  const { dir, site } = await minimalSite(3);
  made = dir;
  const built = await buildInto({ site, content: join(dir, 'content'), static: join(dir, 'static') });
  try {
    expect(built.result.routes.map((r) => r.locale)).toEqual(built.result.routes.map(() => 'en'));
    expect(built.result.routes.filter((r) => /^page-\d+\.html$/.test(r.file))).toHaveLength(3);
  } finally {
    await built.cleanup();
  }
});
