// The editor's folder is made once per Sveltia version and kept (src/admin/editor-bundle.ts); outputs
// hard-link its files. It is placed only while every file has the size and time it was made with: a
// file rewritten in place through an output's link, one removed, or a record that was tampered with,
// and the folder is made again before it is placed, so no build publishes an editor that is not the package's.
import { closeSync, ftruncateSync, linkSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFiles, editorBundle, placeable, sveltiaPackage } from '../../src/admin/editor-bundle.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { readSealed, SEAL_BYTES, writeSealed } from '../../src/files/cache.ts';

const work = mkdtempSync(join(tmpdir(), 'editor-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cache = join(work, 'cache');

/** The folder as a build places it: made or taken from the cache as the build begins, checked as it is placed. */
const toPlace = async () => placeable(await editorBundle(ROOT, { cache }), ROOT, { cache });

/** Rewrites a file in place (the same inode), as a tool writing into an output would: its size changes (a file system may keep times to the second). */
function rewriteInPlace(file: string, text: string): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, text, 0);
    ftruncateSync(fd, Buffer.byteLength(text));
  } finally {
    closeSync(fd);
  }
}

describe("the editor's kept folder", () => {
  it('is made once, placed again while untouched, and made again when a file changed through an output', async () => {
    const { dir, files } = await toPlace();
    expect(files).toContain('index.js');
    expect(files.length).toBeGreaterThan(400);
    expect(files.some((f) => f.startsWith('.made'))).toBe(false); // the record is never placed
    const original = readFileSync(join(dir, 'index.js'), 'utf8');
    const inode = statSync(join(dir, 'index.js')).ino;

    // Untouched: the same folder, not made again.
    expect((await toPlace()).dir).toBe(dir);
    expect(statSync(join(dir, 'index.js')).ino).toBe(inode);

    // An output links the file and something rewrites the output's copy in place: the kept file changed too.
    const output = join(work, 'index.js');
    linkSync(join(dir, 'index.js'), output);
    rewriteInPlace(output, '/* not the editor */');
    expect(readFileSync(join(dir, 'index.js'), 'utf8')).toBe('/* not the editor */');
    expect(checkedFiles(dir)).toBeUndefined();
    const again = await toPlace();
    expect(readFileSync(join(again.dir, 'index.js'), 'utf8')).toBe(original);
    expect(statSync(join(again.dir, 'index.js')).ino).not.toBe(inode);
    // The output keeps what was written to it.
    expect(readFileSync(output, 'utf8')).toBe('/* not the editor */');
  }, 60_000);

  // Read and written as Latin-1 (a byte a character) for speed: the package's UTF-8 text must come out
  // byte for byte: its chunks whole (less the source map comment), every non-ASCII run of index.js as often.
  it("keeps the package's code byte for byte, its text in every script unchanged", async () => {
    const { dir } = await toPlace();
    const npm = join(sveltiaPackage(ROOT).dir, 'npm');
    const chunks = readdirSync(join(npm, 'chunks')).filter((n) => n.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const name of chunks) {
      const original = readFileSync(join(npm, 'chunks', name), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      expect(readFileSync(join(dir, 'chunks', name)).equals(Buffer.from(original)), name).toBe(true);
    }
    const runs = (text: string) => {
      const counts = new Map<string, number>();
      for (const [run] of text.matchAll(/[^\0-\x7f]+/g)) counts.set(run, (counts.get(run) ?? 0) + 1);
      return counts;
    };
    const before = runs(readFileSync(join(npm, 'index.js'), 'utf8'));
    expect(before.size).toBeGreaterThan(10); // the package has text beyond ASCII to keep
    expect(runs(readFileSync(join(dir, 'index.js'), 'utf8'))).toEqual(before);
  }, 60_000);

  it('is made again when a file is missing, or its record names a file outside it', async () => {
    const { dir, files } = await toPlace();
    const grammar = files.find((f) => f.startsWith('shiki/'))!;
    rmSync(join(dir, grammar));
    const remade = await toPlace();
    expect(statSync(join(remade.dir, grammar)).isFile()).toBe(true);

    // A record naming a file outside the folder is not trusted (nothing outside is ever placed).
    const record = join(remade.dir, '.made.json');
    const made = JSON.parse(readSealed(record)!.toString('utf8')) as Record<string, [number, number]>;
    const secret = join(work, 'secret.txt');
    writeFileSync(secret, 'private');
    const stat = statSync(secret);
    const outside = relative(remade.dir, secret);
    expect(outside.startsWith('..')).toBe(true);
    writeSealed(record, JSON.stringify({ ...made, [outside]: [stat.size, stat.mtimeMs] }));
    expect(checkedFiles(remade.dir)).toBeUndefined();
    const fresh = await toPlace();
    expect(fresh.files).not.toContain(outside);
    expect(fresh.files).toHaveLength(Object.keys(made).length);

    // A record not as sealed, that does not parse, or that names itself, is no record: the folder is not placed as it is.
    const freshRecord = join(fresh.dir, '.made.json');
    const kept = readSealed(freshRecord)!.toString('utf8');
    writeFileSync(freshRecord, kept);
    expect(checkedFiles(fresh.dir)).toBeUndefined();
    writeSealed(freshRecord, kept.slice(0, 100));
    expect(checkedFiles(fresh.dir)).toBeUndefined();
    // Naming itself with its very stamp (its size in its own text, its time set after): still refused.
    const at = new Date(Date.UTC(2022, 0, 1));
    const withSize = (size: number) => JSON.stringify({ ...(JSON.parse(kept) as object), '.made.json': [size, at.getTime()] });
    const sealedSize = (text: string) => SEAL_BYTES + Buffer.byteLength(text);
    let text = withSize(0);
    while (sealedSize(withSize(sealedSize(text))) !== sealedSize(text)) text = withSize(sealedSize(text));
    text = withSize(sealedSize(text));
    writeSealed(freshRecord, text);
    utimesSync(freshRecord, at, at);
    expect(statSync(freshRecord).size).toBe(sealedSize(text));
    expect(checkedFiles(fresh.dir)).toBeUndefined();
    writeSealed(freshRecord, kept);
    expect(checkedFiles(fresh.dir)).toHaveLength(Object.keys(made).length);
    expect(checkedFiles(fresh.dir)).not.toContain('.made.json');
  }, 60_000);
});
