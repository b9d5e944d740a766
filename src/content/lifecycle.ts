// An entry's lifecycle: `draft: true` (only in `dev --drafts`), `publishDate` and `expiryDate` (first and last day published),
// whole days in the site's time zone, whatever the machine's. The keys are the engine's, taken out before the schema sees the
// entry; an entry outside its dates is left out of the content (not built, listed, fed or in the sitemap: a link to it is its
// words alone, taken-down.ts).
import { inFile, type Problem } from '../problems/problem.ts';
import { inert } from '../problems/inert.ts';
import { UsageError } from '../problems/usage-error.ts';
import type { ParsedFile } from './read-file.ts';
import { isSlug } from '../routes/urls.ts';

export const LIFECYCLE_KEYS = ['draft', 'publishDate', 'expiryDate'] as const;

export interface Lifecycle {
  draft?: boolean;
  /** "YYYY-MM-DD": published from this day on. */
  publishDate?: string;
  /** "YYYY-MM-DD": the last day it is published. */
  expiryDate?: string;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day written YYYY-MM-DD (no February 30th). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === value;
}

const split = new WeakMap<ParsedFile, ReturnType<typeof splitLifecycle>>();

/** Per parse: an unchanged file (dev reuses its parse) keeps its checks and rendered Markdown. */
export function lifecycleOf(parsed: ParsedFile): { parsed: ParsedFile; lifecycle: Lifecycle; problems: Problem[] } {
  let known = split.get(parsed);
  if (!known) split.set(parsed, (known = splitLifecycle(parsed)));
  return known;
}

export function splitLifecycle(parsed: ParsedFile): { parsed: ParsedFile; lifecycle: Lifecycle; problems: Problem[] } {
  const data = parsed.data;
  if (!data || typeof data !== 'object' || Array.isArray(data) || !LIFECYCLE_KEYS.some((key) => key in data)) return { parsed, lifecycle: {}, problems: [] };
  const rest: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  const lifecycle: Lifecycle = {};
  const problems: Problem[] = [];
  const wrong = (key: string, message: string) => problems.push(inFile('content/schema', parsed.file, 'has a publishing setting it cannot use', [{ path: key, message }], parsed.positionOf([key])));
  for (const key of LIFECYCLE_KEYS) {
    if (!(key in rest)) continue;
    const value = rest[key];
    delete rest[key];
    if (key === 'draft') {
      if (typeof value === 'boolean') lifecycle.draft = value;
      else wrong(key, `expected true or false, found ${JSON.stringify(value)}`);
    } else if (isDay(value)) lifecycle[key] = value;
    else wrong(key, `expected a day written YYYY-MM-DD (such as 2026-12-24), found ${JSON.stringify(value)}`);
  }
  if (lifecycle.publishDate && lifecycle.expiryDate && lifecycle.expiryDate < lifecycle.publishDate) {
    wrong('expiryDate', `${lifecycle.expiryDate} is before publishDate ${lifecycle.publishDate}: the entry would never be published`);
  }
  return { parsed: { ...parsed, data: rest }, lifecycle, problems };
}

/** The build's moment: a day (`--now 2026-12-24`) is noon of it in the site's zone, that day there whatever the zone. */
export function buildMoment(now: Date | string | undefined, timeZone: string): Date {
  if (now === undefined) return new Date();
  if (typeof now !== 'string') return now;
  if (!isDay(now)) throw new UsageError(`--now ${inert(now)} is no day of the calendar; give a day like 2026-12-24.`);
  const noon = new Date(`${now}T12:00:00Z`);
  // The zone's clock then, read as if UTC, less the moment: the zone's offset that day.
  const clock = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(noon).map((p) => [p.type, Number(p.value)]));
  return new Date(2 * noon.getTime() - Date.UTC(clock.year!, clock.month! - 1, clock.day, clock.hour, clock.minute));
}

/** Today in a time zone, as YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Why an entry is not published on a day (drafts only when they are shown), or undefined when it is. */
function heldBackAs(lifecycle: Lifecycle, today: string, { drafts = false } = {}): keyof HeldBack | undefined {
  if (lifecycle.draft && !drafts) return 'draft';
  if (lifecycle.publishDate && lifecycle.publishDate > today) return 'scheduled';
  if (lifecycle.expiryDate && lifecycle.expiryDate < today) return 'expired';
  return undefined;
}

