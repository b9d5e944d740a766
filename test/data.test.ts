// Data at build time: a site's async source, fetched from a server on 127.0.0.1 before the pages,
// reaches the content (here a plugin writes it out); kept for its maxAge, so a second build does not
// ask again (each site for itself); a source that fails stops the build naming it.
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { listen } from '../src/serve/server.ts';
import { cacheRoot } from '../src/files/cache.ts';
import { FIXTURE, ROOT } from './helpers/fixtures.ts';

const SITE = join(ROOT, 'test/fixtures/data-site/site.config.ts');
/** Where the engine keeps data results for sites of this checkout. */
const KEPT = join(cacheRoot(dirname(SITE)), 'data');
let server: Server;
let tmp: string;
let requests = 0;
/** The headers of the last request the server answered. */
let asked: Record<string, string | string[] | undefined> = {};
let answer: { status: number; body: string } = { status: 200, body: '{"days":["Mo","Tu"]}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    asked = req.headers;
    if (req.url === '/never') return; // answers nothing: the caller's time limit ends it
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
  });
  process.env.SITE_TEST_DATA_URL = await listen(server, 0, '127.0.0.1');
  tmp = await mkdtemp(join(tmpdir(), 'site-data-'));
  await rm(KEPT, { recursive: true, force: true });
});
afterAll(async () => {
  delete process.env.SITE_TEST_DATA_URL; // the files after this one in its worker share this process
  await rm(KEPT, { recursive: true, force: true });
  await new Promise<void>((done) => server.close(() => done()));
  await rm(tmp, { recursive: true, force: true });
});

const run = (name: string) => build({ site: SITE, contentDir: join(FIXTURE, 'content'), staticDir: join(tmp, 'static'), outDir: join(tmp, name), compress: false });

