// Parses YAML and Markdown with `yaml`, which keeps node positions for messages. Content is written outside the team, so its
// cost is bounded: no anchors or aliases (they expand to gigabytes), a size and a nesting limit, a stack overflow never a crash.
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Document } from 'yaml';
import { inFile, ProblemError, type Position } from '../problems/problem.ts';

// Loaded with the first parse: a build whose files the cache all knows never loads them.
const require = createRequire(import.meta.url);
let parsers: { matter: typeof import('gray-matter'); yaml: typeof import('yaml') } | undefined;
const lib = () => (parsers ??= { matter: require('gray-matter') as typeof import('gray-matter'), yaml: require('yaml') as typeof import('yaml') });

/** Content files larger than this are refused: a page's text is a few KB, a long legal page 50 KB. */
export const MAX_CONTENT_BYTES = 1024 * 1024;
/** Deeper data than this is a mistake or an attack: our schemas nest a few levels. */
export const MAX_DATA_DEPTH = 32;

export interface ParsedFile {
  /** Path as shown in messages. */
  file: string;
  data: unknown;
  body?: string;
  /** 1-based line of the body's first line. */
  bodyLine?: number;
  /** Where a key path was written (the closest existing parent when the key is missing). */
  positionOf(path: readonly PropertyKey[]): Position | undefined;
}

/** The parse, with positions; a syntax error is a ProblemError at its line. YAML 1.2 core: "2025-11-01" and "no" stay strings. */
function parseWithPositions(source: string, file: string, lineOffset: number): { doc: Document; lines: Lines } {
  // Lines counted only when a position is needed (yaml's LineCounter costs every parse).
  const lines = new Lines(source);
  // logLevel: the parser's own warnings (a list as a key) would go to stderr with the content's characters raw.
  // uniqueKeys off: yaml compares every key with every other (40,000 keys took 8 s); badKey is one pass.
  const doc = lib().yaml.parseDocument(source, { prettyErrors: false, uniqueKeys: false, schema: 'core', logLevel: 'error' });
  const [first] = doc.errors;
  // An over-indented key reads as a two-line value, reported where it starts: point at the line to fix instead.
  const indent = (line: number) => {
    const text = source.split('\n')[line - 1] ?? '';
    return text.length - text.trimStart().length;
  };
  const overIndented = first?.code === 'BLOCK_AS_IMPLICIT_KEY' ? doc.errors.find((e) => e.code === 'MULTILINE_IMPLICIT_KEY') : undefined;
  const [from, to] = overIndented ? [lines.linePos(overIndented.pos[0]).line, lines.linePos(overIndented.pos[1]).line] : [0, 0];
  if (overIndented && to > from && indent(to) > indent(from)) {
    const line = to;
    const col = indent(line) + 1;
    const message = 'indented more than the line above: keys of one mapping line up (or the line above is missing a ":")';
    throw new ProblemError(inFile('yaml/syntax', file, 'is not valid YAML', [{ path: '', message }], { line: line + lineOffset, col }));
  }
  if (first) {
    const told = inWords(first, doc, source);
    const pos = lines.linePos(told.at);
    throw new ProblemError(inFile('yaml/syntax', file, 'is not valid YAML', [{ path: '', message: told.message }], { line: pos.line + lineOffset, col: pos.col }));
  }
  const twice = badKey(doc);
  if (twice) {
    const pos = lines.linePos(twice.again);
    const message = twice.first === undefined ? 'a list or mapping is written as a key here: a key is a plain name before ":"' : `"${String(twice.key)}" is given twice (first on line ${lines.linePos(twice.first).line + lineOffset}): keep one`;
    throw new ProblemError(inFile('yaml/syntax', file, 'is not valid YAML', [{ path: '', message }], { line: pos.line + lineOffset, col: pos.col }));
  }
  return { doc, lines };
}

/** The first key a mapping holds twice, with where each was written; or a list or mapping as a key (`first` absent), which
 *  would read as its text ("[ a, b ]"), two of them merged without a word. */
function badKey(doc: Document): { key?: unknown; first?: number; again: number } | undefined {
  const { visit, isScalar, isCollection } = lib().yaml;
  let found: { key?: unknown; first?: number; again: number } | undefined;
  visit(doc, {
    Map: (_key, map) => {
      // As the data will name them: 1 and "1", true and "true", ~ and "" are one key there.
      const seen = new Map<string, number>();
      for (const { key } of map.items) {
        if (isCollection(key) && key.range) found = { again: key.range[0] };
        if (found) return visit.BREAK;
        if (!isScalar(key) || !key.range) continue;
        const name = key.value === null ? '' : String(key.value);
        const first = seen.get(name);
        if (first !== undefined) {
          found = { key: name, first, again: key.range[0] };
          return visit.BREAK;
        }
        seen.set(name, key.range[0]);
      }
      return undefined;
    },
  });
  return found;
}

