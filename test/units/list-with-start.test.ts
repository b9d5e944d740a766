// A list the editor starts from another value ("Start from the practice's hours"): the schema asks for
// it, the build reads the value from the content, and the field type checks each row as the list's own
// fields would. Drawn and saved in the real editor by test/browser/office-day.slow.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { fieldOf, jsonSchemaOf } from '../../src/admin/fields.ts';
import { filledStarts, LIST_WITH_START, listWithStartCode } from '../../src/admin/list-with-start.ts';
import { listWithStart } from '../../src/client/list-with-start.js';

const start = { from: 'site.hours', label: 'Start from the usual hours' };
const row = z.object({ days: z.array(z.enum(['Mo', 'Sa'])).min(1), opens: z.string().regex(/^\d\d:\d\d$/, 'a time like "08:00"').meta({ description: 'Like 08:00.' }), note: z.string().max(5).optional() });
const listField = (schema: z.ZodType) => fieldOf('hours', jsonSchemaOf(schema) as never, false, false);

describe('a list that starts from another value', () => {
  it('is the field type of its own, with its rows\' fields and the start the schema gives', () => {
    const field = listField(z.array(row).optional().meta({ cms: { start } }));
    expect(field).toMatchObject({ name: 'hours', widget: LIST_WITH_START, start });
    expect((field.fields as { name: string }[]).map((f) => f.name)).toEqual(['days', 'opens', 'note']);
    // Without a start, the editor's own list.
    expect(listField(z.array(row).optional()).widget).toBe('list');
  });

  it('refuses, naming the field, a start on what the field type cannot draw', () => {
    expect(() => listField(z.array(z.object({ at: z.object({ lat: z.number() }) })).meta({ cms: { start } }))).toThrow(/field "hours" .*its field "at" is a object/);
    expect(() => listField(z.string().meta({ cms: { start } }))).toThrow(/field "hours" has a start \(site\.hours\) but is not a list/);
    expect(() => listField(z.array(z.string()).meta({ cms: { start } }))).toThrow(/field "hours" has a start \(site\.hours\) but is not a list of rows/);
    expect(() => listField(z.object({ opens: z.string() }).meta({ cms: { start } }))).toThrow(/but is not a list of rows/);
    // A start needs its path and the words of its button (a button without words has no name to hear).
    for (const wrong of [{ from: 'site.hours' }, { from: 'site.hours', label: ' ' }, { label: 'Start' }]) {
      expect(() => listField(z.array(row).meta({ cms: { start: wrong } })), JSON.stringify(wrong)).toThrow(/has a start without a path to start from and the words of its button/);
    }
    expect(() => listField(z.array(z.object({ at: z.object({ lat: z.number() }) })).meta({ cms: { start } }))).toThrow(/\(only boolean, datetime, number, select, string, text\)$/);
    // Every kind of value a schema gives a field for the editor to draw, and a developer's hidden value
    // (kept as it is), are rows it can draw.
    const kinds = { on: z.boolean(), day: z.iso.date(), n: z.number(), pick: z.enum(['a', 'b']), short: z.string(), long: z.string().max(500), at: z.object({ lat: z.number() }).meta({ cms: { widget: 'hidden' } }) };
    const mixed = listField(z.array(z.object(kinds)).meta({ cms: { start } }));
    expect(mixed.widget).toBe(LIST_WITH_START);
    expect((mixed.fields as { widget: string }[]).map((f) => f.widget)).toEqual(['boolean', 'datetime', 'number', 'select', 'string', 'text', 'hidden']);
  });

  it('takes its start from the content as the build has it, and keeps the configuration it was given', () => {
    const config = { collections: [{ files: [{ fields: [{ name: 'items', widget: 'list', default: null, fields: [listField(z.array(row).meta({ cms: { start } }))] }] }] }] };
    const hours = [{ days: ['Mo'], opens: '07:30' }];
    const filled = filledStarts(config, { site: { hours } });
    expect(filled.collections[0]!.files[0]!.fields[0]!.fields[0]).toMatchObject({ start: { label: start.label, value: hours } });
    expect(config.collections[0]!.files[0]!.fields[0]!.fields[0]).toMatchObject({ start });
    // Every other part as it was: lists stay lists, words and numbers as they were.
    const field = config.collections[0]!.files[0]!.fields[0]!.fields[0]!;
    expect(filled).toEqual({ collections: [{ files: [{ fields: [{ name: 'items', widget: 'list', default: null, fields: [{ ...field, start: { label: start.label, value: hours } }] }] }] }] });
    for (const content of [{ site: {} }, { site: { hours: 'Mo-Fr' } }, { site: null }, { site: 'hours' }, {}, { site: { hours: null } }]) {
      expect(() => filledStarts(config, content), JSON.stringify(content)).toThrow(/^field "hours" starts from site\.hours, which is not a list in the content$/);
    }
    // A key the content does not hold itself (one every object inherits) is no value.
    expect(() => filledStarts({ fields: [{ ...field, start: { ...start, from: 'site.constructor' } }] }, { site: {} })).toThrow(/not a list/);
    // A start on another field type is not one of ours: left as it is.
    const other = { fields: [{ name: 'x', widget: 'list', start }] };
    expect(filledStarts(other, {})).toEqual(other);
  });

  it('is code the editor\'s page runs as it is: a module with the field type', async () => {
    const module = (await import(`data:text/javascript,${encodeURIComponent(listWithStartCode())}`)) as { listWithStart?: unknown };
    expect(typeof module.listWithStart).toBe('function');
  });
});