describe('data at build time', () => {
  it('is fetched before the pages and reaches the content; kept for its maxAge', async () => {
    await run('first');
    expect(JSON.parse(await readFile(join(tmp, 'first/opening.json'), 'utf8'))).toEqual({ days: ['Mo', 'Tu'] });
    expect(requests).toBe(1);
    await run('second');
    expect(requests).toBe(1);
  });

  it('keeps a result for the site that asked: another site with the same source asks again', async () => {
    const { loadData } = await import('../src/content/data.ts');
    let calls = 0;
    const sources = { hours: { maxAge: 600, load: async () => ({ call: ++calls }) } };
    const first = await loadData(sources, new Date(), join(tmp, 'kept-a'));
    const again = await loadData(sources, new Date(), join(tmp, 'kept-a'));
    const other = await loadData(sources, new Date(), join(tmp, 'kept-b'));
    expect([first.hours, again.hours, other.hours]).toEqual([{ call: 1 }, { call: 1 }, { call: 2 }]);
  });

  it('reads a result kept on disk while it is as written, and asks again when it was changed there', async () => {
    const { loadData } = await import('../src/content/data.ts');
    let calls = 0;
    const sources = { hours: { maxAge: 600, load: async () => ({ call: ++calls }) } };
    await loadData(sources, new Date(), join(tmp, 'kept-c'));
    const [name] = await readdir(join(tmp, 'kept-c'));
    const written = await readFile(join(tmp, 'kept-c', name!));
    // Copied to cache folders this process has not used (so nothing of it is in memory): one as it is, one changed.
    await mkdir(join(tmp, 'kept-d'));
    await writeFile(join(tmp, 'kept-d', name!), written);
    await mkdir(join(tmp, 'kept-e'));
    await writeFile(join(tmp, 'kept-e', name!), written.toString('utf8').replace('"call":1', '"call":9'));
    expect((await loadData(sources, new Date(), join(tmp, 'kept-d'))).hours).toEqual({ call: 1 });
    expect((await loadData(sources, new Date(), join(tmp, 'kept-e'))).hours).toEqual({ call: 2 });
  });

  it('forgets the results no source keeps any more (changed, or without a maxAge), and leaves other files alone', async () => {
    const { loadData } = await import('../src/content/data.ts');
    const folder = join(tmp, 'kept-f');
    await loadData({ hours: { maxAge: 600, load: async () => ({ version: 1 }) } }, new Date(), folder);
    const [first] = await readdir(folder);
    await writeFile(join(folder, 'notes.txt'), 'mine\n');
    await writeFile(join(folder, 'hours.json'), '{}\n');
    // The source's code changed: its old result can never be read again.
    await loadData({ hours: { maxAge: 600, load: async () => ({ version: 2 }) } }, new Date(), folder);
    const second = (await readdir(folder)).filter((n) => n !== first && /^[0-9a-f]{16}\.json$/.test(n));
    expect((await readdir(folder)).sort()).toEqual([...second, 'hours.json', 'notes.txt'].sort());
    expect(second).toHaveLength(1);
    // The same source without a maxAge is asked at every build: its result is no longer kept.
    const load = async () => ({ version: 3 });
    await loadData({ hours: { maxAge: 600, load } }, new Date(), folder);
    expect((await readdir(folder)).length).toBe(3);
    await loadData({ hours: { load } }, new Date(), folder);
    expect((await readdir(folder)).sort()).toEqual(['hours.json', 'notes.txt']);
    // Nor is anything kept without a cache folder (the result is still given).
    expect((await loadData({ hours: { maxAge: 600, load } }, new Date(), undefined)).hours).toEqual({ version: 3 });
  });

  it('keeps each site\'s results in a folder of its own under the cache (results kept before such folders go)', async () => {
    await mkdir(KEPT, { recursive: true });
    await writeFile(join(KEPT, '0123456789abcdef.json'), 'an older layout\'s result\n');
    await run('third');
    const folders = await readdir(KEPT);
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^[0-9a-f]{16}$/);
    expect((await readdir(join(KEPT, folders[0]!))).filter((n) => n.endsWith('.json'))).toHaveLength(1);
  });

  it('forgets every result once the site has no source; one it cannot remove stays, and the build goes on', async () => {
    const { forgetOthers } = await import('../src/content/data.ts');
    const folder = join(tmp, 'kept-g');
    await mkdir(join(folder, 'aaaaaaaaaaaaaaaa.json'), { recursive: true }); // a folder by that name: rm cannot take it
    await writeFile(join(folder, 'bbbbbbbbbbbbbbbb.json'), '{}\n');
    // Only names it gives its results: not one that merely ends or starts like them.
    await writeFile(join(folder, 'notes-cccccccccccccccc.json'), '{}\n');
    await writeFile(join(folder, 'dddddddddddddddd.json.bak'), '{}\n');
    forgetOthers(folder);
    expect((await readdir(folder)).sort()).toEqual(['aaaaaaaaaaaaaaaa.json', 'dddddddddddddddd.json.bak', 'notes-cccccccccccccccc.json']);
  });

  it('a source that fails stops the build, naming it', async () => {
    const { loadData } = await import('../src/content/data.ts');
    answer = { status: 500, body: 'down' };
    const error = await loadData({ opening: { load: ({ fetchJson }) => fetchJson(`${process.env.SITE_TEST_DATA_URL}/opening.json`) } }, new Date(), undefined).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    expect((error as BuildFailure).problems[0]!.format()).toBe(`data source "opening"  failed\n  ${process.env.SITE_TEST_DATA_URL}/opening.json answered 500`);
    answer = { status: 200, body: 'not json' };
    const notJson = await loadData({ x: { load: ({ fetchJson }) => fetchJson(`${process.env.SITE_TEST_DATA_URL}/x`) } }, new Date(), undefined).then(() => undefined, (e: unknown) => e);
    expect((notJson as BuildFailure).problems[0]!.format()).toContain('did not answer with JSON');
  });

  it('fetchJson asks http(s) only, for JSON with the source\'s own headers, and gives up after its time limit', async () => {
    const { fetchJson } = await import('../src/content/data.ts');
    answer = { status: 200, body: '{"ok":true}' };
    const before = requests;
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x.json']) {
      await expect(fetchJson(url)).rejects.toThrow(`${url}: only http and https addresses can be fetched`);
    }
    expect(requests).toBe(before);
    expect(await fetchJson(`${process.env.SITE_TEST_DATA_URL}/with-key`, { headers: { 'x-api-key': 'k1' } })).toEqual({ ok: true });
    expect(asked).toMatchObject({ accept: 'application/json', 'x-api-key': 'k1' });
    answer = { status: 300, body: '{"ok":true}' }; // a redirect's choices are not the data
    await expect(fetchJson(`${process.env.SITE_TEST_DATA_URL}/choices`)).rejects.toThrow('answered 300');
    answer = { status: 200, body: '{"ok":true}' };
    await expect(fetchJson(`${process.env.SITE_TEST_DATA_URL}/never`, { timeoutMs: 300 })).rejects.toThrow(`${process.env.SITE_TEST_DATA_URL}/never did not answer within 0.3 s`);
  });
});
