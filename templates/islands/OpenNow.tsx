// "Open now · closes at 6:00 PM" or "Closed now · opens Monday at 8:00 AM" for one clinic, worked out
// in the visitor's browser in the practice's time zone (whatever the visitor's own), from the same
// hours and closures the page lists. Before it runs (or without JavaScript) it shows nothing: the
// hours beside it say it all. Updated each minute while the page is open.
import { useEffect, useState } from 'react';
import { openState, type Day } from '../lib/open-now.ts';
import { fill } from '../lib/format.ts';
import type { Hours } from '../schema.ts';

export interface OpenNowProps {
  hours: Hours;
  closures: { from: string; to: string }[];
  /** Each opening and closing time as the page's language writes it ("18:00" → "6:00 PM"), made at build time: no Intl work in the browser. */
  times: Record<string, string>;
  labels: { open: string; closed: string; opensToday: string; days: Record<Day, string> };
}

export function OpenNow({ hours, closures, times, labels }: OpenNowProps) {
  const [now, setNow] = useState<Date | undefined>(undefined);
  useEffect(() => {
    // After the page has settled, in a task of its own: never part of the page's first work.
    const first = setTimeout(() => setNow(new Date()), 0);
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  if (!now) return <p className="open-now" />;
  const state = openState(hours, closures, now);
  const text = state.open
    ? fill(labels.open, { time: times[state.closes] ?? state.closes })
    : state.opens
      ? fill(state.opens.today ? labels.opensToday : labels.closed, { day: labels.days[state.opens.day], time: times[state.opens.time] ?? state.opens.time })
      : '';
  return <p className={`open-now open-now--${state.open ? 'open' : 'closed'}`}>{text}</p>;
}