/** The parser's reason, said as what to do where it can be, at the place to fix (an unclosed quote where it opens). */
function inWords(error: { code: string; message: string; pos: [number, number] }, doc: Document, source: string): { message: string; at: number } {
  const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const lineAt = (offset: number) => source.slice(source.lastIndexOf('\n', offset - 1) + 1).split('\n')[0]!;
  if (error.code === 'MISSING_CHAR' && /quote/.test(reason)) {
    let opened: number | undefined;
    lib().yaml.visit(doc, { Scalar: (_key, node) => void (node.range && node.range[1] >= error.pos[0] && /^QUOTE/.test(node.type ?? '') && (opened ??= node.range[0])) });
    const mark = source[opened ?? -1] === "'" ? "'" : '"';
    if (opened !== undefined) return { message: `the text opened with ${mark} here is never closed: end it with ${mark} on the same line (the rest of the file was read as part of it)`, at: opened };
  }
  // A quote inside quoted text ends it early ('Anna's notes'): the rest of the line is then left over.
  const before = source[error.pos[0] - 1];
  if (error.code === 'UNEXPECTED_TOKEN' && (before === "'" || before === '"')) {
    const message = before === "'" ? `the text in ' quotes ends at the ' here: write a ' inside it twice ('Anna''s notes'), or put the text in " quotes instead` : `the text in " quotes ends at the " here: write a " inside it as \\" ("The \\"best\\" day"), or put the text in ' quotes instead`;
    return { message, at: error.pos[0] - 1 };
  }
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && /:\s.*:(\s|$)/.test(lineAt(error.pos[0]))) {
    return { message: 'a value with a colon in it, then a space or the end of the line, must be in quotes: write it as "…"', at: error.pos[0] };
  }
  if (error.code === 'TAB_AS_INDENT') return { message: `${reason}: indent with spaces`, at: error.pos[0] };
  return { message: reason, at: error.pos[0] };
}

/** 1-based line and column of an offset. */
class Lines {
  private starts?: number[];
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  linePos(offset: number): { line: number; col: number } {
    if (!this.starts) {
      this.starts = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    }
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - this.starts[low]! + 1 };
  }
}

function parseYaml(source: string, file: string, lineOffset: number): { data: unknown; positionOf: ParsedFile['positionOf'] } {
  const positionOf: ParsedFile['positionOf'] = (path) => locate(source, file, lineOffset, path);
  const { doc, lines } = parseWithPositions(source, file, lineOffset);
  let alias: { pos: number; what: string } | undefined;
  const { visit, isAlias } = lib().yaml;
  visit(doc, (_key, node) => {
    if (isAlias(node)) alias = { pos: node.range?.[0] ?? 0, what: `*${node.source}` };
    else if (node && typeof node === 'object' && 'anchor' in node && typeof node.anchor === 'string') {
      alias = { pos: (node as { range?: [number, number, number] }).range?.[0] ?? 0, what: `&${node.anchor}` };
    }
    return alias ? visit.BREAK : undefined;
  });
  if (alias) {
    const pos = lines.linePos(alias.pos);
    const message = `${alias.what}: anchors and aliases (&name, *name) are not used in content; write the value out where it is needed`;
    throw new ProblemError(inFile('yaml/syntax', file, 'is not valid content YAML', [{ path: '', message }], { line: pos.line + lineOffset, col: pos.col }));
  }
  return { data: withinDepth(doc.toJS({ maxAliasCount: 0 }) as unknown, file, lineOffset), positionOf };
}

function withinDepth(data: unknown, file: string, lineOffset: number): unknown {
  if (depthOf(data) > MAX_DATA_DEPTH) {
    throw new ProblemError(inFile('content/too-deep', file, 'is nested too deeply', [{ path: '', message: `its data nests more than ${MAX_DATA_DEPTH} levels deep; content needs a few` }], { line: 1 + lineOffset, col: 1 }));
  }
  return data;
}

/** Iterative: no stack to overflow. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_DATA_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The node itself, or its closest existing parent mapping or list. */
function locate(source: string, file: string, lineOffset: number, path: readonly PropertyKey[]): Position | undefined {
  const { doc, lines } = parseWithPositions(source, file, lineOffset);
  const { isMap, isSeq } = lib().yaml;
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
    const target = n === path.length ? node : node && (isMap(node) || isSeq(node)) ? node : undefined;
    if (target?.range) {
      const pos = lines.linePos(target.range[0]);
      return { line: pos.line + lineOffset, col: pos.col };
    }
  }
  return undefined;
}

/** content-cache.ts keeps it without the file's text: the body comes from the bytes read for the key, positions by reading again. */
export interface ParseRecord {
  data: unknown;
  body?: string;
  bodyLine?: number;
  /** Where the body starts in the file's bytes. */
  bodyByte?: number;
  /** The YAML text; absent in a kept parse. */
  yaml?: string;
  lineOffset: number;
}

