// Every locale holds the same files and keys: a missing translation is a build error, never a silent fallback.
import { inFile, keyPath, type Detail, type Problem } from '../problems/problem.ts';
import type { ParsedFile } from './read-file.ts';

/** Key paths present in `a` but not in `b` (list items compared index by index). */
function missingPaths(a: unknown, b: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (a === null || typeof a !== 'object') return [];
  if (b === null || b === undefined || typeof b !== 'object') return [path];
  const missing: PropertyKey[][] = [];
  const entries = Array.isArray(a) ? a.map((v, i) => [i, v] as const) : Object.entries(a);
  for (const [key, value] of entries) {
    const other = (b as Record<PropertyKey, unknown>)[key];
    if (other === undefined) missing.push([...path, key]);
    else missing.push(...missingPaths(value, other, [...path, key]));
  }
  return missing;
}

function sections(body: string | undefined): string[] {
  return (body ?? '').split('\n').filter((line) => line.startsWith('## '));
}

export function checkLocaleParity(
  locales: string[],
  expected: string[],
  files: string[],
  parsed: Map<string, ParsedFile>,
  shown: (rel: string) => string,
  /** A collection entry's file → its collection: such a file may be allowed in some locales only. */
  collectionOf: ReadonlyMap<string, string> = new Map(),
): Problem[] {
  const errors: Problem[] = [];
  const present = new Set(files);
  for (const name of expected) {
    const have = locales.filter((l) => present.has(`${l}/${name}`));
    for (const locale of locales) {
      if (present.has(`${locale}/${name}`)) continue;
      const elsewhere = have.length ? `present in ${have.map((l) => shown(`${l}/${name}`)).join(', ')}` : 'no locale has it';
      const collection = collectionOf.get(name);
      const partial = collection ? `; or, to publish its entries only in the languages they are written in, set partial: true on the "${collection}" collection in the site definition` : '';
      errors.push(inFile('content/missing-file', shown(`${locale}/${name}`), `is missing (${locale})`, [{ path: '', message: `required, missing; ${elsewhere}${partial}`, kind: 'missing' }]));
    }
  }
  // Key parity, both ways, for files present in both locales: once per file, each missing key naming every version that has it.
  for (const name of expected) {
    for (const locale of locales) {
      const mine = parsed.get(`${locale}/${name}`);
      if (!mine) continue;
      const missing = new Map<string, { path: PropertyKey[]; files: string[] }>();
      const lacking: string[] = [];
      const mySections = sections(mine.body).length;
      let body: { file: string; most: number } | undefined;
      for (const other of locales.filter((l) => l !== locale)) {
        const theirs = parsed.get(`${other}/${name}`);
        if (!theirs) continue;
        const paths = missingPaths(theirs.data, mine.data);
        for (const path of paths) {
          const key = keyPath(path);
          missing.set(key, { path, files: [...(missing.get(key)?.files ?? []), theirs.file] });
        }
        const theirSections = sections(theirs.body).length;
        if (mySections < theirSections && theirSections > (body?.most ?? 0)) body = { file: theirs.file, most: theirSections };
        if (paths.length || mySections < theirSections) lacking.push(other);
      }
      if (!lacking.length) continue;
      const problems: Detail[] = [...missing].map(([key, { files }]) => ({ path: key, message: `missing, present in ${files.join(', ')}`, kind: 'missing' as const }));
      if (body) problems.push({ path: '(body)', message: `${mySections} "## " sections, but ${body.file} has ${body.most}` });
      const first = [...missing.values()][0]?.path;
      const versions = lacking.length === 1 ? `its ${lacking[0]} version has` : `its ${lacking.slice(0, -1).join(', ')} and ${lacking.at(-1)} versions have`;
      errors.push(inFile('content/locale-parity', mine.file, `lacks content ${versions} (${locale})`, problems, first ? mine.positionOf(first) : undefined));
    }
  }
  return errors;
}

const shownValue = (value: unknown) => {
  const json = JSON.stringify(value) ?? 'nothing';
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
};

/** `sameInEveryLocale` keys: each locale's value compared with the first locale's; a difference names both. */
export function checkSameInEveryLocale(locales: string[], entries: { name: string; keys: readonly string[] }[], parsed: Map<string, ParsedFile>): Problem[] {
  const errors: Problem[] = [];
  for (const { name, keys } of entries) {
    const [first, ...others] = locales.map((l) => ({ locale: l, file: parsed.get(`${l}/${name}`) })).filter((f) => f.file);
    if (!first) continue;
    for (const other of others) {
      const [a, b] = [first.file!.data as Record<string, unknown>, other.file!.data as Record<string, unknown>];
      for (const key of keys) {
        if (a?.[key] === undefined || b?.[key] === undefined) continue; // missing keys are the parity check's
        if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
        errors.push(inFile('content/locale-parity', other.file!.file, `differs from its ${first.locale} version in a fact they share (${other.locale})`, [
          { path: key, message: `${shownValue(b[key])} here, ${shownValue(a[key])} in ${first.file!.file}: it is the same in every language, so change it in both (the editor copies it when you save)` },
        ], other.file!.positionOf([key])));
      }
    }
  }
  return errors;
}

const TOKEN = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
/** The words in braces a text holds ("{time}"), each once. */
export const tokensOf = (text: string) => new Set(Array.from(text.matchAll(TOKEN), (m) => m[0]));

function stringsOf(value: unknown, path: PropertyKey[] = [], found: [PropertyKey[], string][] = []): [PropertyKey[], string][] {
  if (typeof value === 'string') found.push([path, value]);
  else if (value && typeof value === 'object') for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) stringsOf(child, [...path, key], found);
  return found;
}

/** Words in braces ("{city}") are filled in by the site: every locale keeps the first locale's exactly. */
export function checkPlaceholderTokens(locales: string[], names: string[], parsed: Map<string, ParsedFile>): Problem[] {
  const errors: Problem[] = [];
  for (const name of names) {
    const [first, ...others] = locales.map((l) => parsed.get(`${l}/${name}`)).filter((f): f is ParsedFile => !!f);
    if (!first) continue;
    const theirs = new Map(stringsOf(first.data).map(([path, text]) => [keyPath(path), tokensOf(text)]));
    for (const other of others) {
      for (const [path, text] of stringsOf(other.data)) {
        const expected = theirs.get(keyPath(path));
        if (!expected) continue;
        const mine = tokensOf(text);
        const lost = [...expected].filter((t) => !mine.has(t));
        const added = [...mine].filter((t) => !expected.has(t));
        if (!lost.length && !added.length) continue;
        const said = [lost.length ? `lacks ${lost.join(', ')}` : '', added.length ? `has ${added.join(', ')}, which the site does not fill in` : ''].filter(Boolean).join(' and ');
        errors.push(inFile('content/locale-parity', other.file, 'changes a word in braces that the site fills in', [
          { path: keyPath(path), message: `${said}; ${first.file} has ${[...expected].join(', ') || 'none'}: keep the words in braces exactly as they are, in every language` },
        ], other.positionOf(path)));
      }
    }
  }
  return errors;
}
