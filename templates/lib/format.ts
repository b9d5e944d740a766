// Text helpers shared by templates: patterns, times, hours, dates and meta descriptions. Times and
// dates are formatted by Intl for the page's locale tag (PageData.intl), so a locale needs no code.
import type { Hours, Ui } from '../schema.ts';

const DAY_ORDER = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/** Fills "{name}"-style placeholders: fill("{city} Office", { city: "Miami" }). */
export function fill(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** Text made safe to stand in HTML, between tags or in a quoted attribute; braces too, so no later fill ({emergency}) reads it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'{}]/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Making an Intl formatter costs far more than using one: keep one per locale tag and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(intl: string, style: 'time' | 'date'): Intl.DateTimeFormat {
  const key = `${intl} ${style}`;
  let known = formatters.get(key);
  if (!known) {
    const options: Intl.DateTimeFormatOptions = style === 'time' ? { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' } : { dateStyle: 'long', timeZone: 'UTC' };
    formatters.set(key, (known = new Intl.DateTimeFormat(intl, options)));
  }
  return known;
}

/** "08:00" → "8:00 AM" (en-US) or "8:00 a.m." (es-US): a time of day as the locale writes it, never broken across lines. */
export function formatTime(intl: string, time: string): string {
  // A site has a handful of opening times, and every page shows them: each is formatted once.
  const key = `${intl} ${time}`;
  let known = times.get(key);
  if (known === undefined) {
    const [h, m] = time.split(':').map(Number) as [number, number];
    if (times.size >= 256) times.clear();
    // Held together: on a phone's narrow card the day period (AM, a.m.) went to a line of its own, since Intl writes a plain space.
    times.set(key, (known = formatter(intl, 'time').format(new Date(Date.UTC(2000, 0, 1, h, m))).replace(/ /g, '\u00a0')));
  }
  return known;
}
const times = new Map<string, string>();

const lists = new Map<string, Intl.ListFormat>();
function listFormat(intl: string): Intl.ListFormat {
  let known = lists.get(intl);
  if (!known) lists.set(intl, (known = new Intl.ListFormat(intl, { type: 'conjunction' })));
  return known;
}

export interface HoursRow {
  days: string;
  time: string;
  /** Closed all day. */
  closed: boolean;
}

/** Opening hours as display rows: consecutive days with equal hours share a row; missing days are closed. */
export function hoursRows(intl: string, hours: Hours, ui: Ui): HoursRow[] {
  const byDay = new Map<string, string>();
  for (const entry of hours) {
    const time = fill(ui.hours.range, { opens: formatTime(intl, entry.opens), closes: formatTime(intl, entry.closes) });
    for (const day of entry.days) byDay.set(day, time);
  }
  const rows: { from: string; to: string; time: string | undefined }[] = [];
  for (const day of DAY_ORDER) {
    const time = byDay.get(day);
    const last = rows.at(-1);
    if (last && last.time === time) last.to = day;
    else rows.push({ from: day, to: day, time });
  }
  const name = (day: string) => ui.hours.days[day as keyof Ui['hours']['days']];
  // Spanish writes day names in lower case ("lunes a viernes"); a row starts with a capital.
  const capital = (s: string) => s.charAt(0).toLocaleUpperCase(intl) + s.slice(1);
  return rows.map((r) => ({
    days: capital(r.from === r.to ? name(r.from) : fill(ui.hours.dayRange, { from: name(r.from), to: name(r.to) })),
    time: r.time ?? ui.hours.closed,
    closed: r.time === undefined,
  }));
}

/**
 * The opening hours as words inside a sentence ("Monday – Friday, 8:00 AM – 6:00 PM and Saturday,
 * 9:00 AM – 2:00 PM"): what "{hours}" in a text becomes, so prose never repeats the hours by hand.
 */
export function hoursPhrase(intl: string, hours: Hours, ui: Ui): string {
  // Inside a sentence, days keep the locale's own case ("lunes a viernes"; "Monday").
  const lower = ui.hours.days.Mo === ui.hours.days.Mo.toLocaleLowerCase(intl);
  const open = hoursRows(intl, hours, ui).filter((row) => !row.closed).map((row) => `${lower ? row.days.toLocaleLowerCase(intl) : row.days}, ${row.time}`);
  return listFormat(intl).format(open);
}

/** "2025-11-01" → "November 1, 2025" / "1 de noviembre de 2025". */
export function formatDate(intl: string, isoDate: string): string {
  return formatter(intl, 'date').format(new Date(`${isoDate}T00:00:00Z`));
}

/** The first sentence of a description. */
/** "2026-11-14" → "November 2026" (en-US) or "noviembre de 2026" (es-US): when a review was written. */
export function formatMonth(intl: string, isoDate: string): string {
  return new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function firstSentence(text: string): string {
  const clean = text.trim();
  let depth = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    // A full stop ends a sentence outside brackets, before a space and a word that starts a sentence, and not after an
    // abbreviation: "DOT (U.S. Department …)" and "EE. UU." were cut there, "8:00 a.m. to" would have been.
    else if (depth === 0 && '.!?'.includes(c) && /^\s+[^\s\p{Ll}]/u.test(clean.slice(i + 1)) && !(c === '.' && ABBREVIATION.test(clean.slice(0, i + 1).split(/\s/).at(-1)!))) {
      return clean.slice(0, i + 1);
    }
  }
  return clean;
}

/** "U.S.", "a.m.", "EE.", "Dr.": a full stop that ends a word, not a sentence. */
const ABBREVIATION = /^[(¿¡"“]?(?:(?:\p{L}\.){2,}|(\p{Lu})\1\.|(?:Dr|Dra|Mr|Mrs|Ms|Sr|Sra|Srta|St|Ave|No)\.)$/u;

/** A meta description: the text cut on a word boundary to at most 160 characters. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:]$/, '')}…`;
}

/** "(407) 555-0142" stays as written; tel: links use the E.164 form. */
export function telHref(e164: string): string {
  return `tel:${e164}`;
}
