// The quick YAML parse (src/content/read-file.ts, parseQuickly): js-yaml reads plain content ~9x
// faster than the yaml package, so a load uses it wherever the two read a text alike, and the yaml
// package everywhere else. What a reader relies on: the same data from either, for every content file
// here and for texts chosen to tell them apart; and the texts where they could differ left to the yaml
// package, which refuses anchors and aliases and points at a problem's line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseQuickly } from '../../src/content/quick-yaml.ts';
import { parseSource } from '../../src/content/read-file.ts';
import { ProblemError } from '../../src/problems/problem.ts';
import { ROOT } from '../helpers/fixtures.ts';

/** What the yaml package reads, as the load read every text before: the data, or that it refuses it. */
function slowly(text: string): { data: unknown } | 'refused' {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, schema: 'core' });
  if (doc.errors.length) return 'refused';
  return { data: doc.toJS({ maxAliasCount: -1 }) as unknown };
}

/** Where the two readings differ: a quick reading must be the slow one's data, never a text the slow one refuses. */
function disagreement(text: string): string | undefined {
  const quick = parseQuickly(text);
  if (quick === undefined) return undefined;
  const slow = slowly(text);
  if (slow === 'refused') return `read quickly as ${JSON.stringify(quick)}, refused by the yaml package`;
  return isDeepStrictEqual(quick, slow.data) ? undefined : `quick ${JSON.stringify(quick)} (${String(quick)}) against ${JSON.stringify(slow.data)}`;
}

/** Every YAML text of a content folder: .yaml files whole, and each Markdown file's front matter. */
function yamlTexts(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|ya?ml)$/.test(e.name))
    .flatMap((e) => {
      const file = join(e.parentPath, e.name);
      const text = readFileSync(file, 'utf8');
      if (!file.endsWith('.md')) return [{ file, text }];
      const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
      return front ? [{ file, text: front[1]! }] : [];
    });
}

