// Errors in content: each names the file and line, then one line per problem. They are collected
// across all files and reported together; a content mistake is not a bug, so it prints no stack trace.

export interface Problem {
  /** Key path like "faqs[2].a", or "" for the file as a whole. */
  path: string;
  message: string;
}

export interface Position {
  line: number;
  col: number;
}

export class ContentError {
  constructor(
    /** Path relative to the working folder, e.g. "content/es/services/vaccines.md". */
    readonly file: string,
    readonly title: string,
    readonly problems: Problem[] = [],
    readonly position?: Position,
  ) {}

  format(): string {
    const where = this.position ? `${this.file}:${this.position.line}:${this.position.col}` : this.file;
    const lines = this.problems.map((p) => `  ${p.path ? `${p.path}: ` : ''}${p.message}`);
    return [`${where}  ${this.title}`, ...lines].join('\n');
  }
}

/** Thrown when a build step found mistakes in its input: everything it found, at once. */
export class InputErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(`${errors.length} ${errors.length === 1 ? 'error' : 'errors'} in the site's input:\n\n${errors.map((e) => e.format()).join('\n\n')}`);
    this.name = 'InputErrors';
  }
}

/** Formats a key path from zod or YAML segments: ["faqs", 2, "a"] → "faqs[2].a". */
export function keyPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s)}`))
    .join('');
}
