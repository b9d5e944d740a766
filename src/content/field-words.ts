// A content problem in the words of the person who edits: the file, the entry and the field as the
// editor names them ("Stores › Oak Street › Opening hours: add at least 1 row"), never a key path
// ("[0].hours: expected >=1 items"). The names come from the same places as the editor's labels: a
// schema's `.meta({ cms: { label } })`, the site's words for field names, else the name spelt out;
// an entry of a list is named by its `summary` ("{{fields.street}}"), as the editor lists it.
import type * as z from 'zod';
import { Problem } from '../problems/problem.ts';
import type { Vocabulary } from '../site/definition.ts';

/** "postalCode" → "Postal code", "e164" → "E164". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the walk reads of a zod 4 schema: its definition and its metadata. */
interface SchemaNode {
  // Every zod 4 schema has its definition and a type; the rest is there for the types that have it.
  def: { type: string; innerType?: SchemaNode; in?: SchemaNode; element?: SchemaNode; options?: SchemaNode[]; shape?: Record<string, SchemaNode> };
  meta?(): Record<string, unknown> | undefined;
}

interface Cms {
  label?: string;
  summary?: string;
}

/** What a wrapper (nullish, default, transform) or a choice of "" or a value holds: the schema inside. */
function inner(node: SchemaNode): SchemaNode | undefined {
  return node.def.innerType ?? node.def.in ?? (node.def.type === 'union' ? node.def.options!.find((o) => o.def.type !== 'literal') : undefined);
}

/** The `cms` metadata found on a schema or any schema inside it, outermost first. */
function cmsOf(node: SchemaNode | undefined): Cms {
  const found: Cms = {};
  for (let n = node; n; n = inner(n)) {
    const cms = (n.meta?.() as { cms?: Cms } | undefined)?.cms;
    found.label ??= cms?.label;
    found.summary ??= cms?.summary;
  }
  return found;
}

/** An object schema's own field (never one of Object.prototype's names: "toString" is a key like another). */
const ownField = (node: SchemaNode, key: string) => (node.def.shape && Object.hasOwn(node.def.shape, key) ? node.def.shape[key] : undefined);

/** The schema without its wrappers: what holds the shape or the element. */
function core(node: SchemaNode | undefined): SchemaNode | undefined {
  let n = node;
  for (let next = n && inner(n); next; next = inner(next)) n = next;
  return n;
}

/** "{{fields.street}}" with an entry's values: "Oak Street"; undefined when a value is missing. */
function summaryOf(template: string, entry: unknown): string | undefined {
  let missing = false;
  const text = template.replace(/\{\{\s*(?:fields\.)?([\w.]+)\s*\}\}/g, (_, path: string) => {
    const value = path.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), entry);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    missing = true;
    return '';
  });
  return missing || !text.trim() ? undefined : text.trim();
}

/**
 * A key path ([0, "hours"]) as the editor names it ("Oak Street › Opening hours"), walking the schema and
 * the file's data side by side. A list at the top of a file is the file itself: its entries are named
 * directly. An entry without a summary is "row 2" (counted from 1, as people count).
 */
export function fieldWords(schema: z.ZodType, data: unknown, path: readonly PropertyKey[], words: Vocabulary = {}): string[] {
  const names: string[] = [];
  let node: SchemaNode | undefined = schema as SchemaNode;
  let value = data;
  let parentCms = cmsOf(node);
  for (const segment of path) {
    const shape = core(node);
    if (typeof segment === 'number' && shape?.def.type === 'array') {
      const entry = Array.isArray(value) ? value[segment] : undefined;
      names.push((parentCms.summary && summaryOf(parentCms.summary, entry)) || `row ${segment + 1}`);
      node = shape.def.element;
      value = entry;
    } else if (typeof segment === 'string') {
      node = shape?.def.type === 'object' ? ownField(shape, segment) : undefined;
      const own = cmsOf(node).label;
      const word = Object.hasOwn(words, segment) ? words[segment] : undefined;
      names.push(own ?? (typeof word === 'string' ? word : word?.label) ?? labelOf(segment));
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
    } else break;
    parentCms = cmsOf(node);
  }
  return names;
}

/** Whether the value at a key path is a list of choices (days of the week), which the editor shows as boxes to tick, not rows. */
export function isChoiceList(schema: z.ZodType, path: readonly PropertyKey[]): boolean {
  let node: SchemaNode | undefined = schema as SchemaNode;
  for (const segment of path) {
    const shape = core(node);
    node = typeof segment === 'number' ? shape?.def.element : shape && ownField(shape, String(segment));
  }
  const list = core(node);
  return list?.def.type === 'array' && core(list.def.element)?.def.type === 'enum';
}

/** A content file as the editor names it: the entry's name, its schema and data as read, and where its text starts. */
export interface SpokenFile {
  name: string;
  /** Left out once the content has loaded (the render need not keep every file's data): its fields are then not named. */
  schema?: z.ZodType;
  data?: unknown;
  bodyLine?: number;
}

/** "hours[0].opens" or "0.closed.from" → ["hours", 0, "opens"], [0, "closed", "from"]; a quoted value ('"/about"', a link) is none. */
function keysOf(path: string): PropertyKey[] {
  if (path.startsWith('"')) return [];
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : /^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!));
}

/**
 * The problems of content files, each detail without words of its own given the editor's: the entry,
 * then the field its path names (or the line of its text), then what is wrong. A site's own checks and
 * plugins' (a notice that cannot be shown, 911 without 988) are named as the schema's own problems are.
 */
export function inEditorWords(problems: readonly Problem[], files: ReadonlyMap<string, SpokenFile>, words: Vocabulary = {}): Problem[] {
  return problems.map((problem) => {
    const spoken = files.get(problem.file ?? '');
    if (!spoken || problem.details.every((d) => d.words)) return problem;
    const line = problem.position?.line;
    const details = problem.details.map((detail) => {
      if (detail.words) return detail;
      const keys = keysOf(detail.path);
      const field = keys.length
        ? spoken.schema ? fieldWords(spoken.schema, spoken.data, keys, words) : []
        : (line ?? 0) >= (spoken.bodyLine ?? Infinity)
          ? [`Text, line ${line! - spoken.bodyLine! + 1}`]
          : [];
      return { ...detail, words: `${[spoken.name, ...field].join(' › ')}: ${detail.message}` };
    });
    return new Problem(problem.code, problem.where, problem.title, details);
  });
}
