// A key given twice in one mapping is refused at the second, naming the line of the first: in nested
// and flow mappings too. Keys of different mappings (items of a list) may repeat.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMarkdownFile } from '../../src/content/read-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'yaml-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const read = (front: string) => {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(path, `---\n${front}---\nText\n`);
  return readMarkdownFile(path, 'content/en/x.md');
};

describe('a key given twice', () => {
  it('in a nested mapping: at the second, with the first one\'s line', () => {
    expect(() => read('title: A\nhours:\n  opens: "08:00"\n  closes: "17:00"\n  opens: "09:00"\n')).toThrow(/x\.md:6:3 {2}is not valid YAML\n {2}"opens" is given twice \(first on line 4\): keep one/);
  });

  it('in a flow mapping, and a number key', () => {
    expect(() => read('title: A\nplace: {city: Miami, city: Hialeah}\n')).toThrow(/x\.md:3:22 .*\n {2}"city" is given twice \(first on line 3\)/);
    expect(() => read('title: A\n7: a\n7: b\n')).toThrow(/"7" is given twice \(first on line 3\)/);
  });

  it('a number and a text that read alike are one key (the data names both "1"); the same key in two items of a list is no repeat', () => {
    expect(() => read('title: A\n1: a\n"1": b\n')).toThrow(/x\.md:4:1 .*\n {2}"1" is given twice \(first on line 3\)/);
    expect(() => read('title: A\ntrue: a\n"true": b\n')).toThrow(/"true" is given twice/);
    expect(read('title: A\nitems:\n  - name: a\n  - name: b\n').data).toEqual({ title: 'A', items: [{ name: 'a' }, { name: 'b' }] });
  });
});

describe('a list or mapping written as a key', () => {
  it('is refused where it is written (two of them would read as one text and be merged)', () => {
    expect(() => read('title: A\n[a, b]: 1\n[a, b]: 2\n')).toThrow(/x\.md:3:1 {2}is not valid YAML\n {2}a list or mapping is written as a key here: a key is a plain name before ":"/);
    expect(() => read('title: A\nhours:\n  {x: 1}: 3\n')).toThrow(/x\.md:4:3 {2}is not valid YAML\n {2}a list or mapping is written as a key/);
  });
});
