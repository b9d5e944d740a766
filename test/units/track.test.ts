// What dev compares after an edit: the key paths two versions of a file's data differ at, and which
// reads they touch. A key added or removed changes the mapping as a whole.
import { describe, expect, it } from 'vitest';
import { affectedBy, changedPaths, recordReads, tracked } from '../../src/content/track.ts';

const path = (...keys: string[]) => keys.join('\0');

describe('changed paths', () => {
  it('are none for equal data, and the key for a changed value', () => {
    expect(changedPaths('f', { a: 1, b: { c: 2 } }, { a: 1, b: { c: 2 } })).toEqual([]);
    expect(changedPaths('f', { a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 } })).toEqual([path('f', 'b', 'c')]);
  });

  it('are the whole mapping when a key was added or removed, and the whole list when it grew', () => {
    expect(changedPaths('f', { a: 1 }, { a: 1, b: 2 })).toEqual(['f']);
    expect(changedPaths('f', { a: 1, b: 2 }, { a: 1 })).toEqual(['f']);
    expect(changedPaths('f', { a: 1, b: 2 }, { a: 1, c: 2 })).toEqual(['f']);
    expect(changedPaths('f', { l: [1, 2] }, { l: [1, 2, 3] })).toEqual([path('f', 'l')]);
    expect(changedPaths('f', { l: [1] }, { l: { 0: 1 } })).toEqual([path('f', 'l')]);
    expect(changedPaths('f', undefined, { a: 1 })).toEqual(['f']);
  });
});

describe('affected reads', () => {
  it('overlap a change above, at or below them, and nothing beside them', () => {
    expect(affectedBy([path('f', 'a', 'b')], [path('f', 'a')])).toBe(true);
    expect(affectedBy([path('f', 'a')], [path('f', 'a', 'b')])).toBe(true);
    expect(affectedBy([path('f', 'a')], [path('f', 'a')])).toBe(true);
    expect(affectedBy([path('f', 'ab')], [path('f', 'a')])).toBe(false);
    expect(affectedBy([path('g', 'a')], [path('f', 'a')])).toBe(false);
  });
});

describe('recorded reads', () => {
  it('note each value read, a list read as a whole, and keys asked for', () => {
    const data = tracked({ a: { b: 1 }, list: [1, 2], c: 3 }, 'f');
    const { result, reads } = recordReads(() => [data.a.b, data.list.length, 'c' in data].join());
    expect(result).toBe('1,2,true');
    expect([...reads].sort()).toEqual([path('f', 'a', 'b'), path('f', 'c'), path('f', 'list')].sort());
  });

  it('leave a Date as it is (its methods work) and record it as one value', () => {
    const data = tracked({ published: new Date('2026-11-25T00:00:00Z'), tags: ['a'] }, 'f');
    const { result, reads } = recordReads(() => `${data.published.toISOString()} ${data.published.getUTCFullYear()}`);
    expect(result).toBe('2026-11-25T00:00:00.000Z 2026');
    expect([...reads]).toEqual([path('f', 'published')]);
  });

  it('note nothing outside a recording', () => {
    const data = tracked({ a: 1 }, 'f');
    const { reads } = recordReads(() => undefined);
    expect(data.a).toBe(1);
    expect([...reads]).toEqual([]);
  });
});
