// Facts that prose must not repeat by hand: a time of day written in a page's text goes stale the day
// the hours change (the urgent-care FAQ kept "Saturday until 2:00 PM" after the hours moved). Such a
// text writes {hours} instead, which the pages fill in from Site › Opening hours; a time written by
// hand is refused where it is written. Notices (content/notices.yaml) may give holiday hours: they
// are dated, and go by themselves.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildFailure, inFile, type Plugin, type Problem } from 'sitewright';

/** A time of day as English and Spanish write it: "2:00 PM", "9 am", "2:00 p. m.", "6 p.m.". */
const TIME_OF_DAY = /\b\d{1,2}(?::[0-5]\d)?\s?(?:[AaPp]\.?\s?[Mm]\b\.?)/g;

/** Files whose words are the site's own formats, not prose (ui.yaml holds "{opens} – {closes}"). */
const NOT_PROSE = new Set(['ui.yaml']);

export function timesInProse(source: string): { line: number; time: string }[] {
  return source.split('\n').flatMap((text, i) => Array.from(text.matchAll(TIME_OF_DAY), (m) => ({ line: i + 1, time: m[0].trim() })));
}

export function facts<C>(): Plugin<C> {
  return {
    name: 'facts',
    contentLoaded(_content, c) {
      const problems: Problem[] = [];
      for (const locale of c.locales) {
        const dir = join(c.folders.content, locale);
        const files = readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && /\.(md|ya?ml)$/.test(e.name) && !NOT_PROSE.has(e.name))
          .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
          .sort();
        for (const rel of files) {
          for (const { line, time } of timesInProse(readFileSync(join(dir, rel), 'utf8'))) {
            problems.push(inFile('content/check', `${c.contentDir}/${locale}/${rel}`, 'writes a time of day by hand', [
              { path: '', message: `"${time}": hours written in a text go stale when the hours change; write {hours} there, and the page shows the opening hours from Site › Opening hours` },
            ], { line, col: 1 }));
          }
        }
      }
      if (problems.length) throw new BuildFailure(problems);
    },
  };
}
