// Problems are data: a stable code, a place and sentences. Code that merges, groups or filters them looks at the code and the
// details' kinds, never the text. Every sentence and place is kept inert (inert.ts).
import { inert } from './inert.ts';

/** The engine's own words (messages, error page) are in this language, whatever the site's. */
const MESSAGES_LANG = 'en';
export { MESSAGES_LANG };

/** What went wrong. Stable: tests and tools may match on these. */
export type ProblemCode =
  | 'yaml/syntax'
  | 'markdown/no-front-matter'
  | 'markdown/front-matter-language'
  | 'markdown/html'
  | 'markdown/url'
  | 'markdown/component'
  | 'markdown/image'
  | 'markdown/text'
  | 'content/schema'
  | 'content/missing-file'
  | 'content/unknown-file'
  | 'content/locale-parity'
  | 'content/check'
  | 'content/not-a-file'
  | 'static/symlink'
  | 'static/not-a-file'
  | 'static/hidden'
  | 'static/unsafe-svg'
  | 'static/unsafe-name'
  | 'static/type'
  | 'content/unsafe-name'
  | 'content/too-large'
  | 'content/encoding'
  | 'content/too-deep'
  | 'static/generated-clash'
  | 'locale/no-icu'
  | 'files/too-deep'
  | 'site/definition'
  | 'route/duplicate'
  | 'data/failed'
  | 'link/broken'
  | 'link/cross-locale'
  | 'link/expiring'
  | 'file/missing-static'
  | 'island/unknown'
  | 'budget/exceeded'
  | 'placeholder/strict'
  | 'plugin/strict'
  | 'plugin/check';

/** The kind of one detail line, for merging (a key missing in one locale is reported once). */
export type DetailKind = 'missing' | 'unknown-key' | 'other';

export interface Detail {
  /** Key path like "faqs[2].a", a quoted link, or "" for the whole. */
  path: string;
  message: string;
  kind?: DetailKind;
  /** For the person who edits, in the editor's names ("Stores › Oak Street › Opening hours: needs at least 1 row"). */
  words?: string;
}

export interface Position {
  line: number;
  col: number;
}

/** Where a problem is: a content file (with a position), rendered pages, or a part of the build. */
export type Where =
  | { file: string; position?: Position }
  | { page: string; output: string }
  | { pages: string[]; total: number }
  | { part: string };

export class Problem {
  readonly code: ProblemCode;
  readonly where: Where;
  readonly title: string;
  readonly details: Detail[];

  constructor(code: ProblemCode, where: Where, title: string, details: Detail[] = []) {
    this.code = code;
    this.where = inertWhere(where);
    this.title = inert(title);
    this.details = details.map((d) => ({ ...d, path: inert(d.path), message: inert(d.message), ...(d.words === undefined ? {} : { words: inert(d.words) }) }));
  }

  /** The content file this problem is in, if it is one. */
  get file(): string | undefined {
    return 'file' in this.where ? this.where.file : undefined;
  }

  get position(): Position | undefined {
    return 'file' in this.where ? this.where.position : undefined;
  }

  /** "content/es/ui.yaml:12:3  title", then one indented line per detail. */
  format(): string {
    const lines = this.details.map((d) => `  ${d.path ? `${d.path}: ` : ''}${d.message}`);
    return [`${describeWhere(this.where)}  ${this.title}`, ...lines].join('\n');
  }
}

function inertWhere(where: Where): Where {
  if ('file' in where) return { ...where, file: inert(where.file) };
  if ('page' in where) return { page: inert(where.page), output: inert(where.output) };
  if ('pages' in where) return { ...where, pages: where.pages.map(inert) };
  return { part: inert(where.part) };
}

export function describeWhere(where: Where): string {
  if ('file' in where) return where.position ? `${where.file}:${where.position.line}:${where.position.col}` : where.file;
  if ('page' in where) return `page ${where.page} (${where.output})`;
  if ('pages' in where) return `${where.total} pages (${where.pages.join(', ')}${where.total > where.pages.length ? ', ...' : ''})`;
  return where.part;
}

export function inFile(code: ProblemCode, file: string, title: string, details: Detail[] = [], position?: Position): Problem {
  return new Problem(code, { file, position }, title, details);
}

/** A problem of a part of the site, not of one file (a plugin's check of the whole output). */
export function inPart(part: string, title: string, details: Detail[] = []): Problem {
  return new Problem('plugin/check', { part }, title, details);
}

/** Thrown when a build found mistakes in its input: everything it found, at once, without a stack. */
export class BuildFailure extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(`${problems.length} ${problems.length === 1 ? 'error' : 'errors'} in the site's input:\n\n${problems.map((p) => p.format()).join('\n\n')}`);
    this.problems = problems;
    this.name = 'BuildFailure';
  }
}

/** Formats a key path from zod or YAML segments: ["faqs", 2, "a"] → "faqs[2].a". */
export function keyPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s)}`))
    .join('');
}

/** Thrown by a step that finds one problem (a file that does not parse); the loader collects it. */
export class ProblemError extends Error {
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.format());
    this.problem = problem;
    this.name = 'ProblemError';
  }
}