export type LifecycleRecord = Lifecycle & { file: string };

/** Entries left out as of a day, by why: what the build's summary tells. */
export type HeldBack = Record<'draft' | 'scheduled' | 'expired', number>;

/** leftOut: the files of entries left out, whose links are not checked (no page of theirs is built). */
export function publishedOnly<C extends { locales: Record<string, Record<string, unknown>> }>(content: C, lifecycle: ReadonlyMap<string, LifecycleRecord>, today: string, options: { drafts?: boolean } = {}): { content: C; leftOut: Set<string>; held: HeldBack } {
  const leftOut = new Set<string>();
  const held: HeldBack = { draft: 0, scheduled: 0, expired: 0 };
  const locales: Record<string, Record<string, unknown>> = { ...content.locales };
  for (const [key, record] of lifecycle) {
    const why = heldBackAs(record, today, options);
    if (!why) continue;
    const [locale, collection, id] = key.split('/') as [string, string, string];
    const text = locales[locale];
    const entries = text?.[collection];
    if (!text || !entries || typeof entries !== 'object') continue;
    const kept = { ...(entries as Record<string, unknown>) };
    delete kept[id];
    locales[locale] = { ...text, [collection]: kept };
    leftOut.add(record.file);
    held[why] += 1;
  }
  return { content: leftOut.size ? { ...content, locales } : content, leftOut, held };
}

/**
 * A translation published while another language's file of the entry waits for its publishDate: a file's dates are its
 * own, so a translation written without them went out ahead of the announcement. A warning at the published file.
 */
export function publishedAhead(published: { locales: Record<string, Record<string, unknown>> }, lifecycle: ReadonlyMap<string, LifecycleRecord>, today: string, original: string, fileOf: (locale: string, collection: string, id: string) => string): { file: string; message: string }[] {
  const warnings: { file: string; message: string }[] = [];
  for (const [key, record] of lifecycle) {
    if (record.draft || !record.publishDate || record.publishDate <= today) continue;
    const [locale, collection, id] = key.split('/') as [string, string, string];
    // Ahead of the original only: a translation that waits for a later day is a choice.
    if (locale !== original) continue;
    for (const [other, text] of Object.entries(published.locales)) {
      const entries = text[collection] as Record<string, unknown> | undefined;
      if (other === locale || !entries || !Object.hasOwn(entries, id)) continue;
      warnings.push({ file: lifecycle.get(`${other}/${collection}/${id}`)?.file ?? fileOf(other, collection, id), message: `is published, while its "${locale}" version waits for ${record.publishDate} (its publishDate): a file's dates are its own. To publish them together, give this file the same publishDate` });
    }
  }
  return warnings;
}

const slugs = new WeakMap<ParsedFile, { parsed: ParsedFile; slug?: string; problems: Problem[] }>();

/** `slug:` (localizedSlugs), taken out of what the schema sees; kept per parse. */
export function slugOf(parsed: ParsedFile): { parsed: ParsedFile; slug?: string; problems: Problem[] } {
  const known = slugs.get(parsed);
  if (known) return known;
  const data = parsed.data;
  let result: { parsed: ParsedFile; slug?: string; problems: Problem[] } = { parsed, problems: [] };
  if (data && typeof data === 'object' && !Array.isArray(data) && 'slug' in data) {
    const { slug, ...rest } = data as Record<string, unknown>;
    const ok = typeof slug === 'string' && isSlug(slug);
    result = {
      parsed: { ...parsed, data: rest },
      slug: ok ? slug : undefined,
      problems: ok ? [] : [inFile('content/schema', parsed.file, 'has an address it cannot use', [{ path: 'slug', message: `expected words of lowercase letters (or of a script without capitals) and digits, joined by dashes, such as "pan-cubano", found ${JSON.stringify(slug)}` }], parsed.positionOf(['slug']))],
    };
  }
  slugs.set(parsed, result);
  return result;
}
