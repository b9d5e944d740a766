// Checks the notices: a clinic named exists, and a notice that is not a closure says until when it is shown (every
// notice goes by itself). Two days of a period picked in the other order are read in order (schema.ts).
import { didYouMean, inFile, type ParsedContentFile, type Problem } from 'sitewright';
import type { Location, Notice } from '../schema.ts';

export function checkNotices(notices: Notice[], parsed: ParsedContentFile, earlier: { locations?: Location[] }): Problem[] {
  const ids = (earlier.locations ?? []).map((l) => l.id);
  const details: { path: string; message: string }[] = [];
  notices.forEach((notice, i) => {
    if (notice.location && ids.length && !ids.includes(notice.location)) details.push({ path: `${i}.location`, message: `"${notice.location}" is not a clinic${didYouMean(notice.location, ids)}; the clinics are ${ids.join(', ')} (leave it empty for every clinic)` });
    if (!notice.closed && !notice.show?.to) details.push({ path: `${i}.show.to`, message: 'a notice that is not a closure needs "Show until", the last day it is shown, so it goes by itself' });
  });
  // Each at its own line, so the editor's user and the failure issue can point at it.
  return details.map((detail) => inFile('content/check', parsed.file, 'has a notice that cannot be shown as written', [detail], parsed.positionOf(detail.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k))) ?? parsed.positionOf([Number(detail.path.split('.')[0])])));
}
