// Sharing a large load's parsing with worker threads (src/content/parse-share.ts): the files the cache
// does not know are split between this thread and the others, every parse lands in the cache under the
// key the load looks for, and a file that does not parse, or a thread that fails, leaves the file to the
// load (which tells its problem as ever).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentCache } from '../../src/content/content-cache.ts';
import { parseForCache, SHARE_FROM, shareParsing, type FileToParse } from '../../src/content/parse-share.ts';
import { parseSource } from '../../src/content/read-file.ts';

let dir: string;
let files: FileToParse[];
const COUNT = SHARE_FROM + 60;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parse-share-'));
  files = [];
  for (let i = 0; i < COUNT; i++) {
    const path = join(dir, i % 2 ? `page-${i}.md` : `data-${i}.yaml`);
    await writeFile(path, i % 2 ? `---\ntitle: Page ${i}\n---\nBody of page ${i}.\n` : `name: Entry ${i}\norder: ${i}\n`);
    files.push({ path, shown: `content/${i}` });
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const key = (path: string) => ContentCache.keyOf(path, readFileSync(path));

describe('sharing the parsing of a large load', () => {
  it('puts a parse of every file into the cache, each as this thread would parse it, with a share parsed elsewhere', async () => {
    const cache = new ContentCache();
    const sent: FileToParse[][] = [];
    const keys = await shareParsing(cache, files, { threads: 1, parse: async (share, took) => (sent.push(share), took(parseForCache(share))) });
    // Every file parsed, by its path, under the key the load would find it by: the load reads none again.
    expect(new Map(files.map(({ path }) => [path, key(path)]))).toEqual(keys);
    // One thread elsewhere: it gets every second file, this thread the others.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((f) => f.path)).toEqual(files.filter((_, i) => i % 2 === 1).map((f) => f.path));
    for (const { path, shown } of files) expect(cache.get(key(path))).toEqual(parseSource(readFileSync(path, 'utf8'), path, shown));
  });

  it('sends only what the cache does not know, and nothing when that is too little to share', async () => {
    const cache = new ContentCache();
    for (const { path, shown } of files.slice(0, 30)) cache.put(key(path), parseSource(readFileSync(path, 'utf8'), path, shown));
    const sent: FileToParse[] = [];
    await shareParsing(cache, files, { threads: 2, parse: async (share, took) => (sent.push(...share), took(parseForCache(share))) });
    expect(sent.some((f) => files.slice(0, 30).includes(f))).toBe(false);
    expect(sent.length).toBeGreaterThan(0);
    const small = new ContentCache();
    let asked = false;
    await shareParsing(small, files.slice(0, SHARE_FROM - 1), { threads: 1, parse: async () => void (asked = true) });
    expect(asked).toBe(false);
    expect(small.get(key(files[0]!.path))).toBeUndefined(); // left to the load
    // From exactly SHARE_FROM unknown files; never a file that is not YAML or Markdown (a photo's notes, a .txt).
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'not: content\n');
    const offered: FileToParse[] = [];
    await writeFile(`${notes}.yaml.bak`, 'a: 1\n');
    await shareParsing(new ContentCache(), [{ path: notes, shown: 'content/notes.txt' }, { path: `${notes}.yaml.bak`, shown: 'x' }, ...files.slice(0, SHARE_FROM)], { threads: 1, parse: async (share) => void offered.push(...share) });
    expect(offered.map((f) => f.path)).toEqual(files.slice(0, SHARE_FROM).filter((_, i) => i % 2 === 1).map((f) => f.path));
  });

  it('shares nothing when what the cache lacks is too little, or when there is no other thread', async () => {
    // Enough files listed, but only SHARE_FROM - 1 of them content (the rest a photo's notes, say).
    const notes = Array.from({ length: 10 }, (_, i) => ({ path: join(dir, `notes-${i}.txt`), shown: `content/notes-${i}.txt` }));
    let asked = false;
    const keys = await shareParsing(new ContentCache(), [...files.slice(0, SHARE_FROM - 1), ...notes], { threads: 1, parse: async () => void (asked = true) });
    expect(asked).toBe(false);
    expect(keys.size).toBe(0);
    const none = await shareParsing(new ContentCache(), files, { threads: 0, parse: async () => void (asked = true) });
    expect(asked).toBe(false);
    expect(none.size).toBe(0);
  });

  it("leaves a file that does not parse, and a failed thread's files, to the load", async () => {
    const broken = join(dir, 'broken.yaml');
    await writeFile(broken, 'name: [unclosed\n');
    expect(parseForCache([{ path: broken, shown: 'content/broken.yaml' }, files[0]!])).toEqual([[key(files[0]!.path), expect.any(Object), files[0]!.path]]);
    const cache = new ContentCache();
    // The worker hands back its first file's parse, then stops: what it gave is kept, the rest left to the load.
    await shareParsing(cache, files, { threads: 1, parse: async (share, took) => (took(parseForCache(share.slice(0, 1))), Promise.reject(new Error('the worker stopped'))) });
    expect(cache.get(key(files[0]!.path))).toBeDefined(); // this thread's share
    expect(cache.get(key(files[1]!.path))).toBeDefined(); // given before the worker stopped
    expect(cache.get(key(files[3]!.path))).toBeUndefined(); // the stopped worker's
  });
});
