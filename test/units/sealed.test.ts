// What a cache keeps as a whole file is sealed (src/files/cache.ts): read back only while it is
// exactly what was written. A byte changed, a file cut short, one without a seal (an older cache) or
// one that is not there is a miss, never an error; a file that cannot be written is no error either.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSealed, readSealedJson, SEAL_BYTES, writeSealed } from '../../src/files/cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'sealed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a sealed cache file', () => {
  it('gives back the bytes written, text or binary, into folders it makes', () => {
    const text = join(dir, 'a/b/entry.json');
    expect(writeSealed(text, '{"value":"café"}')).toBe(true);
    expect(readSealed(text)?.toString('utf8')).toBe('{"value":"café"}');
    const binary = join(dir, 'photo.avif.sealed');
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256);
    expect(writeSealed(binary, bytes)).toBe(true);
    expect(Buffer.compare(readSealed(binary)!, Buffer.from(bytes))).toBe(0);
    // An empty payload is a value too.
    writeSealed(join(dir, 'empty'), '');
    expect(readSealed(join(dir, 'empty'))?.length).toBe(0);
    // Written through a temporary file, which is gone once it is renamed into place.
    expect(readdirSync(join(dir, 'a/b'))).toEqual(['entry.json']);
  });

  it('is a miss when a byte changed, when cut short, when it has no seal, and when it is not a file', () => {
    const file = join(dir, 'kept.json');
    writeSealed(file, 'the bundle as it was made');
    const written = readFileSync(file);
    expect(written.length).toBe(SEAL_BYTES + 'the bundle as it was made'.length);
    // One byte of the payload, then one of the seal itself.
    for (const at of [SEAL_BYTES + 4, 3]) {
      const changed = Buffer.from(written);
      changed[at]! ^= 1;
      writeFileSync(file, changed);
      expect(readSealed(file), `byte ${at} changed`).toBeUndefined();
    }
    writeFileSync(file, written);
    expect(readSealed(file)?.toString()).toBe('the bundle as it was made');
    truncateSync(file, written.length - 1);
    expect(readSealed(file)).toBeUndefined();
    truncateSync(file, SEAL_BYTES - 1);
    expect(readSealed(file)).toBeUndefined();
    // A cache written before files were sealed: the same payload, no seal.
    writeFileSync(file, 'the bundle as it was made');
    expect(readSealed(file)).toBeUndefined();
    expect(readSealed(join(dir, 'missing.json'))).toBeUndefined();
    expect(readSealed(dir)).toBeUndefined();
  });

  it('says false, and leaves nothing behind, when it cannot be written', () => {
    // A file where its folder should be (as a disk that is full, it fails as it writes).
    writeFileSync(join(dir, 'not-a-folder'), 'x');
    expect(writeSealed(join(dir, 'not-a-folder/entry.json'), 'data')).toBe(false);
    // A folder where the file should be: the temporary file is written, then cannot be renamed over it.
    const folder = join(dir, 'taken');
    writeSealed(join(folder, 'inside'), 'x');
    expect(writeSealed(folder, 'data')).toBe(false);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a sealed record', () => {
  it('gives back the JSON value written, and none for a file that is missing, not as sealed, or not JSON', () => {
    const file = join(dir, 'record.json');
    writeSealed(file, JSON.stringify({ version: 'abc', n: [1, 2] }));
    expect(readSealedJson(file)).toEqual({ version: 'abc', n: [1, 2] });
    writeSealed(file, '{"version": "abc"');
    expect(readSealedJson(file)).toBeUndefined();
    writeFileSync(file, '{"version":"abc"}');
    expect(readSealedJson(file)).toBeUndefined();
    expect(readSealedJson(join(dir, 'no-record.json'))).toBeUndefined();
  });
});

describe('the compressed twins\' record', () => {
  it('is sealed: read back as written, and not believed once changed by hand', async () => {
    const { pruneCache, readIndex } = await import('../../src/output/compression-cache.ts');
    const cache = join(dir, 'compressed');
    const key = 'a'.repeat(40);
    mkdirSync(cache);
    pruneCache(cache, new Map([[key, { brotli: 1234 }]]));
    expect(readIndex(cache)).toEqual({ [key]: { brotli: 1234 } });
    // A weight edited in the record: the weight is measured again, not taken from it.
    const file = join(cache, 'index.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('1234', '12'));
    expect(readIndex(cache)).toEqual({});
  });
});
