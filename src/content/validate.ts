// Checks parsed data against its schema; each zod issue becomes a readable problem (key path, expected, found, a hint).
import * as z from 'zod';
import { inFile, keyPath, type Detail, type Problem } from '../problems/problem.ts';
import type { Vocabulary } from '../site/definition.ts';
import { fieldWords, isChoiceList, schemaAt } from './field-words.ts';
import type { ParsedFile } from './read-file.ts';
import { didYouMean } from './suggest.ts';
import './zod-config.ts';

/** A value shown in a message: at most 40 characters. */
const short = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}...` : text);

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'string') return `"${short(value)}"`;
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${String(value)}`;
}

/** Dates as other generators and feeds name them, which a slip's distance would match to the wrong key ("unpublishdate": publishDate). */
const OTHER_NAMES: Record<string, string> = { unpublishdate: 'expiryDate', expires: 'expiryDate', expiry: 'expiryDate', expiredate: 'expiryDate', expirationdate: 'expiryDate', unpublish: 'expiryDate', publishon: 'publishDate', pubdate: 'publishDate' };
const theirName = (key: string, known: readonly string[]) => {
  const ours = OTHER_NAMES[key.toLowerCase().replace(/[_-]/g, '')];
  return ours && known.includes(ours) ? ` (did you mean "${ours}"?)` : '';
};

/** A choice that may be left empty (a union of options and ""): its own issue names the options. */
const choiceIn = (issue: z.core.$ZodIssue) => (issue.code === 'invalid_union' ? issue.errors.flat().find((branch) => branch.code === 'invalid_value' && branch.values.length > 1) : undefined);

function issueDetails(issue: z.core.$ZodIssue, schema: z.ZodType, top: TopKeys = {}): Detail[] {
  const path = keyPath(issue.path);
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      // A date is a string to zod: said as the form it takes.
      const format = issue.expected === 'string' ? schemaAt(schema, issue.path)?.def.format : undefined;
      const expected = (format && FORMATS[format]) || issue.expected;
      if (input === undefined) return [{ path, message: `required, missing (expected ${expected})`, kind: 'missing' }];
      return [{ path, message: `expected ${expected}, found ${describe(input)}` }];
    }
    case 'unrecognized_keys': {
      const shape = schemaAt(schema, issue.path)?.def.shape;
      const known = [...(shape ? Object.keys(shape) : []), ...(top.engineKeys ?? [])];
      // A misspelt key most likely stands for one the file lacks: those are offered first.
      const present = input && typeof input === 'object' ? input : {};
      const lacking = known.filter((key) => !Object.hasOwn(present, key));
      return issue.keys.map((key) => ({
        path: keyPath([...issue.path, key]),
        message: `unknown key${top.keyNotes?.[key] ? `: ${top.keyNotes[key]}` : theirName(key, known) || didYouMean(key, lacking) || didYouMean(key, known)}`,
        kind: 'unknown-key' as const,
      }));
    }
    case 'too_small':
    case 'too_big': {
      const found = Array.isArray(input) ? `${input.length} items` : typeof input === 'string' ? `${input.length} characters` : describe(input);
      return [{ path, message: `${issue.message.replace(/^Too (small|big): expected \w+ to (have|be) /, 'expected ')}, found ${found}` }];
    }
    case 'invalid_union': {
      if (input === undefined) return [{ path, message: 'required, missing (expected one of the allowed forms)', kind: 'missing' }];
      const choice = choiceIn(issue);
      if (choice) return issueDetails({ ...choice, path: [...issue.path, ...choice.path] } as z.core.$ZodIssue, schema);
      return [{ path, message: `expected one of the allowed forms, found ${describe(input)}` }];
    }
    case 'custom':
      // A site's own rule (a refine), in its own words.
      return [{ path, message: issue.message }];
    default: {
      // zod's own words for a format it knows ("Invalid ISO date") are said as a person writes it.
      const known = issue.code === 'invalid_format' && /^Invalid/.test(issue.message) ? FORMATS[issue.format] : undefined;
      const said = known ?? issue.message.replace(/^Invalid (string|input|option): /, '');
      // The schema's own words may say the rule ("must be 1 to 5 stars") or what is expected ("a time like 08:00").
      return [{ path, message: `${OWN_SENTENCE.test(said) ? said : `expected ${said}`}, found ${describe(input)}` }];
    }
  }
}

