// Checks parsed data against its schema and turns every zod issue into a readable problem:
// the key path, what was expected, what was found, and a hint where one helps.
import * as z from 'zod';
import { inFile, keyPath, type Detail, type Problem } from '../problems/problem.ts';
import type { ParsedFile } from './read-file.ts';
import { didYouMean } from './suggest.ts';
import './zod-config.ts';

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 37)}..."` : `"${value}"`;
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${String(value)}`;
}

function issueDetails(issue: z.core.$ZodIssue, shape: unknown): Detail[] {
  const path = keyPath(issue.path);
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return [{ path, message: `required, missing (expected ${issue.expected})`, kind: 'missing' }];
      return [{ path, message: `expected ${issue.expected}, found ${describe(input)}` }];
    case 'unrecognized_keys': {
      const known = shape && typeof shape === 'object' ? Object.keys(shape) : [];
      return issue.keys.map((key) => ({
        path: keyPath([...issue.path, key]),
        message: `unknown key${didYouMean(key, known)}`,
        kind: 'unknown-key' as const,
      }));
    }
    case 'too_small':
    case 'too_big': {
      const found = Array.isArray(input) ? `${input.length} items` : typeof input === 'string' ? `${input.length} characters` : describe(input);
      return [{ path, message: `${issue.message.replace(/^Too (small|big): expected \w+ to (have|be) /, 'expected ')}, found ${found}` }];
    }
    case 'invalid_union':
      if (input === undefined) return [{ path, message: 'required, missing (expected one of the allowed forms)', kind: 'missing' }];
      return [{ path, message: `expected one of the allowed forms, found ${describe(input)}` }];
    case 'custom':
      // A site's own rule (a refine) says what is wrong in its own words: shown as it is.
      return [{ path, message: issue.message }];
    default: {
      const said = issue.message.replace(/^Invalid (string|input|option): /, '');
      return [{ path, message: `${said.startsWith('expected') ? said : `expected ${said}`}, found ${describe(input)}` }];
    }
  }
}

/** What shapeAt reads of a zod schema's definition (zod 4's `def`). */
interface SchemaNode {
  def?: { type?: string; innerType?: SchemaNode; element?: SchemaNode; shape?: Record<string, SchemaNode> };
}

/** Walks a zod object schema down a key path, to list the keys it allows there. */
function shapeAt(schema: z.ZodType, path: readonly PropertyKey[]): unknown {
  let node: SchemaNode | undefined = schema as SchemaNode;
  for (const segment of path) {
    while (node?.def?.innerType) node = node.def.innerType; // optional/default wrappers
    if (node?.def?.type === 'array') node = node.def.element;
    else if (node?.def?.type === 'object' && typeof segment === 'string') node = node.def.shape?.[segment];
    else return undefined;
  }
  while (node?.def?.innerType) node = node.def.innerType;
  if (node?.def?.type === 'array') node = node.def.element;
  return node?.def?.type === 'object' ? node.def.shape : undefined;
}

/** Validates a parsed file; returns typed data or a Problem listing every mismatch. */
export function validate<T extends z.ZodType>(
  schema: T,
  parsed: ParsedFile,
  title: string,
): { ok: true; data: z.infer<T> } | { ok: false; problem: Problem } {
  const result = schema.safeParse(parsed.data ?? {}, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  const details = result.error.issues.flatMap((issue) => issueDetails(issue, shapeAt(schema, issue.path)));
  const first = result.error.issues[0]!;
  return { ok: false, problem: inFile('content/schema', parsed.file, title, details, parsed.positionOf(first.path)) };
}
