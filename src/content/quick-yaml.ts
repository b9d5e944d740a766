// The quick YAML parse. The yaml package (read-file.ts) keeps every node's position, which only a
// problem needs, and costs ~0.2 ms a file: most of a cold load (0.4 s of each thread at 4,000 pages).
// js-yaml reads the same text ~9x faster, but not always as the yaml package does: an empty last list
// item swallows the next item, a quoted string over two lines is taken where the yaml package refuses
// it, a block scalar's "+" or indentation indicator keeps other lines. So it reads only the plain YAML
// content is written in, line by line (shapesOk below: one pass, each line against a fixed shape):
// keys that are names, list items, one-line plain or quoted values, [a, b] of plain words, and block
// scalars ("|", "|-", ">", ">-"). Scalars resolve as the yaml package's YAML 1.2 core schema resolves
// them (js-yaml's own core schema reads 0b1 as a number). Any other text, and any text
// js-yaml refuses, is left to the yaml package, which refuses anchors and aliases and gives a problem
// its line. test/units/quick-yaml.test.ts compares the two on every content file here, on texts chosen
// to tell them apart, and on random texts.
import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';

/** The YAML 1.2 core schema's plain scalars, exactly as the yaml package's 'core' schema reads them. */
const CORE = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type('tag:yaml.org,2002:null', { kind: 'scalar', resolve: (text: string | null) => text === null || /^(?:~|[Nn]ull|NULL)?$/.test(text), construct: () => null }),
    new Type('tag:yaml.org,2002:bool', { kind: 'scalar', resolve: (text: string) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text), construct: (text: string) => text[0] === 't' || text[0] === 'T' }),
    new Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (text: string) => /^(?:0o[0-7]+|[-+]?[0-9]+|0x[0-9a-fA-F]+)$/.test(text),
      construct: (text: string) => (text.startsWith('0o') ? parseInt(text.slice(2), 8) : text.startsWith('0x') ? parseInt(text.slice(2), 16) : parseInt(text, 10)),
    }),
    new Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (text: string) => /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/.test(text),
      construct: (text: string) => (/nan$/i.test(text) ? NaN : /inf$/i.test(text) ? (text[0] === '-' ? -Infinity : Infinity) : parseFloat(text)),
    }),
  ],
});

// The shapes a line may have. Each pattern is anchored and its repeated parts cannot overlap, so each
// line is matched in time linear in its length whatever it holds (content is written by people outside
// the team: a line of a million spaces must cost no more than reading it).

/** A key that is a name of at most 128 characters (not one the two parsers read differently: null, true, false). */
const KEY = /^([A-Za-z_][A-Za-z0-9_-]{0,127}):(?: |$)/;
const NOT_A_NAME = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** A plain value on one line: not starting with an indicator (so no empty or nested list item: js-yaml misplaces them), no ": " or " #" inside, not ending in ":". */
const PLAIN = /^(?:[^\s\-?:,[\]{}#&*!|>'"%@`]|-(?=[0-9.]))[^\t]*$/;
/** A quoted value closed on its line, with the escapes both read alike. */
const DOUBLE_QUOTED = /^"(?:[^"\\]|\\["\\/bfnrt0 ]|\\u[0-9A-Fa-f]{4})*" *$/;
const SINGLE_QUOTED = /^'(?:[^']|'')*' *$/;
/** A list of plain words on one line ([primary-care, telemedicine]), or an empty list or mapping. */
const WORDS = /^\[ *(?:[A-Za-z0-9][A-Za-z0-9_.-]*(?: *, *[A-Za-z0-9][A-Za-z0-9_.-]*)*)? *\] *$|^\{\} *$/;
/** A block scalar's header, without "+" or an indentation indicator. */
const BLOCK = /^[|>]-?$/;
const COMMENT = /^#(?: |$)/;

/** Whether a value (after "key: " or "- ") is one of the shapes; 'block' when it opens a block scalar. */
function valueShape(value: string): boolean | 'block' {
  if (BLOCK.test(value)) return 'block';
  if (value[0] === '"') return DOUBLE_QUOTED.test(value);
  if (value[0] === "'") return SINGLE_QUOTED.test(value);
  if (value[0] === '[' || value[0] === '{') return WORDS.test(value);
  return PLAIN.test(value) && !value.includes(': ') && !value.includes(' #') && !value.trimEnd().endsWith(':');
}

/**
 * Whether every line of a text has one of the shapes js-yaml reads as the yaml package does: blank
 * (empty), a comment, "key:", "key: value", "- value", "- key: value", or a line of a block scalar
 * (any text indented more than its key; no line of spaces only, whose meaning differs).
 */
export function shapesOk(source: string): boolean {
  // No tab, no byte order mark, no carriage return but before a line feed, nothing but text lines.
  if (/[\t\uFEFF]|\r(?!\n)/.test(source)) return false;
  const lines = source.split('\n');
  let block = -1; // the indentation a block scalar's lines are deeper than, while in one
  let content = false;
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') continue;
    const rest = line.trimStart();
    const indent = line.length - rest.length;
    if (rest === '') return false; // spaces only
    if (block >= 0 && indent > block) continue;
    block = -1;
    if (COMMENT.test(rest)) continue;
    let at = indent;
    let body = rest;
    if (body.startsWith('- ')) {
      body = body.slice(2);
      at += 2;
    }
    const key = KEY.exec(body);
    let shape: boolean | 'block' = true;
    if (key) {
      if (NOT_A_NAME.test(key[1]!)) return false;
      const value = body.slice(key[0].length);
      if (value !== '') shape = valueShape(value);
    } else if (at > indent) {
      shape = valueShape(body);
    } else {
      return false; // a line that goes on a value, a document marker, a directive, a top-level scalar
    }
    if (!shape) return false;
    // A block scalar's lines are those indented deeper than the node that holds it: its key, or its "-".
    if (shape === 'block') block = key ? at : indent;
    content = true;
  }
  return content;
}

/** The data of a plain YAML text read quickly; undefined where the yaml package is to read it. */
export function parseQuickly(source: string): unknown {
  if (!shapesOk(source)) return undefined;
  try {
    return load(source, { schema: CORE });
  } catch {
    return undefined; // a problem: the yaml package finds its line
  }
}
