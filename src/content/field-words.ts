// Content problems in the editor's words ("Stores › Oak Street › Opening hours: add at least 1 row"), never a key path.
// Names come from where the editor's labels do: `.meta({ cms: { label } })`, the site's words, else the name spelt out.
import type * as z from 'zod';
import { Problem } from '../problems/problem.ts';
import type { Vocabulary } from '../site/definition.ts';

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "postalCode" → "Postal code", "e164" → "E164". */
export function labelOf(name: string): string {
  return capitalised(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase());
}

export interface SchemaNode {
  def: { type: string; format?: string; innerType?: SchemaNode; in?: SchemaNode; element?: SchemaNode; options?: SchemaNode[]; shape?: Record<string, SchemaNode> };
  meta?(): Record<string, unknown> | undefined;
}

interface Cms {
  label?: string;
  summary?: string;
}

/** The schema inside a wrapper (nullish, default, transform) or a choice of "" or a value. */
function inner(node: SchemaNode): SchemaNode | undefined {
  return node.def.innerType ?? node.def.in ?? (node.def.type === 'union' ? node.def.options!.find((o) => o.def.type !== 'literal') : undefined);
}

/** Outermost first. */
function cmsOf(node: SchemaNode | undefined): Cms {
  const found: Cms = {};
  for (let n = node; n; n = inner(n)) {
    const cms = (n.meta?.() as { cms?: Cms } | undefined)?.cms;
    found.label ??= cms?.label;
    found.summary ??= cms?.summary;
  }
  return found;
}

/** Never one of Object.prototype's names: "toString" is a key like another. */
const ownField = (node: SchemaNode, key: string) => (node.def.shape && Object.hasOwn(node.def.shape, key) ? node.def.shape[key] : undefined);

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

/** [0, "hours"] → "Oak Street › Opening hours"; a row without a summary is "row 2" (from 1). */
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

/** The schema at a key path, out of its wrappers (a row's number reads the list's item). */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema as SchemaNode;
  for (const segment of path) {
    const shape = core(node);
    node = typeof segment === 'number' ? shape?.def.element : shape && ownField(shape, String(segment));
  }
  return core(node);
}

/** A list of choices (days of the week) is shown as boxes to tick, not rows. */
export function isChoiceList(schema: z.ZodType, path: readonly PropertyKey[]): boolean {
  const list = schemaAt(schema, path);
  return list?.def.type === 'array' && core(list.def.element)?.def.type === 'enum';
}

export interface SpokenFile {
  name: string;
  /** Dropped once the content has loaded (the render need not keep every file's data): fields then go unnamed. */
  schema?: z.ZodType;
  data?: unknown;
  bodyLine?: number;
}

/** "hours[0].opens" → ["hours", 0, "opens"]; a quoted value ('"/about"', a link) has none. */
function keysOf(path: string): PropertyKey[] {
  if (path.startsWith('"')) return [];
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : /^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!));
}

/** Each detail in the editor's words: entry, field (or text line), what is wrong; site and plugin checks too. */
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
      // A quoted value (the link's address) says what the field's line does not: "the link "/services/lips" points at no page".
      const value = detail.path.startsWith('"') ? `${detail.path} ` : '';
      return { ...detail, words: `${[spoken.name, ...field].join(' › ')}: ${value}${detail.message}` };
    });
    return new Problem(problem.code, problem.where, problem.title, details);
  });
}