/** `path` is read again for a kept parse's positions. */
export function fromRecord(record: ParseRecord, file: string, path?: string): ParsedFile {
  const { data, body, bodyLine, yaml, lineOffset } = record;
  let again: ParseRecord | null | undefined; // a kept parse's file, parsed again at the first position asked for
  const positionOf: ParsedFile['positionOf'] = (at) => {
    if (yaml !== undefined) return locate(yaml, file, lineOffset, at);
    if (again === undefined) again = path ? reparsed(path, file) : null;
    return again?.yaml === undefined ? undefined : locate(again.yaml, file, again.lineOffset, at);
  };
  return { file, data, ...(body === undefined ? {} : { body, bodyLine }), positionOf };
}

function reparsed(path: string, file: string): ParseRecord | null {
  try {
    return parseSource(textOf(contentBytes(path, file), file), path, file);
  } catch {
    return null;
  }
}

const tooLarge = (bytes: number, file: string) =>
  new ProblemError(inFile('content/too-large', file, 'is too large', [{ path: '', message: `${Math.round(bytes / 1024)} KB; a content file may hold at most ${MAX_CONTENT_BYTES / 1024} KB (split it, or move large media to static/)` }]));

/** A content file's bytes, its size looked at before it is read (a file of gigabytes is refused, not loaded). */
export function contentBytes(path: string, file: string): Buffer {
  const { size } = statSync(path);
  if (size > MAX_CONTENT_BYTES) throw tooLarge(size, file);
  return readFileSync(path);
}

/**
 * A content file's bytes (contentBytes: not too large) as text. A file saved in another encoding would be published as "�" (a legacy code page: Windows-1252,
 * Shift_JIS, Windows-1256) or as text with a NUL between letters (UTF-16): refused at its first such line.
 */
export function textOf(bytes: Buffer, file: string): string {
  // UTF-16: its byte order mark, or NUL bytes (the high half of Latin letters, digits and line breaks) all at even or all at
  // odd places near the start; UTF-8 text holds none.
  const head = bytes.subarray(0, 400);
  const nul = [0, 0];
  head.forEach((b, i) => b === 0 && nul[i % 2]!++);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff) || (nul[0]! + nul[1]! >= 2 && Math.min(nul[0]!, nul[1]!) === 0);
  const text = utf16 ? '' : bytes.toString('utf8');
  // U+FFFD typed as itself is text; only bytes that are not UTF-8 are refused (isUtf8 runs only where one is seen).
  if (!utf16 && !(text.includes('\uFFFD') && !isUtf8(bytes))) return text;
  const line = utf16 ? 1 : lineOfBadByte(bytes, text);
  const message = utf16
    ? 'it is saved as UTF-16 (two bytes a letter, as some Windows editors save "Unicode" text); save it again as UTF-8 (in Notepad: File › Save as › Encoding: UTF-8)'
    : `line ${line} holds bytes that are not UTF-8 (the file was saved in an older encoding, such as Windows-1252, Shift_JIS or Windows-1256, and would be published as "�"); save it again as UTF-8 (in Notepad: File › Save as › Encoding: UTF-8)`;
  throw new ProblemError(inFile('content/encoding', file, 'is not saved as UTF-8 text', [{ path: '', message }], { line, col: 1 }));
}

/** The line of the first byte that is not UTF-8: the first U+FFFD the decoder made, not one written as text (EF BF BD). */
function lineOfBadByte(bytes: Buffer, text: string): number {
  let at = 0;
  let line = 1;
  for (const char of text) {
    if (char === '\uFFFD' && !(bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd)) return line;
    if (char === '\n') line += 1;
    at += Buffer.byteLength(char);
  }
  return line;
}

/** YAML or Markdown by the path's extension; a problem is thrown as a ProblemError. */
export function parseSource(text: string, path: string, file: string): ParseRecord {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_CONTENT_BYTES) throw tooLarge(bytes, file);
  // A byte order mark (some Windows editors write one) is not text.
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (path.endsWith('.md')) {
    const record = parseMarkdown(source, file);
    // Where the body starts in the bytes (the text is UTF-8: textOf).
    record.bodyByte = Buffer.byteLength(text.slice(0, text.length - record.body!.length));
    return record;
  }
  return { data: unsliced(parseYaml(source, file, 0).data), yaml: source, lineOffset: 0 };
}

/** The data with strings of its own: the parser's are slices that would keep the whole file's text alive. */
function unsliced(data: unknown): unknown {
  return structuredClone(data);
}

/** Front matter is data, never code: gray-matter would evaluate "---js" (and merges its own engines with ours). */
const REFUSE = (language: string) => () => {
  throw new Error(`front matter in ${language} is never run`);
};

