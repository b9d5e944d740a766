// What the office manager reads when a save of hers cannot be published: the file, the entry and the
// field as the editor names them, and what to do, never a key path ("[0].hours") or a word of code
// ("schema", "expected >=1 items"). The names are taken from the editor's own configuration, so a
// label renamed there is renamed here too.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.ts';
import { BuildFailure } from '../../src/problems/problem.ts';
import { loadSite } from '../../src/pipeline/load-site.ts';
import { clinics } from '../helpers/facts.ts';
import { SITE, sandbox, type Sandbox } from '../helpers/fixtures.ts';

let site: Sandbox;
beforeEach(async () => {
  site = await sandbox();
});
afterEach(async () => {
  await site.cleanup();
});

/** Every line in her words of loading the sandbox's content. */
async function wordsOf(): Promise<string[]> {
  try {
    await loadContent(await loadSite(SITE), site.content, { shownDir: 'content' });
  } catch (error) {
    expect(error).toBeInstanceOf(BuildFailure);
    return (error as BuildFailure).problems.flatMap((p) => p.details.map((d) => d.words ?? `(no words) ${d.path}: ${d.message}`));
  }
  throw new Error('expected the content to be rejected');
}

const CODE_WORDS = /\[\d+\]|schema|expected|>=|<=|items|undefined|null|string|number|boolean/;

describe('a mistake in a form, in the editor\'s words', () => {
  it('names a clinic by its city and the field by its label, with what to type', async () => {
    const second = clinics[1]!;
    await site.edit('locations.yaml', (t) => t.replace(`postalCode: "${second.postalCode}"`, `postalCode: "123"\n  hours:\n    - days: []\n      opens: "9:00"\n      closes: "13:00"`));
    const words = await wordsOf();
    expect(words).toEqual([
      `Locations › ${second.city} › ZIP code: must be a ZIP code, like 33155 or 33155-1234; it is "123"`,
      `Locations › ${second.city} › Opening hours › row 1 › Days: choose at least 1`,
      `Locations › ${second.city} › Opening hours › row 1 › Opens at: must be a 24-hour time like "08:00" or "18:30"; it is "9:00"`,
    ]);
    for (const line of words) expect(line).not.toMatch(CODE_WORDS);
  });

  it('names a review by its author and says the rule in its own words', async () => {
    await site.edit('reviews.yaml', (t) => t.replace('rating: 5', 'rating: 7'));
    const [line] = await wordsOf();
    expect(line).toMatch(/^Reviews › \S+ \S\. › Overall rating: must be 1 to 5 stars$/);
  });

  it('names a field of a file kept per language with the file\'s language', async () => {
    await site.edit('es/ui.yaml', (t) => t.replace(/^(\s+)sampleLabel: .*$/m, '$1sampleLabel: ""'));
    const [line] = await wordsOf();
    expect(line).toMatch(/^Buttons, menus and labels \(Spanish\) › .+: must not be empty$/);
  });

  it('names a page\'s field, a list\'s row and a field left empty', async () => {
    await site.edit('en/pages/home.yaml', (t) => t.replace(/^(\s+)eyebrow: .*$/m, '$1eyebrow: ""'));
    const [line] = await wordsOf();
    expect(line).toBe('Pages › Home (English) › Top of the page › Small line above the title: must not be empty');
  });

  it('names a service by its name and says a too-long text\'s limit', async () => {
    await site.edit('es/services/vaccines.md', (t) => t.replace(/^name: .*$/m, `name: "${'Vacunas '.repeat(8)}"`));
    const [line] = await wordsOf();
    expect(line).toMatch(/^Services › (Vacunas ?)+ \(Spanish\) › Name: is too long for where it is shown: at most 40 characters; it has 6\d$/);
  });
});

describe('invisible control characters (pasted from another program)', () => {
  it('are refused in a field and in a Markdown body, at their line, in her words too (tab and line breaks are text)', async () => {
    await site.edit('site.yaml', (t) => t.replace(/^name: (.*)$/m, 'name: "$1\\u000b"'));
    await site.edit('en/services/vaccines.md', (t) => `${t.trimEnd()}\n\nA line\twith a tab.\n\nA line with \u001b[31m an escape.\n`);
    // A noncharacter XML cannot hold (a feed would be ill-formed), and an emoji (a surrogate pair) that it can.
    await site.edit('es/services/vaccines.md', (t) => t.replace(/^name: (.*)$/m, 'name: "$1\\uFFFE 💉"'));
    let problems: string[] = [];
    try {
      await loadContent(await loadSite(SITE), site.content, { shownDir: 'content' });
    } catch (error) {
      problems = (error as BuildFailure).problems.map((p) => `${p.format()}\n${p.details.map((d) => d.words).join('\n')}`);
    }
    const source = await readFile(join(site.content, 'en/services/vaccines.md'), 'utf8');
    const escapeLine = source.split('\n').findIndex((l) => l.includes('\u001b')) + 1;
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^content/en/services/vaccines\\.md:${escapeLine}:1 {2}service "vaccines" \\(en\\) holds text that cannot be shown\\n {2}the text on line ${escapeLine} holds an invisible control character \\(U\\+001B\\)`)),
      expect.stringMatching(/^content\/es\/services\/vaccines\.md:2:\d+ {2}service "vaccines" \(es\) holds text that cannot be shown\n {2}name: holds an invisible control character \(U\+FFFE\)/),
      expect.stringMatching(/^content\/site\.yaml:1:\d+ {2}the site configuration holds text that cannot be shown\n {2}name: holds an invisible control character \(U\+000B\)[^\n]*\nSite › Name: holds an invisible character/),
    ]);
  });
});
