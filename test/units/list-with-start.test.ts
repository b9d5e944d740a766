// A list the editor starts from another value ("Start from the practice's hours"): the schema asks for
// it, the build reads the value from the content, and the field type checks each row as the list's own
// fields would. Drawn and saved in the real editor by test/browser/office-day.slow.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { fieldOf, jsonSchemaOf } from '../../src/admin/fields.ts';
import { filledStarts, LIST_WITH_START } from '../../src/admin/list-with-start.ts';
import { listWithStart } from '../../src/client/list-with-start.js';

const start = { from: 'site.hours', label: 'Start from the usual hours' };
const row = z.object({ days: z.array(z.enum(['Mo', 'Sa'])).min(1), opens: z.string().regex(/^\d\d:\d\d$/, 'a time like "08:00"'), note: z.string().max(5).optional() });
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
  });

  it('takes its start from the content as the build has it, and keeps the configuration it was given', () => {
    const config = { collections: [{ files: [{ fields: [{ name: 'items', widget: 'list', fields: [listField(z.array(row).meta({ cms: { start } }))] }] }] }] };
    const hours = [{ days: ['Mo'], opens: '07:30' }];
    const filled = filledStarts(config, { site: { hours } });
    expect(filled.collections[0]!.files[0]!.fields[0]!.fields[0]).toMatchObject({ start: { label: start.label, value: hours } });
    expect(config.collections[0]!.files[0]!.fields[0]!.fields[0]).toMatchObject({ start });
    expect(() => filledStarts(config, { site: {} })).toThrow(/field "hours" starts from site\.hours, which is not a list in the content/);
    expect(() => filledStarts(config, { site: { hours: 'Mo-Fr' } })).toThrow(/not a list/);
  });
});

describe('the field type in the editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The field type as the editor's page registers it, with React's createClass standing in as the spec itself. */
  function registered() {
    let spec: Record<string, (...args: unknown[]) => unknown> | undefined;
    let name: string | undefined;
    vi.stubGlobal('window', { h: (...args: unknown[]) => args, createClass: (s: typeof spec) => s });
    listWithStart({ registerFieldType: (n, control) => ((name = n), (spec = control as typeof spec)), getFieldType: () => ({ control: 'input' }) }, LIST_WITH_START);
    const field = listField(z.array(row).meta({ cms: { start } }));
    const check = (value: unknown) => spec!.isValid!.call({ props: { field: { ...field, label_singular: 'row' }, value }, field: spec!.field, rows: spec!.rows });
    return { name, check };
  }

  it('is registered under the name the configuration gives', () => {
    expect(registered().name).toBe(LIST_WITH_START);
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
    // The value as an Immutable list (what the editor may hand a field type) is read as plain data.
    expect(check({ toJS: () => [{ days: ['Sa'], opens: 'x' }] })).toEqual({ error: { message: 'Row 1, Opens: Must be a time like "08:00"' } });
  });
});
