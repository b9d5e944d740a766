// Parses one YAML or Markdown file with the `yaml` package (gray-matter splits a Markdown file and
// hands its front matter to the same parser), whose document keeps every node's position, so a
// problem can point at its line. Content is data written by people outside the development team:
// its cost is bounded whatever it holds. Anchors and aliases are refused (a few lines of nested
// aliases expand to gigabytes), files have a size limit, data a nesting limit, and the parser's own
// stack limit is a message naming the file, never a crash.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Document } from 'yaml';
import { inFile, ProblemError, type Position } from '../problems/problem.ts';

// The parsers load with the first file parsed: a build whose every file the content cache knows
// parses none, and starts without their modules.
const require = createRequire(import.meta.url);
let parsers: { matter: typeof import('gray-matter'); yaml: typeof import('yaml') } | undefined;
const lib = () => (parsers ??= { matter: require('gray-matter') as typeof import('gray-matter'), yaml: require('yaml') as typeof import('yaml') });

/** Content files larger than this are refused: a page's text is a few KB, a long legal page 50 KB. */
export const MAX_CONTENT_BYTES = 1024 * 1024;
/** Deeper data than this is a mistake or an attack: our schemas nest a few levels. */
export const MAX_DATA_DEPTH = 32;

export interface ParsedFile {
  /** Path as shown in messages, e.g. "content/en/ui.yaml". */
  file: string;
  data: unknown;
  /** Markdown body, for .md files. */
  body?: string;
  /** Line of the body's first line in the file (1-based), for .md files. */
  bodyLine?: number;
  /** Where a key path was written (the closest existing parent when the key is missing). */
  positionOf(path: readonly PropertyKey[]): Position | undefined;
}

/**
 * The parse, with positions; a syntax error becomes a ProblemError at file:line:col with the parser's
 * reason. YAML 1.2's core schema: no timestamps or YAML 1.1 booleans, so "2025-11-01" and "no" stay strings
 * (a value tagged by hand, !!timestamp or !!binary, is read as that type, which a schema then refuses).
 */
function parseWithPositions(source: string, file: string, lineOffset: number): { doc: Document; lines: Lines } {
  // Positions are worked out from offsets only when one is needed (yaml's LineCounter costs every parse).
  const lines = new Lines(source);
  const doc = lib().yaml.parseDocument(source, { prettyErrors: false, uniqueKeys: true, schema: 'core' });
  const [first] = doc.errors;
  // A key indented deeper than its neighbours reads to the parser as a value running on over two
  // lines, reported where that value starts: point at the line the writer has to fix instead.
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
    const pos = lines.linePos(first.pos[0]);
    const reason = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ProblemError(inFile('yaml/syntax', file, 'is not valid YAML', [{ path: '', message: reason }], { line: pos.line + lineOffset, col: pos.col }));
  }
  return { doc, lines };
}

/** Line and column (1-based) of an offset in a text, found when asked. */
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

/** Parses YAML text; a syntax error, an anchor or alias, or data nested too deep becomes a ProblemError. */
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

/** How deeply lists and mappings nest in a value (iteratively: no stack to overflow). */
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

/** Where a key path was written: the node itself, or its closest existing parent mapping or list. */
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

/**
 * What a parse found, as plain data: the data, the Markdown body with its first line and where it
 * starts in the file's bytes, and the YAML text with its first line, from which positions are found
 * again. content-cache.ts keeps it between builds without the file's text (the YAML and the body): a
 * build reads each file anyway to find its key, and takes the body from those bytes; a kept parse
 * finds its positions by reading the file again, which only a problem asks for.
 */
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

/** A parsed file again from its record, shown as file; `path` is read again for a kept parse's positions. */
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

/** A file parsed again as it is now, for positions (null when it no longer parses). */
function reparsed(path: string, file: string): ParseRecord | null {
  try {
    return parseSource(readFileSync(path, 'utf8'), path, file);
  } catch {
    return null;
  }
}