export function readMarkdownFile(path: string, file: string): ParsedFile {
  return fromRecord(parseMarkdown(textOf(contentBytes(path, file), file), file), file);
}

/** No front matter (as Hugo, Eleventy, Astro read it): a leading "# " heading is the title, its line left blank for numbering. */
function withoutFrontMatter(source: string): ParseRecord {
  const heading = /^(?:[ \t]*\r?\n)*# +([^\r\n]+)(?:\r?\n|$)/.exec(source);
  if (!heading) return { data: {}, body: source, bodyLine: 1, yaml: '', lineOffset: 1 };
  const lines = heading[0].replace(/[^\n]+/g, '');
  return { data: { title: headingText(heading[1]!) }, body: lines + source.slice(heading[0].length), bodyLine: 1, yaml: '', lineOffset: 1 };
}

/** "Title ##  " → "Title": closing hashes after a space, and spaces, taken off by hand (a pattern for them backtracks over a long line). */
function headingText(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') end--;
  let hashes = end;
  while (hashes > 0 && line[hashes - 1] === '#') hashes--;
  if (hashes < end && hashes > 0 && line[hashes - 1] === ' ') end = hashes;
  return line.slice(0, end).trim();
}

function parseMarkdown(source: string, file: string): ParseRecord {
  // A language but YAML after "---" is refused before gray-matter sees the file, so none of its engines can run.
  // No "---" first: no front matter (gray-matter's language() reads any first line).
  if (/^\+\+\+[ \t]*\r?\n/.test(source)) {
    const message = 'front matter is YAML between "---" lines; "+++" starts TOML front matter (as Hugo writes it), which is not read. Write it as YAML: title = "Hello" becomes title: "Hello", between two "---" lines';
    throw new ProblemError(inFile('markdown/front-matter-language', file, 'has front matter that is not YAML', [{ path: '', message }], { line: 1, col: 1 }));
  }
  // Front matter below blank lines or indented would be published as text (a "---" line under text is a heading).
  // Looked for only in a file that does not open with "---": the common case pays nothing.
  const late = /^\uFEFF?---/.test(source) ? null : /^\uFEFF?(?:[ \t]*\r?\n)*[ \t]*---[ \t]*\r?\n[ \t]*[\w-]+:[\s\S]*?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (late) {
    const line = late[0].slice(0, late[0].indexOf('---')).split('\n').length;
    throw new ProblemError(inFile('markdown/no-front-matter', file, 'has front matter that does not start the file', [{ path: '', message: 'its "---" line has blank lines or spaces before it, so it would be published as text: remove them, so "---" is the very first line' }], { line, col: 1 }));
  }
  // "----" and longer is a rule, not front matter (as gray-matter reads it).
  if (!/^---(?!-)/.test(source)) return withoutFrontMatter(source);
  // gray-matter takes the rest of a file that never closes as its front matter.
  if (!source.includes('\n---', 3)) throw new ProblemError(inFile('markdown/no-front-matter', file, 'has front matter that never ends', [{ path: '', message: 'its first line "---" opens front matter, and no later "---" line closes it: add the closing "---" line after the last key' }], { line: 1, col: 1 }));
  const { matter } = lib();
  const language = matter.language(source).name;
  if (language && language !== 'yaml' && language !== 'yml') {
    const message = `front matter is YAML only; "---${language}" names another language, and content never runs code. Start the file with a plain "---" line`;
    throw new ProblemError(inFile('markdown/front-matter-language', file, 'has front matter that is not YAML', [{ path: '', message }], { line: 1, col: 4 }));
  }
  let parsed: { data: unknown } | undefined;
  let yaml = '';
  let lineOffset = 1;
  const result = matter(source, {
    language: 'yaml',
    engines: {
      yaml: (frontMatter: string) => {
        // With Windows line ends gray-matter keeps the last "\r", which yaml would keep in the value ("flu\r").
        yaml = frontMatter.endsWith('\r') ? frontMatter.slice(0, -1) : frontMatter;
        // gray-matter's text starts at the end of the "---" line (without that line break, on the file's line 2).
        lineOffset = /^[ \t]*\r?\n/.test(yaml) ? 0 : 1;
        parsed = parseYaml(yaml, file, lineOffset);
        return (parsed.data ?? {}) as object;
      },
      js: REFUSE('js'),
      javascript: REFUSE('javascript'),
      json: REFUSE('json'),
      coffee: REFUSE('coffee'),
    },
  });
  // Nothing between the two "---" lines (or only comments): gray-matter reads no YAML, and there is no data.
  parsed ??= { data: {} };
  const bodyLine = source.slice(0, source.length - result.content.length).split('\n').length;
  return { data: unsliced(parsed.data), body: result.content, bodyLine, yaml, lineOffset };
}
