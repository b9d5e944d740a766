// Facts that prose must not repeat by hand: a time of day written in a page's text goes stale the day
// the hours change (the urgent-care FAQ kept "Saturday until 2:00 PM" after the hours moved). Such a
// text writes {hours} instead, which the pages fill in from Site › Opening hours; a time written by
// hand is refused where it is written. Notices (content/notices.yaml) may give holiday hours: they
// are dated, and go by themselves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildFailure, inFile, type Plugin, type Problem } from 'sitewright';

/** A time of day as English and Spanish write it: "2:00 PM", "9 am", "2:00 p. m.", "6 p.m.". */
const TIME_OF_DAY = /\b\d{1,2}(?::[0-5]\d)?\s?(?:[AaPp]\.?\s?[Mm]\b\.?)/g;

/** Files whose words are the site's own formats, not prose (ui.yaml holds "{opens} – {closes}"). */
const NOT_PROSE = new Set(['ui.yaml']);

export function timesInProse(source: string): { line: number; time: string }[] {
  return source.split('\n').flatMap((text, i) => Array.from(text.matchAll(TIME_OF_DAY), (m) => ({ line: i + 1, time: m[0].trim() })));
}

const HOLDS_A_TIME = new RegExp(TIME_OF_DAY.source);

/** Whether any text of a file's data or body holds a time of day. */
function holdsATime(value: unknown): boolean {
  if (typeof value === 'string') return HOLDS_A_TIME.test(value);
  if (Array.isArray(value)) return value.some(holdsATime);
  return !!value && typeof value === 'object' && Object.values(value).some(holdsATime);
}

/** Where 911 is given, 988 and Poison Control are too (decisions.md, "Emergencies and access"). */
const GIVES_911 = /\b911\b|\{emergency\}/;
const GIVES_988 = /\b988\b|\{crisis\}/;
const GIVES_POISON = /Poison Control|Control de Envenenamientos|1-800-222-1222|\{poison\}/;
const whole = (text: string) => !GIVES_911.test(text) || (GIVES_988.test(text) && GIVES_POISON.test(text));

/** Each text of a file's data that gives 911 without 988 and Poison Control: a question and its answer are one text. */
function partialNotes(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => partialNotes(item, [...path, i]));
  if (!value || typeof value !== 'object') return typeof value === 'string' && !whole(value) ? [path] : [];
  const entries = Object.entries(value);
  const strings = entries.filter(([, v]) => typeof v === 'string');
  // An object of texts (a question and its answer, a title and its text) is read as one.
  const own = strings.length > 1 && !whole(strings.map(([, v]) => v).join(' ')) ? [[...path, strings.find(([, v]) => GIVES_911.test(v as string))![0]]] : [];
  return [...own, ...entries.filter(([, v]) => typeof v !== 'string' || strings.length < 2).flatMap(([k, v]) => (typeof v === 'string' ? (whole(v) ? [] : [[...path, k]]) : partialNotes(v, [...path, k])))];
}

export function facts<C>(): Plugin<C> {
  return {
    name: 'facts',
    contentLoaded(_content, c) {
      const problems: Problem[] = [];
      // The files as the build read them: only one whose text holds a time is read again, for its lines.
      // A locale's files at a time, in the site's order of locales, each locale's by name.
      const rels = c.locales.flatMap((locale) => [...c.files.keys()].filter((rel) => rel.startsWith(`${locale}/`)).sort());
      const prose = rels.filter((rel) => !NOT_PROSE.has(rel.slice(rel.lastIndexOf('/') + 1)));
      for (const rel of prose.filter((r) => holdsATime(c.files.get(r)!.data) || holdsATime(c.files.get(r)!.body))) {
        for (const { line, time } of timesInProse(readFileSync(join(c.folders.content, rel), 'utf8'))) {
          problems.push(inFile('content/check', `${c.contentDir}/${rel}`, 'writes a time of day by hand', [
            { path: '', message: `"${time}": hours written in a text go stale when the hours change; write {hours} there, and the page shows the opening hours from Site › Opening hours` },
          ], { line, col: 1 }));
        }
      }
      // Emergency notes are whole: where a text gives 911, it gives 988 and Poison Control too.
      const emergency = 'gives 911 without 988 and Poison Control';
      const why = 'wherever 911 is given, give 988 (Suicide & Crisis Lifeline, call or text) and Poison Control (1-800-222-1222) beside it, as the emergency note on every page does';
      for (const rel of rels) {
        const file = c.files.get(rel)!;
        for (const path of partialNotes(file.data)) problems.push(inFile('content/check', `${c.contentDir}/${rel}`, emergency, [{ path: path.join('.'), message: why }], file.positionOf?.(path)));
        // A Markdown body, a paragraph at a time.
        let line = file.bodyLine ?? 1;
        for (const paragraph of (file.body ?? '').split(/\n\s*\n/)) {
          if (!whole(paragraph)) problems.push(inFile('content/check', `${c.contentDir}/${rel}`, emergency, [{ path: '', message: why }], { line: line + paragraph.match(/^\s*/)![0].split('\n').length - 1, col: 1 }));
          line += paragraph.split('\n').length + 1;
        }
      }
      if (problems.length) throw new BuildFailure(problems);
    },
  };
}
