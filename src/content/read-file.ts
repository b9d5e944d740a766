// Parses one YAML or Markdown file, keeping the YAML document so problems can point at a line.
import { readFile } from 'node:fs/promises';
import matter from 'gray-matter';
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { ContentError, type Position } from './errors.ts';

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

function parseYaml(source: string, file: string, lineOffset: number): { data: unknown; doc: Document; lines: LineCounter } {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const [first] = doc.errors;
  if (first) {
    const pos = lines.linePos(first.pos[0]);
    const reason = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ContentError(file, 'is not valid YAML', [{ path: '', message: reason }], {
      line: pos.line + lineOffset,
      col: pos.col,
    });
  }
  return { data: doc.toJS(), doc, lines };
}

function locator(doc: Document, lines: LineCounter, lineOffset: number) {
  return (path: readonly PropertyKey[]): Position | undefined => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
      const target = n === path.length ? node : node && (isMap(node) || isSeq(node)) ? node : undefined;
      if (target?.range) {
        const pos = lines.linePos(target.range[0]);
        return { line: pos.line + lineOffset, col: pos.col };
      }
    }
    return undefined;
  };
}

/** Reads a YAML file; a syntax error becomes a ContentError at file:line:col with the parser's reason. */
export async function readYamlFile(path: string, file: string): Promise<ParsedFile> {
  const source = await readFile(path, 'utf8');
  const { data, doc, lines } = parseYaml(source, file, 0);
  return { file, data, positionOf: locator(doc, lines, 0) };
}

/** Reads a Markdown file with YAML front matter (gray-matter splits it; yaml parses it with positions). */
export async function readMarkdownFile(path: string, file: string): Promise<ParsedFile> {
  const source = await readFile(path, 'utf8');
  let parsed: { data: unknown; doc: Document; lines: LineCounter } | undefined;
  // The front matter starts on line 2, after the opening "---".
  const result = matter(source, {
    engines: {
      yaml: (frontMatter: string) => {
        parsed = parseYaml(frontMatter, file, 1);
        return (parsed.data ?? {}) as object;
      },
    },
  });
  if (!parsed) throw new ContentError(file, 'has no front matter', [{ path: '', message: 'expected the file to start with a "---" block of YAML' }], { line: 1, col: 1 });
  const bodyLine = source.slice(0, source.length - result.content.length).split('\n').length;
  return { file, data: parsed.data, body: result.content, bodyLine, positionOf: locator(parsed.doc, parsed.lines, 1) };
}
