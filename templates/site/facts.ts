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
      if (problems.length) throw new BuildFailure(problems);
    },
  };
}
