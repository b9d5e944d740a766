// Whether a clinic is open at a moment, from its weekly hours and its closures, in the practice's time
// zone (not the visitor's): "open, closes 18:00", or "closed, opens Mo 08:00". Used by the OpenNow
// island in the visitor's browser; pure, so the tests can give it any moment.
import type { Hours } from '../schema.ts';

export const PRACTICE_TIME_ZONE = 'America/New_York';
const DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export type Day = (typeof DAYS)[number];

export type OpenState = { open: true; closes: string } | { open: false; opens?: { day: Day; time: string; today: boolean } };

// A time zone's formatter costs a phone tens of milliseconds to make (its zone's rules are loaded),
// which Lighthouse counts as blocking time: the practice's own zone is worked out by its rules instead
// (US Eastern: UTC−5, and UTC−4 from 2:00 on the second Sunday of March to 2:00 on the first Sunday of
// November, as since 2007; test/units/open-now.test.ts holds it to Intl's answer over years). Other
// zones: one formatter each, kept.
const clocks = new Map<string, Intl.DateTimeFormat>();
const pad = (n: number) => String(n).padStart(2, '0');

/** The n-th Sunday (1-based) of a month of a year, as a day of the month. */
function sunday(year: number, month: number, n: number): number {
  return 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7) + 7 * (n - 1);
}

/** The wall clock of the US Eastern time zone at a moment, by its daylight-saving rules. */
function easternClock(now: Date): { date: string; day: Day; time: string } {
  const year = now.getUTCFullYear();
  const start = Date.UTC(year, 2, sunday(year, 2, 2), 7); // 2:00 EST
  const end = Date.UTC(year, 10, sunday(year, 10, 1), 6); // 2:00 EDT
  const t = now.getTime();
  const local = new Date(t + (t >= start && t < end ? -4 : -5) * 3_600_000);
  return { date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`, day: DAYS[local.getUTCDay()]!, time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` };
}

/** The day ("2026-12-24"), weekday and time ("14:05") of a moment in a time zone. */
export function wallClock(now: Date, timeZone: string): { date: string; day: Day; time: string } {
  if (timeZone === PRACTICE_TIME_ZONE) return easternClock(now);
  return intlClock(now, timeZone);
}

/** The same, as Intl has it (any zone). */
export function intlClock(now: Date, timeZone: string): { date: string; day: Day; time: string } {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  const parts = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
  const day = DAYS.find((d) => parts.weekday!.startsWith(d))!;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, day, time: `${parts.hour}:${parts.minute}` };
}

/** The day after a "2026-12-24" day, as the calendar has it. */
function nextDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Open or closed at a moment: the weekly hours, unless the day falls in a closure ({ from, to } days, inclusive). */
export function openState(hours: Hours, closures: readonly { from: string; to: string }[], now: Date, timeZone = PRACTICE_TIME_ZONE): OpenState {
  const clock = wallClock(now, timeZone);
  const closedOn = (date: string) => closures.some((c) => c.from <= date && date <= c.to);
  const hoursOn = (day: Day) => hours.find((h) => h.days.includes(day as never));
  const today = hoursOn(clock.day);
  if (today && !closedOn(clock.date) && today.opens <= clock.time && clock.time < today.closes) return { open: true, closes: today.closes };
  // The next opening: later today, or on one of the coming days (two weeks at most: a long closure).
  if (today && !closedOn(clock.date) && clock.time < today.opens) return { open: false, opens: { day: clock.day, time: today.opens, today: true } };
  let date = clock.date;
  let index = DAYS.indexOf(clock.day);
  for (let i = 0; i < 14; i++) {
    date = nextDate(date);
    index = (index + 1) % 7;
    const hoursThen = hoursOn(DAYS[index]!);
    if (hoursThen && !closedOn(date)) return { open: false, opens: { day: DAYS[index]!, time: hoursThen.opens, today: false } };
  }
  return { open: false };
}