describe('the quick YAML parse', () => {
  it("reads every content file of the site, the starter and the fixtures as the yaml package does, and most of them quickly", () => {
    const texts = ['content', 'starter/content', 'test/fixtures'].flatMap((dir) => yamlTexts(join(ROOT, dir)));
    expect(texts.length).toBeGreaterThan(100);
    const differing = texts.map(({ file, text }) => [file, disagreement(text)]).filter(([, why]) => why);
    expect(differing).toEqual([]);
    // The gain is in being used: the site's own files are plain YAML, and nearly all are read quickly.
    const site = yamlTexts(join(ROOT, 'content'));
    const quick = site.filter(({ text }) => parseQuickly(text) !== undefined);
    expect(quick.length / site.length).toBeGreaterThan(0.8);
  });

  it('resolves plain scalars as the YAML 1.2 core schema does, not as YAML 1.1 or js-yaml’s own schema', () => {
    const cases: [string, unknown][] = [
      ['0o17', 15], ['017', 17], ['0x1F', 31], ['+12', 12], ['-7', -7], ['-0', -0], ['12345678901234567890', 12345678901234567000],
      ['0b101', '0b101'], ['1_000', '1_000'], ['-0x1F', '-0x1F'], ['+0o7', '+0o7'], ['1:30', '1:30'],
      ['.5', 0.5], ['1.', 1], ['-2.50', -2.5], ['1e3', 1000], ['1.5E-2', 0.015], ['.inf', Infinity], ['-.Inf', -Infinity], ['.NaN', NaN], ['1_000.5', '1_000.5'], ['e3', 'e3'],
      ['true', true], ['False', false], ['TRUE', true], ['tRUE', 'tRUE'], ['yes', 'yes'], ['on', 'on'], ['n', 'n'],
      ['~', null], ['null', null], ['Null', null], ['NULL', null], ['nUll', 'nUll'], ['', null],
      ['truex', 'truex'], ['xtrue', 'xtrue'], ['.12e3', 120], ['-1.5e3', -1500], ['12e3', 12000], ['1.25e3', 1250], ['1e12', 1e12], ['.25', 0.25], ['12.5', 12.5],
      ['2025-11-01', '2025-11-01'], ['2025-11-01T10:00:00Z', '2025-11-01T10:00:00Z'], ['"12"', '12'], ["'true'", 'true'],
    ];
    let quick = 0;
    for (const [written, value] of cases) {
      const text = `value: ${written}\n`;
      expect(disagreement(text), written).toBeUndefined();
      const { data } = parseSource(text, 'x.yaml', 'content/x.yaml');
      expect(Object.is((data as { value: unknown }).value, value), written).toBe(true);
      if (parseQuickly(text) !== undefined) quick++;
    }
    expect(quick).toBeGreaterThan(cases.length - 5);
  });

  it('reads the shapes content is written in quickly, and as the yaml package does', () => {
    const texts = [
      'name: Flu Shots\norder: 3\nlisted: true\nrelated: [primary-care, telemedicine, lab-bloodwork]\n',
      'description: >-\n  A yearly checkup that reviews your health.\n  Most take 30–45 minutes.\nimageAlt: Illustration of a calendar\n',
      'faqs:\n  - q: How long does it take?\n    a: >-\n      About 30 minutes.\n      Arrive early.\n  - q: "Do I need an ID?"\n    a: \'Yes: your photo ID and your insurance card.\'\n',
      'hours:\n  - days: [Mo, Tu, We, Th, Fr]\n    opens: "08:00"\n    closes: "18:00"\n',
      'body: |\n  ## Heading\n\n  Text with **bold** and a [link](/about).\n# a comment\nempty:\nlist: []\nmap: {}\n',
      'title: "Estimado de buena fe"\nsubtitle: Su derecho a saber cuánto costará su atención\nurl: https://example.com/a?b=c#d\n',
      'a: 1\r\nb:\r\n  - x\r\n  - y\r\n',
      '- a\n- b: 1\n  c: 2\n',
      '__proto__: polluted\nconstructor: c\ntoString: t\n',
    ];
    for (const text of texts) {
      expect(parseQuickly(text), JSON.stringify(text)).toBeDefined();
      expect(disagreement(text), JSON.stringify(text)).toBeUndefined();
    }
    const proto = parseQuickly(texts.at(-1)!) as Record<string, unknown>;
    expect(Object.keys(proto)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('reads strings, lists and nesting alike: block scalars, folding, quotes, escapes, comments, line endings', () => {
    const texts = [
      'a: |\n  one\n  two\n\n',
      'a: |-\n  one\n  two\n',
      'a: |+\n  one\n\n\nb: 1\n',
      'a: >\n  folded\n  text\n\n  new paragraph\n',
      'a: >-\n    more indented\n  less\n',
      'a: |2\n    two spaces kept\n',
      'a: plain text\n  that goes on\n  over lines\n',
      'a: "double \\"quoted\\" \\x41 \\u00e9 \\U0001F600 \\t tab \\n line \\\\"\n',
      "a: 'single ''quoted'' text\n  folded'\n",
      'a: "folded\n  double\n\n  quoted"\n',
      'a: text # a comment\n# a line comment\nb: "# not a comment"\n',
      'a: 1\r\nb:\r\n  - x\r\n  - y\r\n',
      'list:\n  - one\n  - two: 2\n    three: 3\n  - - nested\n    - list\n',
      'a: [1, two, "three", 4.5, true, ~]\nb: [[1, 2], [3]]\nc: []\n',
      '- a\n- b\n',
      'just a string\n',
      '"a quoted document"\n',
      '---\na: 1\n...\n',
      '',
      '# only a comment\n',
      '1: a\ntrue: b\n1.0: c\n0x10: d\n.inf: e\n"": f\n',
      '__proto__: polluted\nconstructor: c\ntoString: t\nhasOwnProperty: h\n',
      'a: "é ñ ü 中文 🚑"\nb: ¿Dónde? ¡Aquí!\n',
      'url: https://example.com/a?b=c#d\ntime: 9:00 AM – 5:00 PM\nemail: a@b.co\n',
      'a: 50 % off & more * stars\nb: {hours} daily\n',
      'a:\n  b:\n    c:\n      d: deep\n',
      'a: x\n\n\n\nb: y\n',
      'key with spaces: value\n"quoted key": v\n\'single key\': w\n',
      'a: trailing spaces   \nb: 1  \n',
    ];
    for (const text of texts) expect(disagreement(text), JSON.stringify(text)).toBeUndefined();
  });

  it('leaves to the yaml package what it alone reads as content expects: anchors, aliases, tags, odd keys, duplicates, errors', () => {
    const texts = [
      'a: &x 1\nb: *x\n', 'a: !!str 1\n', 'a: !!binary aGVsbG8=\n', 'a: !custom x\n', '%YAML 1.2\n---\na: 1\n',
      '? complex\n: key\n', '[a, b]: c\n', '{a: 1}: c\n', 'a: {b: 1}\n', '~: x\n', 'null: x\n', ': x\n',
      'a: 1\na: 2\n', '1: a\n"1": b\n', 'a:\n\t- tab\n', `${'k'.repeat(1100)}: v\n`,
      'a: b: c\n', 'a: "unclosed\n', '- a\nb: c\n', 'a:\n  - b\n  c: d\n', '---\na: 1\n---\nb: 2\n',
      // Found by an attacker's pass, where js-yaml reads otherwise or takes what the yaml package refuses:
      'list:\n  - title: a\n    tags:\n      -\n  - title: b\n', '- - \n- x\n', '- k:\n  -\n- y\n',
      'title: "Hello\nworld"\n', "title: 'Hello\nworld'\n", 'tags: [a,\nb]\n', 'a: "b"#c\n', 'a: [x]#c\n', 'c: [#c\n  b]\n', "- ': '#c\n",
      'body: |\n    \n  # Heading\n', '--- title: x\n', '---title: x\n', 'a: 1\rb: 2\n', 'a: "\\U00110000"\n', 'a:\n#c\n  x\nb: 1\n', '- a:\n#c\n    x\n- b\n',
      'a: |+\n  x\n  ', 'a: |2\n   x\n   \n', 'a: "x\ry"\n', '\n\ufeff null\n', '[:[]]\n', '[[a]:b]\n', 'a: "x\\\n\n y"\n', 'a: !\n  1\n', '|2\n  1\n',
      'a: |\n      x\n   y\n',
      // A line as deep as an item's key ends the key's block scalar: it is read for its shape.
      '- a: |\n  ? x\n',
      // A document that is one value, not a mapping or a list: content has none.
      'just a string\n',
    ];
    for (const text of texts) expect(parseQuickly(text), JSON.stringify(text)).toBeUndefined();
    // And the load still says what it says of them: an alias is refused at its line.
    expect(() => parseSource('a: &x 1\nb: *x\n', 'x.yaml', 'content/x.yaml')).toThrow(ProblemError);
    expect(parseSource('a: !!str 1\n', 'x.yaml', 'content/x.yaml').data).toEqual({ a: '1' });
  });

  it('reads a Markdown file with Windows line ends as the same file with Unix ones, its last front matter line too', () => {
    const unix = '---\ntitle: Flu shots\nillustration: vaccines\n---\n## Body\n\nText.\n';
    const windows = unix.replace(/\n/g, '\r\n');
    const [a, b] = [unix, windows].map((text) => parseSource(text, 'flu.md', 'content/en/services/flu.md'));
    expect(b!.data).toEqual({ title: 'Flu shots', illustration: 'vaccines' });
    expect(b!.data).toEqual(a!.data);
    expect(b!.body!.replace(/\r/g, '')).toBe(a!.body);
  });

  it('costs time in proportion to a text, whatever it holds: no line of it is scanned again and again', () => {
    // Texts of ~1 MB (the content size limit) that made an earlier gate's patterns backtrack: minutes,
    // against milliseconds to read as much. Each must take well under a second.
    const hostile = [' '.repeat(1_000_000) + 'x', `-${' '.repeat(1_000_000)}x`, `${' '.repeat(998)}x\n`.repeat(1000), `${'\r'.repeat(998)}\n`.repeat(1000), `a: ${'b '.repeat(500_000)}\n`, `k: [${'a, '.repeat(300_000)}\n`];
    for (const text of hostile) {
      const started = performance.now();
      parseQuickly(text);
      expect(performance.now() - started, JSON.stringify(text.slice(0, 12))).toBeLessThan(1000);
    }
  });

  it('agrees with the yaml package on 3,000 texts made at random from odd pieces', () => {
    let seed = 20261126;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T,>(list: readonly T[]) => list[random(list.length)]!;
    const scalars = ['a', 'two words', '1', '-1', '0o7', '0x1f', '0b1', '1_0', '1.5', '.5', '1e2', '.inf', '.nan', 'true', 'yes', 'No', '~', 'null', '', '"q"', "'s'", '"a\\nb"', 'a # c', 'a#b', 'x: y', '- z', '50%', 'a, b', '[1, 2]', '[]', '{}', '{hours}', 'é', '2025-01-01', '12:30', '"', "'", '|', '>', '@at', '`tick', '*star', '&amp', '!bang', '?q', ': c', '-', '--- x', '... y'];
    const keys = ['a', 'b', 'key', '1', 'true', '"q k"', 'name', '__proto__', 'a b', 'x-y', '~', '-', '?'];
    const node = (depth: number, indent: string): string => {
      const kind = depth > 2 ? 0 : random(5);
      if (kind === 0) return ` ${pick(scalars)}\n`;
      if (kind === 1) return ` |${pick(['', '-', '+'])}\n${indent}  ${pick(scalars)}\n${indent}  ${pick(scalars)}\n`;
      if (kind === 2) return `\n${Array.from({ length: 1 + random(3) }, () => `${indent}  -${node(depth + 1, `${indent}  `)}`).join('')}`;
      return `\n${Array.from({ length: 1 + random(3) }, () => `${indent}  ${pick(keys)}:${node(depth + 1, `${indent}  `)}`).join('')}`;
    };
    const differing: string[] = [];
    let quick = 0;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: 1 + random(4) }, () => `${pick(keys)}:${node(0, '')}`).join('');
      if (parseQuickly(text) !== undefined) quick++;
      const why = disagreement(text);
      if (why) differing.push(`${JSON.stringify(text)}: ${why}`);
    }
    expect(differing.slice(0, 5)).toEqual([]);
    // The pieces are chosen to be odd, yet many texts are still plain enough to be read quickly: the comparison is real.
    expect(quick).toBeGreaterThan(250);
  });
});
