// A content schema as the editor's fields: each property of zod's JSON Schema (input side) becomes a Sveltia field with
// the same rules, so the editor refuses what the build would. `.meta({ cms: { … } })` sets a label, hint or widget.
import * as z from 'zod';
import { labelOf } from '../content/field-words.ts';
import { MEDIA_TYPES } from '../output/static-policy.ts';
import type { Vocabulary } from '../site/definition.ts';
import { withStart, type StartFrom } from './list-with-start.ts';

/** A node of the JSON Schema zod writes (the parts the editor can use). */
interface JsonNode {
  type?: string | string[];
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  additionalProperties?: JsonNode | boolean;
  anyOf?: JsonNode[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  /** The message of `z.string().regex(re, message)`. */
  patternMessage?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
  default?: unknown;
  /** Set on a schema with .meta({ cms: … }): merged into the field as written. */
  cms?: Record<string, unknown>;
}

export type CmsField = Record<string, unknown> & { name: string; widget: string };

export type { Vocabulary };

export function jsonSchemaOf(schema: z.ZodType): JsonNode {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    // A pattern's message (JSON Schema has no place for it) is kept beside it, so the editor checks the
    // pattern with the build's words, whatever other metadata the schema was given after it.
    override: ({ zodSchema, jsonSchema }) => {
      const checks = (zodSchema as { _zod?: { def?: { checks?: { _zod?: { def?: { format?: string; pattern?: RegExp; error?: (issue: unknown) => unknown } } }[] } } })._zod?.def?.checks ?? [];
      for (const check of checks) {
        const def = check._zod?.def;
        const message = def?.format === 'regex' ? def.error?.({}) : undefined;
        if (typeof message === 'string' && message.trim()) (jsonSchema as JsonNode).patternMessage = message;
      }
    },
  }) as JsonNode;
}

const SAFE_MAX = Number.MAX_SAFE_INTEGER;
/** A value the editor has no field for (a map of lists): left out, so the editor keeps it as it is. */
const UNEDITABLE = 'uneditable';

/** One property's field (`i18n`: per-locale); label and hint from `.meta({ cms })`, else the site's words, else the name. */
export function fieldOf(name: string, node: JsonNode, required: boolean, i18n: boolean, words: Vocabulary = {}): CmsField {
  // Nullable (anyOf [X, null]), or "" allowed (the editor's empty choice): X, left empty.
  const filled = node.anyOf?.filter((n) => n.type !== 'null' && n.const !== '');
  if (filled && filled.length === 1 && filled.length < node.anyOf!.length) {
    return fieldOf(name, { ...filled[0], description: node.description ?? filled[0]!.description, cms: { ...filled[0]!.cms, ...node.cms } }, false, i18n, words);
  }
  const word = Object.hasOwn(words, name) ? words[name]! : undefined;
  const base: Record<string, unknown> = { name, label: typeof word === 'string' ? word : (word?.label ?? labelOf(name)) };
  if (typeof word === 'object' && word.hint) base.hint = word.hint;
  // A list's "Add …" button names one item.
  const singular = typeof word === 'object' ? word.singular : undefined;
  // A new entry starts with what the schema fills in for a missing key.
  if (node.default !== undefined && node.default !== null) base.default = node.default;
  const nullable = Array.isArray(node.type) && node.type.includes('null');
  if (!required || nullable) base.required = false;
  if (i18n) base.i18n = true;
  if (node.description) base.hint = node.description;
  const made = widgetOf(node, i18n, words);
  if (singular && made.widget === 'list') {
    made.label_singular = singular; // the list's own setting: not for a widget the schema chose instead (a relation)
    // Each item of a list of plain values is labelled by what it is ("Plan"), not "Item".
    const item = made.field as CmsField | undefined;
    if (item?.name === 'item') made.field = { ...item, label: `${singular.charAt(0).toUpperCase()}${singular.slice(1)}` };
  }
  // A paragraph gets a box of several lines, where a string gets one.
  if (typeof word === 'object' && word.widget && made.widget === 'string') made.widget = word.widget;
  // A schema's own widget gets only its own settings; a hidden one (a developer's setting) shows nothing and keeps its value.
  if (node.cms?.widget === 'hidden') return { name, label: base.label, widget: 'hidden', ...(i18n ? { i18n: 'duplicate' } : {}) } as CmsField;
  const field = (node.cms?.widget && node.cms.widget !== made.widget ? { ...base, ...node.cms } : { ...base, ...made, ...node.cms }) as CmsField;
  // A value every language shares is typed once and copied to each language's file: only where there are several.
  if (field.i18n === 'duplicate' && !i18n) delete field.i18n;
  // Uploads only of the types the build publishes (output/static-policy.ts); no typed-in address (a photo it cannot vouch for).
  // In a file of each language, a photo is one for all (uploaded on one language's side, it was missing on the other's).
  if (field.widget === 'image') return { ...field, accept: UPLOAD_ACCEPT.image, choose_url: false, ...(i18n ? { i18n: 'duplicate' } : {}) };
  if (field.widget === 'file') return { ...field, accept: UPLOAD_ACCEPT.file, choose_url: false };
  // An optional group holding such a photo is there in every language or none, as the build requires: it follows the first
  // language's, each language keeping its own description. Per language, a photo added on one side was shown ticked on the
  // other and saved without it, its description lost (sveltia/sveltia-cms#629 names the cure).
  if (field.widget === 'object' && field.required === false && (field.fields as CmsField[] | undefined)?.some((f) => f.widget === 'image' && f.i18n === 'duplicate')) return { ...field, i18n: 'duplicate' };
  // A list that starts from another value: list-with-start.ts.
  if (field.start) return withStart(field, field.start as StartFrom);
  return field;
}

