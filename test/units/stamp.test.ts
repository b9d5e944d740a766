// A kept file's stamp (src/files/stamp.ts): its size and modification time, recorded as a cache made
// it and compared before each use. A file resized or touched since is not the one the cache made; a
// record read back from disk is a stamp only when it is exactly two finite numbers.
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStamp, sameStamp, stampOf, unchanged } from '../../src/files/stamp.ts';

const dir = mkdtempSync(join(tmpdir(), 'stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a kept file's stamp", () => {
  it('is the size and time of a regular file, and nothing for what is not one', () => {
    const file = join(dir, 'kept.txt');
    writeFileSync(file, 'twelve bytes');
    const { size, mtimeMs } = statSync(file);
    expect(stampOf(file)).toEqual([size, mtimeMs]);
    expect(size).toBe(12);
    expect(stampOf(join(dir, 'missing.txt'))).toBeUndefined();
    mkdirSync(join(dir, 'folder'));
    expect(stampOf(join(dir, 'folder'))).toBeUndefined();
    // A link is never a file a cache made, even to one that is.
    symlinkSync(file, join(dir, 'link.txt'));
    expect(stampOf(join(dir, 'link.txt'))).toBeUndefined();
  });

  it('tells a file resized, or touched at the same size, from the one recorded', () => {
    const file = join(dir, 'entry.br');
    writeFileSync(file, 'abcdef');
    const made = new Date(Date.UTC(2021, 5, 1)); // a whole second: put back exactly below
    utimesSync(file, made, made);
    const recorded = stampOf(file)!;
    expect(unchanged(file, recorded)).toBe(true);
    // The same size, another time: touched.
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(unchanged(file, recorded)).toBe(false);
    // The time put back, another size: resized.
    writeFileSync(file, 'abcdefg');
    utimesSync(file, made, made);
    expect(stampOf(file)![1]).toBe(recorded[1]);
    expect(unchanged(file, recorded)).toBe(false);
    expect(unchanged(join(dir, 'gone.br'), recorded)).toBe(false);
    expect(sameStamp(undefined, recorded)).toBe(false);
    expect(sameStamp([recorded[0], recorded[1]], recorded)).toBe(true);
  });

  it('read back from a record is exactly two finite numbers', () => {
    expect(isStamp([10, 1700000000000.5])).toBe(true);
    for (const damaged of [[10], [10, 1, 2], ['10', 1], [10, '1'], [Number.NaN, 1], [10, Number.POSITIVE_INFINITY], {}, { 0: 1, 1: 2, length: 2 }, null, '10,1']) {
      expect(isStamp(damaged), JSON.stringify(damaged)).toBe(false);
    }
  });
});
