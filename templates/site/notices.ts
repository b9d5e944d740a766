// The notices of content/notices.yaml that are current on the build's day (in the practice's time
// zone), and the closures of a clinic. The daily rebuild (docs/deploy.md) makes them appear and go.
import type { Plugin } from 'sitewright';
import { PRACTICE_TIME_ZONE, wallClock } from '../lib/open-now.ts';
import type { Notice } from '../schema.ts';

/** A day moved by some days ("2026-12-24", -14 → "2026-12-10"). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The days a notice is shown: from 14 days before a closure (or its own first day) until its last day. */
export function shownDays(notice: Notice): { from: string; to: string } {
  const from = notice.show?.from ?? (notice.closed ? addDays(notice.closed.from, -14) : '0000-01-01');
  const to = notice.show?.to ?? notice.closed?.to ?? '0000-01-01';
  return { from, to };
}

export function currentNotices(notices: readonly Notice[], today: string): Notice[] {
  return notices.filter((notice) => {
    const { from, to } = shownDays(notice);
    return from <= today && today <= to;
  });
}

/** The closures of one clinic (its own and every clinic's) not yet over on a day. */
export function closuresOf(notices: readonly Notice[], location: string, today: string): { from: string; to: string }[] {
  return notices.filter((n) => n.closed && (!n.location || n.location === location) && n.closed.to >= today).map((n) => n.closed!);
}

/** Puts the build's day in the practice's time zone into the content: content.today. */
export function today<C>(): Plugin<C> {
  return { name: 'today', contentLoaded: (content, c) => ({ ...(content as object), today: wallClock(c.now, PRACTICE_TIME_ZONE).date }) as C };
}
