// Sharing a large load's parsing with worker threads (src/content/parse-share.ts): the files the cache
// does not know are taken a batch at a time from one queue by this thread and the others, every parse
// lands in the cache under the key the load looks for, and a file that does not parse, or a thread that
// fails, leaves the file to the load (which tells its problem as ever).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentCache } from '../../src/content/content-cache.ts';
import { BATCH, parseForCache, SHARE_FROM, shareParsing, type FileToParse, type ParseElsewhere } from '../../src/content/parse-share.ts';
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

/**
 * Threads elsewhere, told when the load asks nothing more of them: `finished` counts those calls, and
 * asks after it fail the test (a worker loads the templates then, and must not be asked to parse again).
 */
function away(threads: number, parse: ParseElsewhere['parse']): ParseElsewhere & { finishedCount: () => number } {
  let finished = 0;
  return {
    threads,
    parse: (next, took) => parse(() => (expect(finished).toBe(0), next()), took),
    finished: () => void finished++,
    finishedCount: () => finished,
  };
}

/** A thread elsewhere that takes every batch it is offered (as a worker does, between this thread's own), recording each. */
const elsewhere = (sent: FileToParse[][], parse = true): ParseElsewhere['parse'] => async (next, took) => {
  for (let batch = next(); batch; batch = next()) {
    sent.push(batch);
    if (parse) took(parseForCache(batch));
    await new Promise((done) => setImmediate(done));
  }
};

