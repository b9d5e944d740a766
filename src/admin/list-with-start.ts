// A list the editor can start from another value ("Start from the usual hours" fills a shop's empty hours with the
// company's). Sveltia applies `default` to new entries only (sveltia/sveltia-cms#650) and its list field cannot be reused
// in a custom field type, so ours (src/client/list-with-start.js) draws the rows with the field types Sveltia lets it reuse.
// Asked for with `.meta({ cms: { start: { from: 'site.hours', label: 'Start from the usual hours' } } })`. The value is read
// at each build and /admin/config.json publishes it to anyone who asks: start only from what the site shows anyway.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_ROOT } from '../files/about.ts';
import type { CmsField } from './fields.ts';

/** The field type's name in the editor's configuration. */
export const LIST_WITH_START = 'list_with_start';

/** The field type's code, run as it is in the editor's page. */
let code: string | undefined;
export const listWithStartCode = () => (code ??= readFileSync(join(ENGINE_ROOT, 'src/client/list-with-start.js'), 'utf8'));

/** The field types a schema gives (fields.ts) that Sveltia 0.221.1 lets a custom field type draw (CMS.getFieldType). */
export const REUSABLE = new Set(['boolean', 'datetime', 'number', 'select', 'string', 'text']);

/** What a schema writes: the content path the list starts from, and the button's words. */
export interface StartFrom {
  from: string;
  label: string;
}

/** The list field with a start, or an error that says why it cannot have one. */
export function withStart(field: CmsField, start: StartFrom): CmsField {
  const fields = field.fields as CmsField[] | undefined;
  if (typeof start?.from !== 'string' || typeof start.label !== 'string' || !start.label.trim()) throw new Error(`field "${field.name}" has a start without a path to start from and the words of its button: { from: 'site.hours', label: 'Start from the usual hours' }`);
  if (field.widget !== 'list' || !fields) throw new Error(`field "${field.name}" has a start (${start.from}) but is not a list of rows`);
  const other = fields.find((f) => !REUSABLE.has(f.widget) && f.widget !== 'hidden');
  if (other) throw new Error(`field "${field.name}" has a start (${start.from}), but its field "${other.name}" is a ${other.widget}, which the editor cannot draw in a list that starts from another value (only ${[...REUSABLE].join(', ')})`);
  return { ...field, widget: LIST_WITH_START, start };
}

/** A value at a dotted path of the content ("site.hours"), or undefined. */
function at(content: unknown, path: string): unknown {
  let value = content;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of the configuration with each start's value read from the content; throws, naming field and path, if no list. */
export function filledStarts<T>(config: T, content: unknown): T {
  const fill = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(fill);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = fill(value);
    const start = out.start as StartFrom | undefined;
    if (out.widget === LIST_WITH_START && start) {
      const value = at(content, start.from);
      if (!Array.isArray(value)) throw new Error(`field "${String(out.name)}" starts from ${start.from}, which is not a list in the content`);
      out.start = { label: start.label, value };
    }
    return out;
  };
  return fill(config) as T;
}
