// A list the editor can start from another file's value: "Start from the usual hours" fills a shop's
// empty hours with the company's, to change only what differs. Sveltia CMS applies a field's
// `default` to new entries only (sveltia/sveltia-cms#650), and its list field cannot be reused inside a
// field type of our own, so this field type draws the rows itself with the field types Sveltia lets a
// custom one reuse (select, string, number, …). A schema asks for it with
// `.meta({ cms: { start: { from: 'site.hours', label: 'Start from the usual hours' } } })`:
// `from` is a path into the site's content, read as each build writes the editor's configuration.
import type { CmsField } from './fields.ts';

/** The field type's name in the editor's configuration. */
export const LIST_WITH_START = 'list_with_start';

/** The field types Sveltia 0.221.1 lets a field type of our own draw (CMS.getFieldType). */
export const REUSABLE = new Set(['boolean', 'color', 'datetime', 'map', 'number', 'select', 'string', 'text', 'uuid']);

/** What a schema writes: the content path the list starts from, and the button's words. */
export interface StartFrom {
  from: string;
  label: string;
}

/** The list field with a start, or an error that says why it cannot have one. */
export function withStart(field: CmsField, start: StartFrom): CmsField {
  const fields = field.fields as CmsField[] | undefined;
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

/**
 * The configuration with each start's value read from the content (a copy; the one given is kept for
 * the next build). Throws, naming the field and the path, when a path leads to no list.
 */
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

/**
 * The field type, run in the editor's page as `(${listWithStart})(CMS, name)`: it must use nothing from
 * outside itself. `window.h` and `window.createClass` are React's, as Sveltia exposes them.
 */
export function listWithStart(CMS: { registerFieldType(name: string, control: unknown): void; getFieldType(name: string): { control?: unknown } | undefined }, name: string): void {
  type Field = Record<string, unknown> & { name: string; label?: string; widget: string };
  type Row = Record<string, unknown>;
  const w = window as unknown as { h: (...args: unknown[]) => unknown; createClass: (spec: object) => unknown };
  const h = w.h;
  const plain = (value: unknown): unknown => (value && typeof (value as { toJS?: unknown }).toJS === 'function' ? (value as { toJS(): unknown }).toJS() : value);
  const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  /** A row with its values in the fields' order (the file reads as the form does). */
  const ordered = (fields: Field[], row: Row): Row => Object.fromEntries(fields.filter((f) => row[f.name] !== undefined).map((f) => [f.name, row[f.name]]));
  /** What is wrong with one value, in the words the field's own settings give. */
  const problem = (field: Field, value: unknown): string | undefined => {
    if (empty(value)) return field.required === false ? undefined : 'This field is required.';
    if (Array.isArray(value) && typeof field.min === 'number' && value.length < field.min) return `Choose at least ${field.min}.`;
    const pattern = field.pattern as [string, string] | undefined;
    if (pattern && typeof value === 'string' && !new RegExp(pattern[0]).test(value)) return pattern[1];
    if (typeof value === 'string' && typeof field.maxlength === 'number' && value.length > field.maxlength) return `At most ${field.maxlength} characters.`;
    if (typeof value === 'string' && typeof field.minlength === 'number' && value.length < field.minlength) return `At least ${field.minlength} characters.`;
    if (typeof value === 'number' && typeof field.min === 'number' && value < field.min) return `At least ${field.min}.`;
    if (typeof value === 'number' && typeof field.max === 'number' && value > field.max) return `At most ${field.max}.`;
    return undefined;
  };
  const accent = 'var(--sui-primary-accent-color-text, #1565c0)';
  const style = {
    list: { display: 'grid', gap: '8px' },
    row: { border: '1px solid var(--sui-secondary-border-color, #c4c4c4)', borderRadius: '4px', padding: '8px 12px 12px', margin: 0, display: 'grid', gap: '8px' },
    legend: { fontWeight: 600, padding: '0 4px' },
    label: { display: 'block', fontWeight: 600, marginBottom: '4px' },
    error: { color: 'var(--sui-error-foreground-color, #b00020)', margin: '4px 0 0' },
    button: { font: 'inherit', padding: '6px 12px', borderRadius: '4px', border: `1px solid ${accent}`, background: 'transparent', color: accent, cursor: 'pointer', justifySelf: 'start' },
  };
  interface Self {
    props: { field: unknown; value: unknown; forID: string; classNameWrapper: string; onChange(value: unknown): void };
    field(): Field;
    rows(): Row[];
    set(rows: Row[]): void;
  }
  const control = w.createClass({
    displayName: 'ListWithStart',
    field(this: Self): Field {
      return plain(this.props.field) as Field;
    },
    rows(this: Self): Row[] {
      const value = plain(this.props.value);
      return Array.isArray(value) ? (value as Row[]) : [];
    },
    set(this: Self, rows: Row[]) {
      const fields = this.field().fields as Field[];
      this.props.onChange(rows.map((row) => ordered(fields, row)));
    },
    /** Sveltia asks before it saves: each row's fields checked as the list's own fields would be. */
    isValid(this: Self) {
      const field = this.field();
      const singular = String(field.label_singular ?? 'item');
      for (const [i, row] of this.rows().entries()) {
        for (const sub of field.fields as Field[]) {
          const wrong = sub.widget === 'hidden' ? undefined : problem(sub, row[sub.name]);
          if (wrong) return { error: { message: `${singular.charAt(0).toUpperCase()}${singular.slice(1)} ${i + 1}, ${sub.label}: ${wrong}` } };
        }
      }
      return true;
    },
    render(this: Self) {
      const field = this.field();
      const fields = (field.fields as Field[]).filter((f) => f.widget !== 'hidden');
      const singular = String(field.label_singular ?? 'item');
      const Singular = `${singular.charAt(0).toUpperCase()}${singular.slice(1)}`;
      const rows = this.rows();
      const start = field.start as { label: string; value: Row[] } | undefined;
      const id = String(this.props.forID);
      return h('div', { className: this.props.classNameWrapper, style: style.list },
        rows.length === 0 && start ? h('button', { type: 'button', style: style.button, onClick: () => this.set(structuredClone(start.value)) }, start.label) : null,
        ...rows.map((row, i) => h('fieldset', { key: i, style: style.row },
          h('legend', { style: style.legend }, `${Singular} ${i + 1}`),
          ...fields.map((sub) => {
            const type = CMS.getFieldType(sub.widget);
            const subId = `${id}-${i}-${sub.name}`;
            const update = (value: unknown) => this.set(rows.map((r, k) => (k === i ? { ...r, [sub.name]: plain(value) } : r)));
            // A value typed wrong is told beside it at once (an empty one when Sveltia asks, in isValid).
            // Sveltia's controls name their label and message by their id: `${id}-label`, `${id}-error`.
            const wrong = empty(row[sub.name]) ? undefined : problem(sub, row[sub.name]);
            return h('div', { key: sub.name },
              h('label', { htmlFor: subId, id: `${subId}-label`, style: style.label }, sub.label),
              h(type!.control, { field: sub, value: row[sub.name], forID: subId, classNameWrapper: '', onChange: update, required: sub.required !== false, invalid: !!wrong }),
              wrong ? h('p', { id: `${subId}-error`, style: style.error }, wrong) : null);
          }),
          h('button', { type: 'button', style: style.button, onClick: () => this.set(rows.filter((_, k) => k !== i)) }, `Remove ${singular} ${i + 1}`))),
        h('button', { type: 'button', style: style.button, onClick: () => this.set([...rows, {}]) }, `Add ${singular}`));
    },
  });
  CMS.registerFieldType(name, control);
}
