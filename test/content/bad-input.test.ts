// Every kind of content mistake gets a message naming the file, the line, the key and what was
// expected: these tests pin the exact messages a content editor reads.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.ts';
import { BuildFailure } from '../../src/problems/problem.ts';
import { loadSite } from '../../src/pipeline/load-site.ts';
import { siteAndContent } from '../helpers/content.ts';
import { SITE, sandbox, type Sandbox } from '../helpers/fixtures.ts';

let site: Sandbox;
beforeEach(async () => {
  site = await sandbox();
});
afterEach(async () => {
  await site.cleanup();
});

/** The 1-based line of a content file on which some text starts (so a line added above it needs no test edit). */
async function lineOf(rel: string, text: string): Promise<number> {
  const source = await readFile(join(site.content, rel), 'utf8');
  return source.slice(0, source.indexOf(text)).split('\n').length;
}

/** The formatted errors of loading the sandbox's content, or a failure if it loads. */
async function errorsOf(): Promise<string[]> {
  try {
    await loadContent(await loadSite(SITE), site.content, { shownDir: 'content' });
  } catch (error) {
    expect(error).toBeInstanceOf(BuildFailure);
    return (error as BuildFailure).problems.map((e) => e.format());
  }
  throw new Error('expected the content to be rejected');
}

describe('malformed files', () => {
  it('points at the line and column of broken YAML with the parser\'s reason', async () => {
    await site.edit('en/ui.yaml', (t) => t.replace('skipToContent: ', 'skipToContent: [oops\n'));
    expect(await errorsOf()).toEqual([
      `content/en/ui.yaml:${await lineOf('en/ui.yaml', 'skipToContent: [oops') + 1}:1  is not valid YAML\n  Flow sequence in block collection must be sufficiently indented and end with a ]`,
    ]);
  });

  it('points at the line a key was indented too far on, not at the line above it', async () => {
    await site.edit('es/ui.yaml', (t) => t.replace(/^  insurance: (.*)$/m, '   insurance: $1'));
    const line = (await import('node:fs')).readFileSync(`${site.content}/es/ui.yaml`, 'utf8').split('\n').findIndex((l) => l.startsWith('   insurance:')) + 1;
    expect(await errorsOf()).toEqual([
      `content/es/ui.yaml:${line}:4  is not valid YAML\n  indented more than the line above: keys of one mapping line up (or the line above is missing a ":")`,
    ]);
  });

  it('counts the front matter\'s lines from the top of a Markdown file', async () => {
    await site.edit('es/services/vaccines.md', (t) => t.replace('name: ', 'name: : :\n  - x: [\n'));
    expect(await errorsOf()).toEqual([
      'content/es/services/vaccines.md:2:7  is not valid YAML\n  a value with a colon in it, then a space or the end of the line, must be in quotes: write it as "…"',
    ]);
  });

  it('says what to do for the mistakes of hand-written YAML, at the line to fix', async () => {
    const told = async (rel: string, change: (text: string) => string) => {
      const before = await readFile(join(site.content, rel), 'utf8');
      await site.edit(rel, change);
      const errors = await errorsOf();
      await site.edit(rel, () => before);
      return errors;
    };
    // A quote never closed: where it opens, not at the end of the file the parser reached.
    expect(await told('es/ui.yaml', (t) => t.replace(/^skipToContent: (.*)$/m, 'skipToContent: "$1'))).toEqual([
      `content/es/ui.yaml:${await lineOf('es/ui.yaml', 'skipToContent:')}:16  is not valid YAML\n  the text opened with " here is never closed: end it with " on the same line (the rest of the file was read as part of it)`,
    ]);
    // A colon and a space in a value.
    expect(await told('en/ui.yaml', (t) => t.replace(/^skipToContent: (.*)$/m, 'skipToContent: Note: $1'))).toEqual([
      `content/en/ui.yaml:${await lineOf('en/ui.yaml', 'skipToContent:')}:16  is not valid YAML\n  a value with a colon in it, then a space or the end of the line, must be in quotes: write it as "…"`,
    ]);
    // A quote inside quoted text, in each kind of quotes: at the quote that ends it early.
    const line = await lineOf('en/ui.yaml', 'skipToContent:');
    expect(await told('en/ui.yaml', (t) => t.replace(/^skipToContent: .*$/m, "skipToContent: 'Patient's guide'"))).toEqual([
      `content/en/ui.yaml:${line}:24  is not valid YAML\n  the text in ' quotes ends at the ' here: write a ' inside it twice ('Anna''s notes'), or put the text in " quotes instead`,
    ]);
    expect(await told('en/ui.yaml', (t) => t.replace(/^skipToContent: .*$/m, 'skipToContent: "The "best" clinic"'))).toEqual([
      `content/en/ui.yaml:${line}:21  is not valid YAML\n  the text in " quotes ends at the " here: write a " inside it as \\" ("The \\"best\\" day"), or put the text in ' quotes instead`,
    ]);
    // A key twice: named, with the line of the first.
    const key = await lineOf('en/ui.yaml', 'skipToContent:');
    expect(await told('en/ui.yaml', (t) => t.replace(/^(skipToContent: .*)$/m, '$1\n$1'))).toEqual([
      `content/en/ui.yaml:${key + 1}:1  is not valid YAML\n  "skipToContent" is given twice (first on line ${key}): keep one`,
    ]);
    // A tab to indent.
    expect(await told('es/ui.yaml', (t) => t.replace(/^  insurance: /m, '\tinsurance: '))).toEqual([
      expect.stringMatching(/^content\/es\/ui\.yaml:\d+:1  is not valid YAML\n  Tabs are not allowed as indentation: indent with spaces$/),
    ]);
  });
});