describe('sharing the parsing of a large load', () => {
  it('puts a parse of every file into the cache, each as this thread would parse it, with batches parsed elsewhere', async () => {
    const cache = new ContentCache();
    const sent: FileToParse[][] = [];
    const threads = away(1, elsewhere(sent));
    const keys = await shareParsing(cache, files, threads);
    // Told once, when all is parsed: a worker loads the site's templates then.
    expect(threads.finishedCount()).toBe(1);
    // Every file parsed, by its path, under the key the load would find it by: the load reads none again.
    expect(new Map(files.map(({ path }) => [path, key(path)]))).toEqual(keys);
    for (const { path, shown } of files) expect(cache.get(key(path))).toEqual(parseSource(readFileSync(path, 'utf8'), path, shown));
    // The thread elsewhere took batches of the queue as it went, and this thread the rest: each file once.
    expect(sent.length).toBeGreaterThan(1);
    for (const batch of sent) expect(batch.length).toBeLessThanOrEqual(BATCH);
    const elsewhereFiles = sent.flat().map((f) => f.path);
    expect(new Set(elsewhereFiles).size).toBe(elsewhereFiles.length);
    expect(elsewhereFiles.length).toBeGreaterThan(0);
    expect(elsewhereFiles.length).toBeLessThan(files.length);
  });

  it('gives a thread that is slow to start fewer files, and one that takes every batch at once all of them', async () => {
    // A worker still loading its templates: it asks only once this thread has parsed several batches.
    const late: FileToParse[][] = [];
    const slow: ParseElsewhere['parse'] = async (next, took) => {
      for (let i = 0; i < 4; i++) await new Promise((done) => setImmediate(done));
      await elsewhere(late)(next, took);
    };
    const keys = await shareParsing(new ContentCache(), files, away(1, slow));
    expect(keys.size).toBe(files.length);
    expect(late.flat().length).toBeLessThan(files.length / 2);
    // One that takes all before this thread starts: this thread parses none of them, and none is lost.
    const eager: FileToParse[][] = [];
    const greedy: ParseElsewhere['parse'] = async (next, took) => {
      const batches: FileToParse[][] = [];
      for (let batch = next(); batch; batch = next()) batches.push(batch);
      for (const batch of batches) eager.push(batch), took(parseForCache(batch));
    };
    const all = await shareParsing(new ContentCache(), files, away(1, greedy));
    expect(eager.flat().map((f) => f.path)).toEqual(files.map((f) => f.path));
    expect(all.size).toBe(files.length);
  });

  it('sends only what the cache does not know, and nothing when that is too little to share', async () => {
    const cache = new ContentCache();
    for (const { path, shown } of files.slice(0, 30)) cache.put(key(path), parseSource(readFileSync(path, 'utf8'), path, shown));
    const batches: FileToParse[][] = [];
    const keys = await shareParsing(cache, files, away(2, elsewhere(batches)));
    const sent = batches.flat();
    expect(sent.some((f) => files.slice(0, 30).includes(f))).toBe(false);
    expect(keys.size).toBe(files.length - 30);
    expect(sent.length).toBeGreaterThan(0);
    const small = new ContentCache();
    let asked = false;
    await shareParsing(small, files.slice(0, SHARE_FROM - 1), away(1, async () => void (asked = true)));
    expect(asked).toBe(false);
    expect(small.get(key(files[0]!.path))).toBeUndefined(); // left to the load
    // From exactly SHARE_FROM unknown files; never a file that is not YAML or Markdown (a photo's notes, a .txt).
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'not: content\n');
    const offered: FileToParse[][] = [];
    await writeFile(`${notes}.yaml.bak`, 'a: 1\n');
    const shared = await shareParsing(new ContentCache(), [{ path: notes, shown: 'content/notes.txt' }, { path: `${notes}.yaml.bak`, shown: 'x' }, ...files.slice(0, SHARE_FROM)], away(1, elsewhere(offered)));
    expect([...shared.keys()].sort()).toEqual(files.slice(0, SHARE_FROM).map((f) => f.path).sort());
    expect(offered.flat().length).toBeGreaterThan(0);
  });

  it('shares nothing when what the cache lacks is too little, or when there is no other thread', async () => {
    // Enough files listed, but only SHARE_FROM - 1 of them content (the rest a photo's notes, say).
    const notes = Array.from({ length: 10 }, (_, i) => ({ path: join(dir, `notes-${i}.txt`), shown: `content/notes-${i}.txt` }));
    let asked = false;
    const few = away(1, async () => void (asked = true));
    const keys = await shareParsing(new ContentCache(), [...files.slice(0, SHARE_FROM - 1), ...notes], few);
    expect(asked).toBe(false);
    expect(keys.size).toBe(0);
    const noThread = away(0, async () => void (asked = true));
    const none = await shareParsing(new ContentCache(), files, noThread);
    expect(asked).toBe(false);
    expect(none.size).toBe(0);
    // Told at once that nothing will be asked of them: the workers load the templates without waiting.
    expect([few.finishedCount(), noThread.finishedCount()]).toEqual([1, 1]);
  });

  it("leaves a file that does not parse, and a failed thread's files, to the load", async () => {
    const broken = join(dir, 'broken.yaml');
    await writeFile(broken, 'name: [unclosed\n');
    expect(parseForCache([{ path: broken, shown: 'content/broken.yaml' }, files[0]!])).toEqual([[key(files[0]!.path), expect.any(Object), files[0]!.path]]);
    const cache = new ContentCache();
    // The worker takes two batches, hands back the first file's parse, then stops: what it gave is kept,
    // the rest of what it took left to the load; this thread parses the whole rest of the queue.
    let took: FileToParse[] = [];
    const stopping = away(1, async (next, give) => {
      took = [...next()!, ...next()!];
      give(parseForCache(took.slice(0, 1)));
      throw new Error('the worker stopped');
    });
    const keys = await shareParsing(cache, files, stopping);
    expect(stopping.finishedCount()).toBe(1);
    expect(took).toHaveLength(2 * BATCH);
    expect(cache.get(key(took[0]!.path))).toBeDefined(); // given before the worker stopped
    for (const lost of took.slice(1)) expect(cache.get(key(lost.path))).toBeUndefined(); // the stopped worker's
    expect(keys.size).toBe(files.length - took.length + 1);
    for (const { path } of files.filter((f) => !took.includes(f))) expect(cache.get(key(path))).toBeDefined(); // this thread's
  });
});
