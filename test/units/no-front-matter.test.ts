// Markdown from elsewhere (a docs corpus, another generator) often has no front matter: it is an entry
// with empty front matter, titled by its first level-1 heading when it opens with one (the heading
// leaves the body; later lines keep their numbers). "---js" is still refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { readMarkdownFile } from '../../src/content/read-file.ts';
import { validate } from '../../src/content/validate.ts';

const dir = mkdtempSync(join(tmpdir(), 'no-front-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const read = (text: string) => {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(path, text);
  return readMarkdownFile(path, 'content/en/pages/x.md');
};

describe('a Markdown file without front matter', () => {
  it('is titled by its first heading, which leaves the body with its line kept blank', () => {
    const parsed = read('# tar\n\nArchiving utility.\n');
    expect(parsed.data).toEqual({ title: 'tar' });
    expect(parsed.body).toBe('\n\nArchiving utility.\n');
    expect(parsed.body!.split('\n').indexOf('Archiving utility.') + (parsed.bodyLine ?? 1)).toBe(3);
  });

  it('after blank lines, with closing hashes, or with Windows line ends', () => {
    expect(read('\n\n#   mkfs.ext4   ##\r\nText\r\n').data).toEqual({ title: 'mkfs.ext4' });
    // Closing hashes only after a space; a heading of hashes is its own title.
    expect([read('# C#\n').data, read('# ##\n').data, read('# a # b #  \n').data]).toEqual([{ title: 'C#' }, { title: '##' }, { title: 'a # b' }]);
    expect(read('# [\r\n\r\nTest a condition.').data).toEqual({ title: '[' });
  });

  it('has empty front matter when it opens with text or a smaller heading', () => {
    expect(read('Some text.\n# Later\n')).toMatchObject({ data: {}, body: 'Some text.\n# Later\n', bodyLine: 1 });
    expect(read('## Options\n').data).toEqual({});
    expect(read('').data).toEqual({});
  });

  it('front matter in another language is still refused, never run', () => {
    expect(() => read('---js\n{ title: require("fs") }\n---\n')).toThrow(/front matter that is not YAML/);
    // Hugo's TOML: refused at its first line, with how to write it, never published as text.
    expect(() => read('+++\ntitle = "A Hugo post"\n+++\nBody\n')).toThrow(/has front matter that is not YAML[\s\S]*"\+\+\+" starts TOML/);
  });

  it('empty front matter is none; a rule of four dashes is no front matter; one never closed is told', () => {
    expect(read('---\n---\nBody\n')).toMatchObject({ data: {}, body: 'Body\n' });
    expect(read('---\n\n---\n# Title\n').data).toEqual({});
    expect(read('---\n# only a comment\n---\nBody\n').data).toEqual({});
    expect(read('----\nText\n').data).toEqual({});
    expect(() => read('---\ntitle: Open\n\nBody text, and no closing line.\n')).toThrow(/has front matter that never ends/);
    // Below a blank line or indented, it would be published as text: told at its line.
    expect(() => read('\n---\ntitle: Hidden\n---\nBody\n')).toThrow(/does not start the file[\s\S]*remove them/);
    expect(() => read(' ---\ntitle: Hidden\n---\nBody\n')).toThrow(/does not start the file/);
    // A rule with text around it, in a file without front matter, is text.
    expect(read('Intro\n\n---\n\nMore\n').data).toEqual({});
    expect(read('\n---\nA paragraph between rules.\n---\n').data).toEqual({});
  });
});

describe('a schema a file from elsewhere does not meet', () => {
  const page = z.object({ title: z.string(), description: z.string(), draft: z.boolean().optional() });
  const told = (text: string) => {
    const result = validate(page, read(text), 'page "x" (en) does not match its schema');
    return result.ok ? '' : result.problem.format();
  };

  it('says the file has no front matter and how to write the missing fields there, at its first line', () => {
    expect(told('# Getting Started\n\nText.\n')).toBe('content/en/pages/x.md:1:1  page "x" (en) does not match its schema\n  description: required, missing (expected string)\n  the file has no front matter (its fields, between two "---" lines at its top): start it with "---", then "title: Getting Started", "description: …", one line per field, then "---"');
    expect(told('Text only.\n')).toContain('then "title: …", "description: …", one line per field');
    // In the editor's words, of the file, not of a line of its text.
    const result = validate(page, read('# Getting Started\n'), 't', { name: 'Pages › Getting Started' });
    expect(result.ok ? undefined : result.problem.details.at(-1)!.words).toMatch(/^Pages › Getting Started: the file has no front matter/);
  });

  it('says a heading read as a title is not a field of a page that takes none', () => {
    const service = z.object({ name: z.string() }).strict();
    const result = validate(service, read('# Vaccines\n\nText.\n'), 't');
    expect(result.ok ? [] : result.problem.details.map((d) => d.message)).toEqual([
      'required, missing (expected string)',
      'unknown key',
      'the file has no front matter (its fields, between two "---" lines at its top): start it with "---", then "name: …", one line per field, then "---"; its first heading, read as a title, is not a field of this kind of page and stays in its text once it has front matter',
    ]);
  });

  it('says a heading titles only a file with no front matter', () => {
    expect(told('---\ndescription: A start.\n---\n# Getting Started\n')).toContain('its first heading is its title only in a file with no front matter: with front matter, write "title: …" there');
    expect(told('---\ndescription: A start.\n---\nNo heading.\n')).not.toContain('heading');
    // A wrong value, not a missing one: no hint.
    expect(told('---\ntitle: T\ndescription: D\ndraft: maybe\n---\n')).not.toContain('front matter');
  });
});

describe('front matter whose first "---" has spaces after it', () => {
  it('counts its lines from the top of the file all the same', () => {
    expect(read('---  \ntitle: A\ndescription: B\n---\nText\n').positionOf(['description'])).toEqual({ line: 3, col: 14 });
    expect(() => read('---\t\ntitle: a\ntitle: b\n---\n')).toThrow(/x\.md:3:1 {2}is not valid YAML\n {2}"title" is given twice \(first on line 2\): keep one/);
  });
});