describe('a README among the content', () => {
  it('in a folder whose collection lists its entries, says the name must be added to the list too', async () => {
    await writeFile(join(site.content, 'en/legal/README.md'), '# Legal pages\n\nHow we keep them.\n');
    const { warnings } = await loadContent(await loadSite(SITE), site.content, { shownDir: 'content' });
    expect(warnings.map((w) => `${w.file}: ${w.message}`)).toContain("content/en/legal/README.md: is read as a note for the team, not a page, and not published; to publish it, rename it (overview.md) and add that name to its collection's list of entries (ids) in the site definition");
  });
});

describe('fields that do not match the schema', () => {
  it('names a missing field, its locale and the locale that has it', async () => {
    await site.edit('es/services/vaccines.md', (t) => t.replace(/^name: .*\n/m, ''));
    expect(await errorsOf()).toEqual([
      'content/es/services/vaccines.md:2:1  service "vaccines" (es) does not match its schema\n' +
        '  name: required, missing (present in content/en/services/vaccines.md)',
    ]);
  });

  it('says what was expected and what was found for a mistyped field', async () => {
    await site.edit('site.yaml', (t) => t.replace('foundedYear: 2018', 'foundedYear: "since 2018"'));
    expect(await errorsOf()).toEqual([
      `content/site.yaml:${await lineOf('site.yaml', 'foundedYear')}:14  the site configuration does not match its schema\n  foundedYear: expected number, found "since 2018"`,
    ]);
  });

  it('suggests the key a misspelt one was meant to be', async () => {
    await site.edit('en/services/vaccines.md', (t) => t.replace('imageAlt:', 'imageAtl: x\nimageAlt:'));
    expect(await errorsOf()).toEqual([
      // At the unknown key's own line (7), not where its mapping starts.
      'content/en/services/vaccines.md:7:11  service "vaccines" (en) does not match its schema\n  imageAtl: unknown key (did you mean "imageAlt"?)',
    ]);
  });

  it('says what an entry\'s own address (slug) needs, where its collection does not read one', async () => {
    await site.edit('en/services/vaccines.md', (t) => t.replace('imageAlt:', 'slug: shots\nimageAlt:'));
    expect(await errorsOf()).toEqual([
      `content/en/services/vaccines.md:${await lineOf('en/services/vaccines.md', 'slug:')}:7  service "vaccines" (en) does not match its schema\n  slug: unknown key: an entry's own address is read only when its collection has localizedSlugs: true in the site definition; without it, the address is the file's name`,
    ]);
  });

  it('collects the mistakes of several files in one report', async () => {
    await site.edit('site.yaml', (t) => t.replace('foundedYear: 2018', 'foundedYear: "since 2018"'));
    await site.edit('reviews.yaml', (t) => t.replace('rating: 5', 'rating: 6'));
    const errors = await errorsOf();
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^content\/reviews\.yaml:\d+:\d+  the reviews do not match their schema\n  \[0\]\.rating: must be 1 to 5 stars, found number 6$/);
    expect(errors[1]).toMatch(new RegExp(`^content/site\\.yaml:${await lineOf('site.yaml', 'foundedYear')}:14 `));
  });
});