describe('the field type in the editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The editor's page, as far as the field type touches it: the sheet of its look goes into <head>. */
  const sheets: string[] = [];
  const stubPage = () => vi.stubGlobal('document', { createElement: () => ({ textContent: '' }), head: { append: (sheet: { textContent: string }) => sheets.push(sheet.textContent) } });

  /** The field type as the editor's page registers it, with React's createClass standing in as the spec itself. */
  function registered() {
    let spec: Record<string, (...args: unknown[]) => unknown> | undefined;
    let name: string | undefined;
    stubPage();
    vi.stubGlobal('window', { h: (...args: unknown[]) => args, createClass: (s: typeof spec) => s });
    listWithStart({ registerFieldType: (n, control) => ((name = n), (spec = control as typeof spec)), getFieldType: () => ({ control: 'input' }) }, LIST_WITH_START);
    const field = listField(z.array(row).meta({ cms: { start } }));
    // As Sveltia asks: the instance (React's createClass puts the spec's methods on it) and the value it saves.
    const check = (value: unknown) => spec!.isValid!.call({ ...spec, props: { field: { ...field, label_singular: 'row' }, value: 'not this' } }, value);
    return { name, check };
  }

  it('checks counts, lengths and ranges as the fields give them; a developer\'s hidden value is not checked', () => {
    let spec: Record<string, (...args: unknown[]) => unknown> | undefined;
    stubPage();
    vi.stubGlobal('window', { h: () => null, createClass: (s: typeof spec) => s });
    listWithStart({ registerFieldType: (_, control) => (spec = control as typeof spec), getFieldType: () => ({ control: 'input' }) }, LIST_WITH_START);
    const fields = [
      { name: 'c', label: 'C', widget: 'select', multiple: true, min: 2 },
      { name: 's', label: 'S', widget: 'string', minlength: 3, maxlength: 5 },
      { name: 'n', label: 'N', widget: 'number', min: 1, max: 5 },
      { name: 'h', label: 'H', widget: 'hidden' },
    ];
    const check = (row: object) => spec!.isValid!.call({ ...spec, props: { field: { label_singular: 'row', fields }, value: [row] } });
    const fine = { c: ['a', 'b'], s: 'abc', n: 1 };
    expect(check(fine)).toBe(true);
    expect(check({ ...fine, s: 'abcde', n: 5 })).toBe(true);
    expect(check({ ...fine, c: ['a'] })).toEqual({ error: { message: 'Row 1, C: Choose at least 2.' } });
    expect(check({ ...fine, s: 'ab' })).toEqual({ error: { message: 'Row 1, S: At least 3 characters.' } });
    expect(check({ ...fine, s: 'abcdef' })).toEqual({ error: { message: 'Row 1, S: At most 5 characters.' } });
    expect(check({ ...fine, n: 0 })).toEqual({ error: { message: 'Row 1, N: At least 1.' } });
    expect(check({ ...fine, n: 6 })).toEqual({ error: { message: 'Row 1, N: At most 5.' } });
    // A number's range is not a length, nor a list's count: 12 is "at most 5", not "at least 3 characters".
    expect(check({ ...fine, n: 12 })).toEqual({ error: { message: 'Row 1, N: At most 5.' } });
  });

  it('checks each row as the list\'s fields would, naming the row and the field', () => {
    const { check } = registered();
    expect(check([{ days: ['Mo'], opens: '08:00' }])).toBe(true);
    expect(check([])).toBe(true);
    expect(check(undefined)).toBe(true);
    expect(check([{ days: ['Mo'], opens: '08:00' }, { days: ['Sa'], opens: '9:00' }])).toEqual({ error: { message: 'Row 2, Opens: Must be a time like "08:00"' } });
    expect(check([{ days: [], opens: '08:00' }])).toEqual({ error: { message: 'Row 1, Days: This field is required.' } });
    expect(check([{ days: ['Mo'] }])).toEqual({ error: { message: 'Row 1, Opens: This field is required.' } });
    expect(check([{ days: ['Mo'], opens: '08:00', note: 'too long' }])).toEqual({ error: { message: 'Row 1, Note: At most 5 characters.' } });
    expect(check([{ days: ['Mo'], opens: '' }])).toEqual({ error: { message: 'Row 1, Opens: This field is required.' } });
    expect(check([{ days: ['Mo'], opens: null }])).toEqual({ error: { message: 'Row 1, Opens: This field is required.' } });
    // An optional field left empty is fine; one filled in is checked.
    expect(check([{ days: ['Mo'], opens: '08:00', note: '' }])).toBe(true);
    // The value as an Immutable list (what the editor may hand a field type) is read as plain data.
    expect(check({ toJS: () => [{ days: ['Sa'], opens: 'x' }] })).toEqual({ error: { message: 'Row 1, Opens: Must be a time like "08:00"' } });
  });

  /** Draws the field type with React's createElement standing in as a tree of plain objects. */
  interface Node { type: unknown; props: Record<string, unknown>; children: (Node | string | null)[] }
  function draw(value: unknown, options: { start?: boolean | 'empty' } = {}) {
    let spec: Record<string, (...args: unknown[]) => unknown> | undefined;
    stubPage();
    vi.stubGlobal('window', { h: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props: props ?? {}, children: children.flat() }), createClass: (s: typeof spec) => s });
    listWithStart({ registerFieldType: (_, control) => (spec = control as typeof spec), getFieldType: (name) => ({ control: `control:${name}` }) }, LIST_WITH_START);
    const base = listField(z.array(row.extend({ id: z.string().meta({ cms: { widget: 'hidden' } }).optional() })).meta({ cms: { start } }));
    const field = { ...base, label_singular: 'row', start: options.start === false ? undefined : { label: start.label, value: options.start === 'empty' ? [] : [{ opens: '08:00', days: ['Mo'] }] } };
    const changes: unknown[] = [];
    const self = { ...spec, props: { field, value, forID: 'f', classNameWrapper: 'wrap', onChange: (v: unknown) => changes.push(v) } };
    const tree = spec!.render!.call(self) as Node;
    const all = (node: Node | string | null | undefined, out: Node[] = []): Node[] => {
      if (node && typeof node === 'object') {
        out.push(node);
        for (const child of node.children) all(child, out);
      }
      return out;
    };
    const text = (node: Node): string => node.children.map((c) => (typeof c === 'string' ? c : c ? text(c) : '')).join('');
    const nodes = all(tree);
    const button = (words: string) => nodes.find((n) => n.type === 'button' && text(n) === words);
    return { tree, nodes, text, button, changes };
  }

  it('offers the start while the list is empty, and fills it with a copy of the start\'s rows, in the fields\' order', () => {
    const { button, changes, tree } = draw([]);
    // The editor's class for the field, and the field type's own, which its sheet styles.
    expect(tree.props.className).toBe('wrap list-with-start');
    expect(sheets.at(-1)).toMatch(/^\.list-with-start \{/);
    expect(button(start.label)!.props.type).toBe('button');
    (button(start.label)!.props.onClick as () => void)();
    expect(changes).toEqual([[{ days: ['Mo'], opens: '08:00' }]]);
    expect(Object.keys((changes[0] as object[])[0]!)).toEqual(['days', 'opens']);
    expect(draw(undefined).button(start.label)).toBeDefined();
    // Rows there already, or no start given: no such button.
    expect(draw([{ days: ['Sa'], opens: '09:00' }]).button(start.label)).toBeUndefined();
    expect(draw([], { start: false }).button(start.label)).toBeUndefined();
    expect(draw([], { start: 'empty' }).button(start.label)).toBeUndefined(); // nothing to start from
  });

  it('draws each row as a group of labelled fields, and adds, changes and removes rows', () => {
    const rows = [{ days: ['Mo'], opens: '08:00' }, { days: ['Sa'], opens: '09:00', id: 'x' }];
    const { nodes, text, button, changes } = draw(rows);
    const groups = nodes.filter((n) => n.type === 'fieldset');
    expect(groups.map((g) => text(g.children[0] as Node))).toEqual(['Row 1', 'Row 2']);
    // Each field labelled, the editor's control given the value; the hidden one not drawn.
    const labels = nodes.filter((n) => n.type === 'label' && n.props.htmlFor);
    expect(labels.map((l) => [l.props.htmlFor, l.props.id, text(l)])).toEqual([
      ['f-0-opens', 'f-0-opens-label', 'Opens'], ['f-0-note', 'f-0-note-label', 'Note'],
      ['f-1-opens', 'f-1-opens-label', 'Opens'], ['f-1-note', 'f-1-note-label', 'Note'],
    ]);
    // A choice of several is a group of boxes named by its label, each box by its option, ticked as the row has it.
    const groups_ = nodes.filter((n) => n.props.role === 'group');
    expect(groups_.map((g) => [g.props['aria-labelledby'], text(nodes.find((n) => n.props.id === g.props['aria-labelledby'])!)])).toEqual([['f-0-days-label', 'Days'], ['f-1-days-label', 'Days']]);
    const boxes = (g: Node) => g.children.map((l) => [text(l as Node).trim(), ((l as Node).children[0] as Node).props.checked]);
    expect(groups_.map(boxes)).toEqual([[['Mo', true], ['Sa', false]], [['Mo', false], ['Sa', true]]]);
    const controls = nodes.filter((n) => typeof n.type === 'string' && n.type.startsWith('control:'));
    expect(controls.map((c) => [c.type, c.props.forID, c.props.value, c.props.required, c.props.invalid])).toEqual([
      ['control:string', 'f-0-opens', '08:00', true, false], ['control:string', 'f-0-note', undefined, false, false],
      ['control:string', 'f-1-opens', '09:00', true, false], ['control:string', 'f-1-note', undefined, false, false],
    ]);
    (controls[2]!.props.onChange as (v: unknown) => void)('10:00');
    // Ticking Monday in row 2 keeps the options' order: Mo before Sa.
    (((groups_[1]!.children[0] as Node).children[0] as Node).props.onChange as () => void)();
    // Buttons that never submit a form the editor may put around them.
    expect(nodes.filter((n) => n.type === 'button').map((b) => [text(b), b.props.type])).toEqual([['Remove row 1', 'button'], ['Remove row 2', 'button'], ['Add row', 'button']]);
    (button('Remove row 1')!.props.onClick as () => void)();
    (button('Add row')!.props.onClick as () => void)();
    expect(changes).toEqual([
      [rows[0], { days: ['Sa'], opens: '10:00', id: 'x' }],
      [rows[0], { days: ['Mo', 'Sa'], opens: '09:00', id: 'x' }],
      [{ days: ['Sa'], opens: '09:00', id: 'x' }],
      // A new row is never {} (the editor stores that as nothing): each field it asks for, empty.
      [...rows, { days: [], opens: '' }],
    ]);
  });

  it('shows each field\'s hint, and starts a new row with the fields\' defaults (a switch off)', () => {
    const { nodes, text } = draw([{ days: ['Mo'], opens: '08:00' }]);
    expect(nodes.filter((n) => n.props.className === 'hint').map((n) => [n.props.id, text(n)])).toEqual([['f-0-opens-hint', 'Like 08:00.']]);
    let spec: Record<string, (...args: unknown[]) => unknown> | undefined;
    listWithStart({ registerFieldType: (_, control) => (spec = control as typeof spec), getFieldType: () => undefined }, LIST_WITH_START);
    const changes: unknown[] = [];
    const fields = [{ name: 'on', label: 'On', widget: 'boolean' }, { name: 'n', label: 'N', widget: 'number', default: 3 }, { name: 's', label: 'S', widget: 'string' }];
    const tree = spec!.render!.call({ ...spec, props: { field: { label_singular: 'row', fields }, value: [{ s: 'x' }], forID: 'g', classNameWrapper: '', onChange: (v: unknown) => changes.push(v) } }) as Node;
    const all: Node[] = [];
    const walk = (n: Node | string | null) => n && typeof n === 'object' && (all.push(n), n.children.forEach(walk));
    walk(tree);
    (all.find((n) => n.type === 'button' && text(n) === 'Add row')!.props.onClick as () => void)();
    expect(changes).toEqual([[{ s: 'x' }, { on: false, n: 3, s: '' }]]);
    // A field type the editor does not offer here is said, not a broken entry.
    expect(all.filter((n) => n.type === 'p').map(text)).toContain('This field cannot be changed here.');
  });

  it('tells a value typed wrong beside its field, and nothing of one not yet typed', () => {
    const { nodes, text } = draw([{ days: ['Mo'], opens: '9:00' }, { days: [], opens: '' }]);
    const errors = nodes.filter((n) => n.type === 'p' && n.props.className !== 'hint');
    expect(errors.map((e) => [e.props.id, text(e)])).toEqual([['f-0-opens-error', 'Must be a time like "08:00"']]);
    const opens = nodes.find((n) => n.props.forID === 'f-0-opens')!;
    expect(opens.props.invalid).toBe(true);
  });
});