/** Parses a YAML or Markdown file's text (by the path's extension); a problem is thrown as a ProblemError. */
export function parseSource(text: string, path: string, file: string): ParseRecord {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_CONTENT_BYTES) {
    throw new ProblemError(inFile('content/too-large', file, 'is too large', [{ path: '', message: `${Math.round(bytes / 1024)} KB; a content file may hold at most ${MAX_CONTENT_BYTES / 1024} KB (split it, or move large media to static/)` }]));
  }
  // A byte order mark (some Windows editors write one) is not text: the file starts after it.
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (path.endsWith('.md')) {
    const record = parseMarkdown(source, file);
    // Where the body starts in the file's bytes: the bytes of all before it (the line break before it is
    // one byte, so the body decodes from there as it did in the whole). Not where that part holds a
    // replacement character: bytes that were not UTF-8 read as one, and their count is not the text's.
    const before = text.slice(0, text.length - record.body!.length);
    if (!before.includes('\uFFFD')) record.bodyByte = Buffer.byteLength(before);
    return record;
  }
  return { data: unsliced(parseYaml(source, file, 0).data), yaml: source, lineOffset: 0 };
}

/**
 * The parsed data with strings of their own: the YAML parser's are slices of the file's text, and
 * each would keep the whole file alive as long as the content is (with the links markdown.ts keeps,
 * 43 MB of the main thread's heap at 40,000 pages).
 */
function unsliced(data: unknown): unknown {
  return structuredClone(data);
}

/** Front matter is data, never code: gray-matter would evaluate "---js" (and merges its own engines with ours). */
const REFUSE = (language: string) => () => {
  throw new Error(`front matter in ${language} is never run`);
};

/** Reads a Markdown file with YAML front matter. */
export function readMarkdownFile(path: string, file: string): ParsedFile {
  return fromRecord(parseMarkdown(readFileSync(path, 'utf8'), file), file);
}

/**
 * A Markdown file without front matter, as Hugo, Eleventy and Astro read one: an entry with empty
 * front matter, whose title (as MkDocs and Docusaurus take it) is its first level-1 heading when the
 * text opens with one. The heading leaves the body, its line left blank so every later line keeps its
 * number.
 */
function withoutFrontMatter(source: string): ParseRecord {
  const heading = /^(?:[ \t]*\r?\n)*# +(.+?)(?: +#+)? *(?:\r?\n|$)/.exec(source);
  if (!heading) return { data: {}, body: source, bodyLine: 1, yaml: '', lineOffset: 1 };
  const lines = heading[0].replace(/[^\n]+/g, '');
  return { data: { title: heading[1]!.trim() }, body: lines + source.slice(heading[0].length), bodyLine: 1, yaml: '', lineOffset: 1 };
}

/** Parses Markdown with YAML front matter (gray-matter splits it). */
function parseMarkdown(source: string, file: string): ParseRecord {
  // "---js", "---coffee", "---json": any language named after the opening delimiter but YAML is refused
  // before gray-matter sees the file, so no engine of its own can ever run.
  // A file that does not open with "---" has no front matter (gray-matter's language() reads any first line).
  if (!/^---/.test(source)) return withoutFrontMatter(source);
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
        // In a file with Windows line ends gray-matter's text keeps the last line's "\r", which the yaml
        // package keeps in that line's value ("flu\r"): the text ends where the line does.
        yaml = frontMatter.endsWith('\r') ? frontMatter.slice(0, -1) : frontMatter;
        // gray-matter's text starts with the end of the "---" line: its first line is the file's first.
        // (Without that line break it starts on the file's line 2.)
        lineOffset = yaml.startsWith('\n') || yaml.startsWith('\r\n') ? 0 : 1;
        parsed = parseYaml(yaml, file, lineOffset);
        return (parsed.data ?? {}) as object;
      },
      js: REFUSE('js'),
      javascript: REFUSE('javascript'),
      json: REFUSE('json'),
      coffee: REFUSE('coffee'),
    },
  });
  if (!parsed) throw new ProblemError(inFile('markdown/no-front-matter', file, 'has front matter that never ends', [{ path: '', message: 'its first line "---" opens front matter, and no later "---" line closes it: add the closing "---" line after the last key' }], { line: 1, col: 1 }));
  const bodyLine = source.slice(0, source.length - result.content.length).split('\n').length;
  return { data: unsliced(parsed.data), body: result.content, bodyLine, yaml, lineOffset };
}
