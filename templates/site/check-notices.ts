// Checks the notices: a clinic named exists, each period ends on or after its first day (two days a few days apart
// picked in the other order are read in order, schema.ts), and a notice that is not a closure says until when it is
// shown (every notice goes by itself).
import { didYouMean, inFile, type ParsedContentFile, type Problem } from 'sitewright';
import type { Location, Notice } from '../schema.ts';

/** The year mistyped in a period's last day, as at the turn of a year: "2026-01-02" after "2026-12-24" meant 2027. */
function yearMeant({ from, to }: { from: string; to: string }): string {
  const next = `${Number(to.slice(0, 4)) + 1}${to.slice(4)}`;
  return next >= from ? `: did you mean ${next}?` : '';
}

export function checkNotices(notices: Notice[], parsed: ParsedContentFile, earlier: { locations?: Location[] }): Problem[] {
  const ids = (earlier.locations ?? []).map((l) => l.id);
  const details: { path: string; message: string }[] = [];
  notices.forEach((notice, i) => {
    if (notice.location && ids.length && !ids.includes(notice.location)) details.push({ path: `${i}.location`, message: `"${notice.location}" is not a clinic${didYouMean(notice.location, ids)}; the clinics are ${ids.join(', ')} (leave it empty for every clinic)` });
    if (notice.closed && notice.closed.to < notice.closed.from) details.push({ path: `${i}.closed.to`, message: `the last day closed (${notice.closed.to}) comes before the first (${notice.closed.from})${yearMeant(notice.closed)}` });
    if (notice.show?.from && notice.show.to && notice.show.to < notice.show.from) details.push({ path: `${i}.show.to`, message: `"Show until" (${notice.show.to}) comes before "Show from" (${notice.show.from})${yearMeant(notice.show as { from: string; to: string })}` });
    if (!notice.closed && !notice.show?.to) details.push({ path: `${i}.show.to`, message: 'a notice that is not a closure needs "Show until", the last day it is shown, so it goes by itself' });
  });
  // Each at its own line, so the editor's user and the failure issue can point at it.
  return details.map((detail) => inFile('content/check', parsed.file, 'has a notice that cannot be shown as written', [detail], parsed.positionOf(detail.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k))) ?? parsed.positionOf([Number(detail.path.split('.')[0])])));
}