describe('the two locales must match', () => {
  it('names both files when a page exists in one locale only', async () => {
    await site.remove('es/pages/about.yaml');
    expect(await errorsOf()).toEqual([
      'content/es/pages/about.yaml  is missing (es)\n  required, missing; present in content/en/pages/about.yaml',
    ]);
  });

  it('names the key a translation lacks and where it is present', async () => {
    await site.edit('es/pages/home.yaml', (t) => t.replace(/^  eyebrow: .*\n/m, ''));
    expect(await errorsOf()).toEqual([
      'content/es/pages/home.yaml:7:3  page "home" (es) does not match its schema\n' +
        '  hero.eyebrow: required, missing (present in content/en/pages/home.yaml)',
    ]);
  });

  it('names a word in braces that a translation changed, which the site would show raw', async () => {
    await site.edit('es/ui.yaml', (t) => t.replace('name: "Consultorio de {city}"', 'name: "Consultorio de {ciudad}"'));
    expect(await errorsOf()).toEqual([
      `content/es/ui.yaml:${await lineOf('es/ui.yaml', '"Consultorio de {ciudad}"')}:9  changes a word in braces that the site fills in\n  location.name: lacks {city} and has {ciudad}, which the site does not fill in; content/en/ui.yaml has {city}: keep the words in braces exactly as they are, in every language`,
    ]);
  });

  it('notices a list item (an FAQ) that only one locale has', async () => {
    await site.edit('en/services/vaccines.md', (t) => t.replace(/^faqs:\n/m, 'faqs:\n  - q: Is this an extra question?\n    a: Yes, only in English.\n'));
    const [error] = await errorsOf();
    expect(error).toMatch(/^content\/es\/services\/vaccines\.md:\d+:\d+  lacks content its en version has \(es\)\n  faqs\[4\]: missing, present in content\/en\/services\/vaccines\.md$/);
  });

  it('rejects a locale folder the site does not have', async () => {
    await mkdir(join(site.content, 'fr'));
    await site.write('fr/ui.yaml', 'a: 1\n');
    expect(await errorsOf()).toEqual(['content/fr/  is not part of the site\n  unknown locale folder "fr"; expected one of en, es']);
  });
});

describe('services', () => {
  it('refuses a service written in one language only, naming the file the other language lacks', async () => {
    await site.write('en/services/acupuncture.md', (await readFile(join(site.content, 'en/services/vaccines.md'), 'utf8')).replace('name: Vaccines', 'name: Acupuncture'));
    expect((await errorsOf()).filter((e) => e.includes('acupuncture'))[0]).toMatch(/^content\/es\/services\/acupuncture\.md {2}is missing \(es\)\n {2}required, missing; present in content\/en\/services\/acupuncture\.md/);
  });

  it('refuses a fact both languages share when they disagree, naming the line and both values', async () => {
    await site.edit('es/services/vaccines.md', (t) => t.replace(/^order: 4$/m, 'order: 5'));
    expect(await errorsOf()).toEqual([
      `content/es/services/vaccines.md:${await lineOf('es/services/vaccines.md', 'order: 5')}:8  differs from its en version in a fact they share (es)\n  order: 5 here, 4 in content/en/services/vaccines.md: it is the same in every language, so change it in both (the editor copies it when you save)`,
    ]);
  });
});

describe('files that are not content', () => {
  it('leaves out the temporary files editors write beside a file being saved', async () => {
    await site.write('en/pages/about.yaml.tmp', 'half: [written');
    await site.write('en/pages/about.yaml~', 'title: old');
    expect(await loadContent(await loadSite(SITE), site.content, { shownDir: 'content' })).toBeTruthy();
  });
});
