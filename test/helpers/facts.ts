// What the content says today, read through the site's own schemas as the build reads it: tests take
// the phone number, the hours, the clinics and the practice's name from here, never from a copy in the
// test, so a valid edit by the staff (a new phone, other hours) passes the checks every save runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { insuranceSchema, locationsSchema, reviewsSchema, serviceSchema, siteSchema, uiSchema, type Hours } from '../../templates/schema.ts';
import { CONTENT } from './fixtures.ts';

const read = (file: string): unknown => parse(readFileSync(join(CONTENT, file), 'utf8'));

export const practice = siteSchema.parse(read('site.yaml'));
/** The services published today, their front matter in the default language, by file name (the page's address). */
const today = new Date().toISOString().slice(0, 10);
export const services = readdirSync(join(CONTENT, 'en/services')).sort().flatMap((file) => {
  const { draft, publishDate, expiryDate, ...front } = parse(readFileSync(join(CONTENT, 'en/services', file), 'utf8').split('---\n')[1]!) as Record<string, unknown>;
  // As the build: a draft, or one outside its days, has no page.
  if (draft === true || (typeof publishDate === 'string' && publishDate > today) || (typeof expiryDate === 'string' && expiryDate < today)) return [];
  return [{ slug: file.replace(/\.md$/, ''), ...serviceSchema.parse(front) }];
});
/** Whether a text of the content links to a service's page, in any language (read once, when first asked). */
let texts: string[] | undefined;
export function linkedInText(slug: string): boolean {
  texts ??= readdirSync(CONTENT, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(md|ya?ml)$/.test(f)).map((f) => readFileSync(join(CONTENT, f), 'utf8'));
  return texts.some((text) => new RegExp(`/services/${slug}(?![a-z-])`).test(text));
}
export const clinics = locationsSchema.parse(read('locations.yaml'));
export const reviews = reviewsSchema.parse(read('reviews.yaml'));
export const insurance = insuranceSchema.parse(read('insurance.yaml'));
/** The interface's words in a locale (content/<locale>/ui.yaml). */
export const uiIn = (locale: string) => uiSchema.parse(read(`${locale}/ui.yaml`));

/** A clinic's weekly hours: its own, else the practice's. */
export const hoursOf = (clinic: (typeof clinics)[number]): Hours => clinic.hours ?? practice.hours;

const DAY_NAMES = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;

/** The hours as schema.org's OpeningHoursSpecification says them. */
export const openingHoursSpecification = (hours: Hours) =>
  hours.map((row) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: row.days.map((d) => `https://schema.org/${DAY_NAMES[d]}`), opens: row.opens, closes: row.closes }));

/** "08:00" as a locale writes a time of day ("8:00 AM", "8:00 a.m."), by Intl, not by the templates' code. */
export const timeIn = (intl: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intl, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, h, m)));
};