/** A schema's own words that say the rule ("must be 1 to 5 stars", "Pick a weekday") rather than name what it takes ("a size"). */
const OWN_SENTENCE = /^(expected\b|must\b|[A-Z])/;

/** A format zod names in its own words ("Invalid ISO date"), as a person writes it. */
const FORMATS: Record<string, string> = {
  email: 'an e-mail address, like name@example.com',
  url: 'a full web address starting with https://',
  date: 'a date, year-month-day, like 2026-11-20',
  datetime: 'a date and time, like 2026-11-20T09:30:00Z',
  time: 'a time, like 09:30',
};
const formatWords = (format: string) => FORMATS[format] ?? format;

const KINDS: Record<string, string> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'on or off', array: 'a list', object: 'a group of fields', date: 'a date' };
const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** For the person who edits: what to do, with no type names or key paths. */
function plainWords(issue: z.core.$ZodIssue, choices: boolean, line: number): string {
  const input = (issue as { input?: unknown }).input;
  const empty = input === undefined || input === null || input === '' || (Array.isArray(input) && !input.length);
  // A rule the schema explains in its own words ("must be 1 to 5 stars") says it best.
  const own = (issue.code === 'too_small' || issue.code === 'too_big') && !/^Too (small|big)/.test(issue.message);
  if (own) return `${issue.message}${issue.code === 'too_big' && typeof input === 'string' ? `; it has ${input.length}` : ''}`;
  switch (issue.code) {
    case 'invalid_type':
      return empty ? 'is empty: fill it in' : `must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'unrecognized_keys':
      // One line a key, as the details are.
      return `has "${issue.keys[line]}", which is not one of its fields: remove it`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'array' && choices) return `choose at least ${min}`;
      if (issue.origin === 'array') return `needs at least ${rows(min)}; it has ${Array.isArray(input) ? (input.length ? input.length : 'none') : 'none'}`;
      if (issue.origin === 'string') return min <= 1 ? 'is empty: fill it in' : `is too short: at least ${min} characters`;
      return `must be ${min} or more`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array') return `has too many ${choices ? 'choices' : 'rows'}: at most ${max}, it has ${Array.isArray(input) ? input.length : 'more'}`;
      if (issue.origin === 'string') return `is too long: at most ${max} characters, it has ${typeof input === 'string' ? input.length : 'more'}`;
      return `must be ${max} or less`;
    }
    case 'invalid_format':
      // The schema's own explanation ("a 24-hour time like "08:00"") where it has one.
      return `must be ${/^Invalid/.test(issue.message) ? `written as ${formatWords(issue.format)}` : issue.message}${typeof input === 'string' ? `; it is "${short(input)}"` : ''}`;
    case 'invalid_value':
      if (empty) return 'is empty: choose one';
      return /^Invalid/.test(issue.message) ? 'must be one of the choices the editor offers' : OWN_SENTENCE.test(issue.message) ? issue.message : `must be ${issue.message}`;
    case 'custom':
      return issue.message;
    default: {
      const choice = empty ? undefined : choiceIn(issue);
      if (choice) return plainWords({ ...choice, input } as z.core.$ZodIssue, choices, line);
      return empty ? 'is empty: fill it in' : 'is not in a form this field takes';
    }
  }
}

/** A file as the editor names it ("Stores", "Recipes (French)"), and the site's words for field names. */
export interface FileWords {
  name: string;
  words?: Vocabulary;
  /** Top-level keys the engine reads before the schema (an entry's draft, publishDate, expiryDate): offered for a misspelt key. */
  engineKeys?: readonly string[];
  /** Top-level keys the engine reads only when the site turns them on, and what turns each on (an entry's slug). */
  keyNotes?: Readonly<Record<string, string>>;
}

/** What a file's top level takes beside its schema. */
export type TopKeys = Pick<FileWords, 'engineKeys' | 'keyNotes'>;

export function validate<T extends z.ZodType>(
  schema: T,
  parsed: ParsedFile,
  title: string,
  where?: FileWords,
): { ok: true; data: z.infer<T> } | { ok: false; problem: Problem } {
  const result = schema.safeParse(parsed.data ?? {}, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  const details = result.error.issues.flatMap((issue) => {
    const said = where ? [where.name, ...fieldWords(schema, parsed.data, issue.path, where.words)].join(' › ') : undefined;
    // Unknown keys are one issue for several keys: each is its own line, named in its own words.
    return issueDetails(issue, schema, issue.path.length ? {} : where).map((detail, line) => (said ? { ...detail, words: `${said}: ${plainWords(issue, isChoiceList(schema, issue.path), line)}` } : detail));
  });
  // Of the whole file: in the editor's words too, named by the file, not by a line of its text.
  details.push(...frontMatterHints(parsed, result.error.issues, schema).map((hint) => (where ? { ...hint, words: `${where.name}: ${hint.message}` } : hint)));
  // The first mistake on a line of its own: an unknown key at its key (often the missing one, misspelt), not at its mapping.
  let position: ReturnType<typeof parsed.positionOf>;
  for (const issue of result.error.issues) {
    if ((issue as { input?: unknown }).input === undefined) continue;
    position = parsed.positionOf(issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path);
    if (position) break;
  }
  position ??= parsed.positionOf(result.error.issues[0]!.path) ?? (parsed.bodyLine === 1 ? { line: 1, col: 1 } : undefined);
  return { ok: false, problem: inFile('content/schema', parsed.file, title, details, position) };
}

/** Markdown from elsewhere: fields missing from a file with no front matter, or a title its first heading would have given. */
function frontMatterHints(parsed: ParsedFile, issues: readonly z.core.$ZodIssue[], schema: z.ZodType): Detail[] {
  if (parsed.body === undefined) return [];
  const missing = issues.filter((issue) => issue.path.length === 1 && (issue as { input?: unknown }).input === undefined).map((issue) => `"${String(issue.path[0])}: …"`);
  // A file with no front matter: its body is the whole file (read-file.ts), its first heading its title.
  if (parsed.bodyLine === 1) {
    const heading = (parsed.data as { title?: string }).title;
    const takesTitle = !!schemaAt(schema, ['title']);
    if (!missing.length && (heading === undefined || takesTitle)) return [];
    // Front matter written, the heading stays text: its title is then written there too, where the page takes one.
    const keys = [...(heading !== undefined && takesTitle ? [`"title: ${short(heading)}"`] : []), ...missing];
    return [{ path: '', message: `the file has no front matter (its fields, between two "---" lines at its top): start it with "---", then ${keys.join(', ')}, one line per field, then "---"${heading !== undefined && !takesTitle ? `; its first heading, read as a title, is not a field of this kind of page and stays in its text once it has front matter` : ''}` }];
  }
  if (missing.includes('"title: …"') && /^\s*# /.test(parsed.body)) return [{ path: '', message: 'its first heading is its title only in a file with no front matter: with front matter, write "title: …" there' }];
  return [];
}

/** C0 controls but tab and line breaks, DEL, U+FFFE, U+FFFF, lone surrogates: invisible, and ill-formed in a feed. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Refused at its key's line: it would break feeds and reach pages unseen. */
export function controlCharacters(parsed: ParsedFile, title: string, where?: FileWords, schema?: z.ZodType): Problem | undefined {
  const details: Detail[] = [];
  let first: readonly PropertyKey[] | undefined;
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string') {
      const found = CONTROL.exec(value);
      if (!found) return;
      first ??= path;
      const code = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      const said = where ? [where.name, ...(schema ? fieldWords(schema, parsed.data, path, where.words) : [])].join(' › ') : undefined;
      details.push({ path: keyPath(path), message: `holds an invisible control character (${code}), which pages and feeds cannot show: type the text again, or delete the character`, ...(said ? { words: `${said}: holds an invisible character (often from text pasted from another program): type the text again` } : {}) });
    } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...path, i]));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  visit(parsed.data, []);
  const inBody = parsed.body === undefined ? null : CONTROL.exec(parsed.body);
  let position = first ? parsed.positionOf(first) : undefined;
  if (inBody) {
    const line = (parsed.bodyLine ?? 1) + parsed.body!.slice(0, inBody.index).split('\n').length - 1;
    const code = `U+${inBody[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    details.push({ path: '', message: `the text on line ${line} holds an invisible control character (${code}), which pages and feeds cannot show: type that line again, or delete the character`, ...(where ? { words: `${where.name} › Text, line ${line}: holds an invisible character (often from text pasted from another program): type it again` } : {}) });
    position ??= { line, col: 1 };
  }
  if (!details.length) return undefined;
  return inFile('content/schema', parsed.file, title.replace(/(do|does) not match (its|their) schema$/, (_, verb: string) => `${verb === 'do' ? 'hold' : 'holds'} text that cannot be shown`), details, position);
}