/** The types an image or file field accepts (HTML accept syntax), as the uploads folder publishes them. */
export const UPLOAD_ACCEPT = {
  // A photo box takes the photos the images plugin processes; a drawing (SVG) or a PDF goes in a file box.
  image: MEDIA_TYPES.filter((type) => type !== '.pdf' && type !== '.svg').join(','),
  file: MEDIA_TYPES.join(','),
};

/** A choice of fixed values (an enum, or a union of literals), as the schema has them: a number saved as text would be refused. */
const choicesOf = (node: JsonNode): unknown[] | undefined => node.enum ?? (node.anyOf?.length && node.anyOf.every((n) => n.const !== undefined) ? node.anyOf.map((n) => n.const) : undefined);

function widgetOf(node: JsonNode, i18n: boolean, words: Vocabulary): Record<string, unknown> & { widget: string } {
  const choices = choicesOf(node);
  if (choices) return { widget: 'select', options: choices };
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'string': {
      const field: Record<string, unknown> & { widget: string } = { widget: (node.maxLength ?? 0) > 200 || (node.minLength ?? 0) > 60 ? 'text' : 'string' };
      if (node.const !== undefined) return { widget: 'select', options: [String(node.const)] };
      // The browser's own e-mail check takes what the build refuses ("name.@example.org"): the build's pattern too.
      if (node.format === 'email') Object.assign(field, { type: 'email', ...(node.pattern ? { pattern: [node.pattern, 'Must be an e-mail address like name@example.org'] } : {}) });
      else if (node.format === 'uri') field.type = 'url';
      // The editor checks a pattern only with the schema's words (a bare regex means nothing to editors); the build always does.
      else if (node.format === 'date') return { widget: 'datetime', time_format: false, format: 'YYYY-MM-DD' };
      if (node.pattern && node.patternMessage) field.pattern = [node.pattern, `Must be ${node.patternMessage}`];
      if (node.minLength && node.minLength > 1) field.minlength = node.minLength;
      if (node.maxLength) field.maxlength = node.maxLength;
      return field;
    }
    case 'integer':
    case 'number': {
      if (typeof node.const === 'number') return { widget: 'number', value_type: type === 'integer' ? 'int' : 'float', min: node.const, max: node.const };
      const field: Record<string, unknown> & { widget: string } = { widget: 'number', value_type: type === 'integer' ? 'int' : 'float' };
      const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + (type === 'integer' ? 1 : 0) : undefined);
      if (min !== undefined && min > -SAFE_MAX) field.min = min;
      if (node.maximum !== undefined && node.maximum < SAFE_MAX) field.max = node.maximum;
      return field;
    }
    case 'boolean':
      return { widget: 'boolean' };
    case 'array': {
      const items = node.items ?? {};
      const counts: Record<string, unknown> = {};
      if (node.minItems) counts.min = node.minItems;
      if (node.maxItems) counts.max = node.maxItems;
      // Options may carry labels: .meta({ cms: { options: [{ label, value }] } }).
      const itemChoices = choicesOf(items);
      if (itemChoices) return { widget: 'select', multiple: true, options: items.cms?.options ?? itemChoices, ...counts };
      if (items.type === 'object' || items.properties) return { widget: 'list', fields: fieldsOf(items, i18n, words), ...counts };
      return { widget: 'list', field: fieldOf('item', items, true, i18n, words), ...counts };
    }
    case 'object': {
      if (node.properties) return { widget: 'object', fields: fieldsOf(node, i18n, words) };
      // A map of names to text is Sveltia's key-value field; a map of anything else it cannot edit.
      const values = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
      if (values?.type === 'string') return { widget: 'keyvalue' };
      return { widget: UNEDITABLE };
    }
    default:
      return { widget: 'code', output_code_only: true };
  }
}

export function fieldsOf(node: JsonNode, i18n: boolean, words: Vocabulary = {}): CmsField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, child]) => fieldOf(name, child, required.has(name), i18n, words)).filter((field) => field.widget !== UNEDITABLE);
}

/** A whole file's fields: an object's properties, or for a top-level list one list field saved at the root. */
export function fileFields(schema: z.ZodType, i18n: boolean, words: Vocabulary = {}): CmsField[] {
  const node = jsonSchemaOf(schema);
  if (node.type === 'array') return [{ ...fieldOf('items', node, true, i18n, words), label: 'Entries', ...node.cms, root: true }];
  return fieldsOf(node, i18n, words);
}
