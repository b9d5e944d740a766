// The contract between content/ and templates/: every content file is checked against one of
// these schemas, so templates receive typed, complete data and never read files themselves.
import * as z from 'zod';
import { imageField } from 'sitewright';
import { firstSentence } from './lib/format.ts';

const text = z.string().trim().min(1, 'must not be empty');
/** A string of a given form; the editor (/admin/) shows the same explanation as the build. */
const matching = (pattern: RegExp, explained: string) => z.string().regex(pattern, explained);
/**
 * What the editor says beside a field (placeholders: what to put there). As a description, not inside
 * `cms`: a schema's metadata is merged key by key, so a pattern's message in `cms` stays.
 */
const hint = (words: string) => ({ description: words });
/**
 * Settings only a developer changes (addresses, budgets, coordinates, colours): not shown in the
 * editor, which keeps their values as they are when it saves (the build reads them as ever).
 */
const developers = (why = 'Set by the developers.') => ({ cms: { widget: 'hidden' }, description: why });
/**
 * An optional value: the editor saves one left empty as null (an empty optional group, a choice of
 * none), the file written by hand leaves it out; both mean "none".
 */
const absent = <T>(value: T | null | undefined): T | undefined => value ?? undefined;
/** A period's two days picked in the other order, at most a month apart, read in order; any other is left as written. */
const inOrder = <T extends { from?: string; to?: string }>(days: T | null | undefined): T | undefined => {
  if (!days?.from || !days.to || days.to >= days.from || Date.parse(days.from) - Date.parse(days.to) > 31 * 86_400_000) return absent(days);
  return { ...days, from: days.to, to: days.from };
};
/** Optional text: the editor saves a box left empty as "" (or null), which means none. */
const optionalText = z.string().trim().nullish().transform((value) => value || undefined);
/** Text shown whole in a place of limited room: longer is refused, naming the limit. */
const short = (max: number) => text.max(max, `is too long for where it is shown: at most ${max} characters`);
const slug = matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase words joined by hyphens, like "lab-bloodwork"');
const url = z.url({ protocol: /^https?$/ });
const time = matching(/^([01]\d|2[0-3]):[0-5]\d$/, 'a 24-hour time like "08:00" or "18:30"');
export const DAY_NAMES = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;
const dayOfWeek = z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']).meta({ cms: { options: Object.entries(DAY_NAMES).map(([value, label]) => ({ label, value })) } });

const hoursRow = z.object({ days: z.array(dayOfWeek).min(1), opens: time, closes: time }).strict();
/** Opening hours as data, so pages, footer and JSON-LD all derive from one source. */
export const hoursSchema = z.array(hoursRow).min(1);
/**
 * A clinic's own hours: optional. The editor saves a list nobody filled in as [] (or null), which means
 * "not set" like a key left out: the clinic keeps the practice's hours.
 */
const ownHours = z.array(hoursRow).nullish().transform((rows) => (rows?.length ? rows : undefined));

// ---------- locale-independent facts (content/*.yaml) ----------

/** content/site.yaml: the practice's identity, written once. */
export const siteSchema = z
  .object({
    name: short(80),
    shortName: short(24),
    baseUrl: url.meta(developers('The production address, set by the developers (it also names every page to search engines).')),
    // One number, typed as people type it ("305-448-2210", "305.448.2210", "(305) 448-2210", "+1 305 448
    // 2210"): shown in one form and dialled as +1 and ten digits, both made from it, so they never differ.
    // Pasted from a document or a web page, its space may be a non-breaking one and its dash a non-breaking
    // hyphen or an en dash: it looks the same to her, so it is taken the same.
    phone: matching(/^\s*(?:\+?1[\s.\u2010-\u2013-]?)?(?:\(\d{3}\)|\d{3})[\s.\u2010-\u2013-]?\d{3}[\s.\u2010-\u2013-]?\d{4}\s*$/, 'a US phone number of ten digits, like (305) 448-2210 or 305-448-2210')
      .meta({ cms: { label: 'Phone number', hint: 'Type it as you like: (305) 448-2210, 305-448-2210 or +1 305 448 2210. The site shows it as (305) 448-2210, and every "Call" button dials it. Placeholder until launch: 555-01xx numbers are fictitious.' } })
      .transform((typed) => {
        const digits = typed.replace(/\D/g, '').slice(-10);
        return { display: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, e164: `+1${digits}` };
      }),
    email: z.email().meta(hint("The practice's address for patients. Placeholder until launch: example.com addresses reach nobody.")),
    foundedYear: z.number().int().min(1900),
    /** The "5+ years" the practice shows beside its rating (a stated figure, not computed from foundedYear). */
    experienceYears: z.number().int().positive().meta(hint('Shown as "5+ years" beside the rating.')),
    rating: z.object({ value: z.number().min(1).max(5), count: z.number().int().positive().meta(hint('Shown as "150+".')) }).strict(),
    hours: hoursSchema.meta(hint('The same at every clinic, unless a clinic in Locations lists its own.')),
    social: z.array(z.object({ network: short(30), url: url.meta(hint('The page’s full address, starting with https://. Placeholder until launch: example addresses lead nowhere.')) }).strict()).max(6)
      .meta(hint('Shown as icons at the bottom of every page.')),
    leadForm: z.object({
      host: url.meta(developers('Set by the developers (a security setting): the form provider is allowed in the site’s security policy. Placeholder until launch.')),
      /** A form per language: the Spanish pages embed the Spanish form. */
      formId: z.object({
        en: text.meta({ cms: { label: 'English form' } }),
        es: text.meta({ cms: { label: 'Spanish form' } }),
      }).strict().meta(hint('The number the form provider gives each booking form, one per language (the Spanish pages show the Spanish form). Placeholder until launch.')),
    }).strict(),
    /** The Section 1557 notice (/nondiscrimination). */
    civilRights: z
      .object({
        /** The Section 1557 coordinator; null until the practice names one (the page says the name is to be confirmed). */
        // Empty is "not named yet" too: the editor leaves an empty field out (or saves it as "").
        coordinatorName: z.string().trim().nullish().transform((name) => name || null)
          .meta(hint('The Section 1557 coordinator, once the practice names one. Empty: the page says the name is to be confirmed.')),
        /** The clinic (its id in locations.yaml) whose address takes mailed grievances, until the practice names another. */
        mailingLocation: slug.meta(developers('The clinic (kissimmee, miami or hialeah) whose address takes mailed complaints. Set by the developers.')),
        /** The protected grounds follow the 2024 rule, parts of which courts have stayed: false until counsel confirms them. */
        groundsReviewed: z.boolean().meta(hint("Turn on once the practice's counsel has confirmed the protected grounds on /nondiscrimination.")),
      })
      .strict(),
    maps: z.object({
      embedUrl: url.meta(developers('Set by the developers (a security setting). Each page adds the clinic’s address to it.')),
      directionsUrl: url,
      reviewUrl: url,
      placeId: text.meta(hint("The practice's Google place id. Placeholder until launch.")),
    }).strict(),
    themeColor: matching(/^#[0-9a-fA-F]{6}$/, 'a colour written like "#0b6e69"').meta(developers()),
    budgets: z
      .object({ jsBrotli: z.number().positive(), cssBrotli: z.number().positive(), htmlBrotli: z.number().positive(), largestImage: z.number().positive() })
      .strict()
      .meta(developers('The build stops when a page, the scripts, the stylesheet or a photo is heavier than these. Set by the developers.')),
  })
  .strict();

/** content/locations.yaml */
export const locationsSchema = z
  .array(
    z
      .object({
        id: slug.meta(developers('The clinic’s name in addresses and notices (kissimmee, miami, hialeah). Set by the developers.')),
        city: short(40),
        street: short(80),
        region: z.string().length(2).meta(hint('Two letters, like FL.')),
        postalCode: matching(/^\d{5}(-\d{4})?$/, 'a ZIP code, like 33155 or 33155-1234'),
        geo: z.object({ lat: z.number(), lng: z.number() }).strict().nullish().transform(absent).meta(developers()),
        // An empty list is the practice's hours; own hours start from them, so only what differs is typed.
        hours: ownHours.meta({
          cms: { start: { from: 'site.hours', label: 'Start from the practice’s hours' } },
          ...hint('Leave empty when this clinic keeps the practice’s hours (Site settings). To give it its own, press “Start from the practice’s hours” and change what differs: its own hours list every day it is open.'),
        }),
        /** The clinic's entrance (an upload), shown on its card; none by default. The file is shared, so it has a description per language. */
        photo: imageField({ altIn: { en: 'In English', es: 'En español' } })
          .nullish().transform(absent)
          .meta({ cms: { label: 'Photo of the entrance', hint: 'Optional. Shown on this clinic’s card, so patients recognise the door when they arrive.' } }),
      })
      .strict(),
  )
  .min(1)
  .meta({ cms: { label: 'Clinics', label_singular: 'clinic', summary: '{{fields.city}}', allow_add: false, allow_remove: false, allow_reorder: false } })
  .meta(hint('The clinics. A clinic’s hours are the practice’s (Site) unless it lists its own. Adding a clinic is work for the developers (maps, notices).'));

const day = z.iso.date('a day written year-month-day, like 2026-12-24');

/**
 * content/notices.yaml: notices shown for some days only (a closure, holiday hours, a hurricane), in
 * both languages side by side, for every clinic or one. Days are whole days in Florida (America/New_York).
 */
export const noticesSchema = z
  .array(
    z
      .object({
        text: z
          .object({
            en: short(280).meta({ cms: { label: 'In English', widget: 'text', hint: 'One or two sentences, like "Our Miami office is closed December 24 and 25. Kissimmee and Hialeah are open."' } }),
            es: short(280).meta({ cms: { label: 'En español', widget: 'text', hint: 'Lo mismo en español, como "Nuestro consultorio de Miami estará cerrado el 24 y el 25 de diciembre."' } }),
          })
          .strict()
          .meta({ cms: { label: 'What patients read' } }),
        // "(None)" in the editor is saved as "": every clinic, like a key left out.
        location: z.enum(['kissimmee', 'miami', 'hialeah']).or(z.literal('')).nullish().transform((id) => id || undefined).meta({ cms: { label: 'Only for this clinic', hint: 'Leave it empty when the notice is for every clinic.', options: [{ label: 'Kissimmee', value: 'kissimmee' }, { label: 'Miami', value: 'miami' }, { label: 'Hialeah', value: 'hialeah' }] } }),
        // Two days a few days apart picked in the other order are the same closure (the editor cannot compare two fields):
        // read in order. Further apart, it is likely a year mistyped (Dec 24 to Jan 2 of the same year): refused, with the
        // year meant (check-notices.ts), never read as a closure of most of a year.
        closed: z
          .object({ from: day.meta({ cms: { label: 'First day closed' } }), to: day.meta({ cms: { label: 'Last day closed' } }) })
          .strict()
          .nullish().transform(inOrder)
          .meta({ cms: { label: 'Closure', hint: 'The days the clinic is closed. Fill in for a closure: the website then shows the clinic as closed on those days, and search engines are told. Leave it off for a notice that is not a closure.' } }),
        show: z
          // "Show until" is asked of every notice in the editor, which cannot ask it only of a notice that is no closure
          // (the build would refuse that save); a file written elsewhere may leave it out for a closure.
          .object({ from: day.nullish().transform(absent).meta({ cms: { label: 'Show from' } }), to: day.nullish().transform(absent).meta({ cms: { label: 'Show until', required: true } }) })
          .strict()
          .nullish().transform(inOrder)
          .meta({ cms: { label: 'Days the notice is shown', required: true, hint: '"Show until" is the last day the notice is shown: for a closure, usually its last day closed. Leave "Show from" empty to show it at once (a closure: from 14 days before its first day).' } }),
      })
      .strict(),
  )
  .default([])
  .meta({ cms: { label: 'Notices', label_singular: 'notice', summary: '{{fields.text.en}}' } })
  .meta(hint('A closure, holiday hours or any news for some days only. It shows by itself on its days and goes by itself after; post it on the Google Business Profile too.'));

/** content/insurance.yaml: plan names are proper nouns, the same in every language. */
export const insuranceSchema = z
  .object({
    // A plan added twice (once with a trailing space, which is trimmed) is listed once.
    plans: z.array(text).min(1).transform((plans) => [...new Set(plans)]),
    // Picked from the saved list (the editor's relation to this file's own plans), so no name is mistyped.
    teaser: z.array(text).min(1).max(6).meta({
      cms: {
        hint: 'Up to six plans of the list above, named on the home page. A plan just added to the list can be picked here once the list is saved.',
        widget: 'relation', collection: 'settings', file: 'insurance', value_field: 'plans.*', search_fields: ['plans.*'], display_fields: ['plans.*'], multiple: true, min: 1, max: 6,
      },
    }),
  })
  .strict();

/** content/language-assistance.yaml: taglines offering free language help (Section 1557). */
export const taglinesSchema = z
  .array(
    z
      .object({
        lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]+)?$/, 'a language code like "ht" or "zh-Hant"').meta(developers()),
        language: text,
        /** Right-to-left scripts (Arabic). */
        dir: z.literal('rtl').nullish().transform(absent).meta(developers()),
        text,
        /** false until a qualified translator has reviewed the tagline: a placeholder warning until then. */
        reviewed: z.boolean().meta(hint('Turn on once a qualified translator has checked this tagline.')),
      })
      .strict(),
  )
  .min(2)
  .meta({ cms: { label: 'Languages', label_singular: 'language', summary: '{{fields.language}}' } })
  .meta(hint('Shown on the nondiscrimination page in both languages: the 15 languages most spoken in Florida by people with limited English (to be confirmed against the table HHS publishes for Florida), each after HHS’s sample taglines. The phone number and TTY 711 are added after each by the site. Each awaits review by a qualified translator.'));

// ---------- per-locale text (content/<locale>/...) ----------

const faq = z.object({ q: text, a: text }).strict();
const title = short(90);
const heading = z.object({ title, text }).strict();
const pageMeta = { title, description: text };
/** A page listed in the navigation names itself there. */
const navPage = { ...pageMeta, navLabel: short(24) };

/** The drawings in static/images/services/ (a developer adds one here with its file). */
export const ILLUSTRATIONS = [
  'primary-care', 'annual-physicals', 'preventive-care', 'vaccines', 'womens-health', 'reproductive-health', 'mens-health', 'pediatrics',
  'chronic-disease', 'lab-bloodwork', 'weight-loss', 'telemedicine', 'medication-management', 'urgent-care', 'dot-physicals',
  'immigration-medical', 'lips', 'laser-hair-removal', 'facial', 'iv-therapy',
] as const;

const drawingName = (file: string) => {
  const words = file.replace(/-/g, ' ').replace(/\bdot\b/, 'DOT').replace(/\biv\b/, 'IV').replace(/\b(wo)?mens\b/, '$1men’s');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * content/<locale>/services/<slug>.md front matter; the Markdown body is "What We Do". The file name
 * is the page's address (/services/<slug>). Its kind, place in the lists, home tile, payment and
 * related services are one fact for both languages (SERVICE_FACTS): the editor copies them.
 */
export const serviceSchema = z
  .object({
    name: short(40),
    description: text.refine((d) => firstSentence(d).length <= 220, { message: 'its first sentence is too long for the top of the page, where it is shown whole: at most 220 characters' }),
    imageAlt: optionalText,
    /** A photo of the service (an upload), shown in place of its illustration; none by default. */
    photo: imageField().nullish().transform(absent),
    benefits: z.array(text).min(3),
    whatToExpect: z.array(text).min(3),
    faqs: z.array(faq).min(2),
    group: z.enum(['primary', 'aesthetic']).meta({ cms: { options: [{ label: 'Primary care', value: 'primary' }, { label: 'Aesthetics (paid by the patient)', value: 'aesthetic' }] } }),
    order: z.number().int().min(1),
    onHome: z.boolean().default(false),
    paidByPatient: z.boolean().default(false),
    /** Same-day needs (urgent care): Call comes before Book at the top of the page. */
    callFirst: z.boolean().default(false),
    listed: z.boolean().default(true),
    related: z.array(slug).max(3).default([])
      .meta({ cms: { widget: 'relation', collection: 'services', value_field: '{{slug}}', search_fields: ['name'], display_fields: ['name'], multiple: true, max: 3 } }),
    // The drawings by what they show, not by their file names ("lab-bloodwork" → "Lab bloodwork", "dot-physicals" → "DOT physicals").
    illustration: z.enum(ILLUSTRATIONS).default('primary-care').meta({ cms: { options: ILLUSTRATIONS.map((value) => ({ value, label: drawingName(value) })) } }),
  })
  .strict();

/** The service facts that are the same in both languages. */
export const SERVICE_FACTS = ['group', 'order', 'onHome', 'paidByPatient', 'callFirst', 'listed', 'related', 'illustration'] as const;

/** content/<locale>/legal/<page>.md front matter; the body holds the titled sections (## headings). */
export const legalSchema = z
  .object({
    title: text,
    description: text,
    effective: z.iso.date(),
    intro: text,
    subtitle: optionalText,
    commitment: heading.nullish().transform(absent),
    noindex: z.boolean().default(false).meta(developers()),
  })
  .strict();

/** A review's words in one language: the editor saves one left empty as "" (none). */
const reviewText = z.string().trim().max(600, 'is too long for a review card: at most 600 characters').nullish().transform((words) => words || undefined);

/**
 * content/reviews.yaml: each review once, its stars, date, language and "sample" set once; its text in
 * the language the patient wrote in, and a translation in the other where the practice has one. A page
 * in the other language shows the translation marked as one, else the patient's own words, marked.
 */
export const reviewsSchema = z
  .array(
    z
      .object({
        name: matching(/^\S+ [A-ZÁÉÍÓÚÑ]\.$/, 'first name and last initial, like "Maria G."'),
        // Every rating the patient gave, 1 to 5: showing only five-star reviews beside an overall figure would imply they are representative.
        // A choice of 1 to 5 stars in the editor, picked rather than typed.
        rating: z.literal([1, 2, 3, 4, 5], 'must be 1 to 5 stars').meta({
          ...hint('The stars the patient gave, as written. Shown as given: never choose reviews by their stars.'),
          cms: { options: [5, 4, 3, 2, 1].map((value) => ({ label: value === 1 ? '1 star' : `${value} stars`, value })) },
        }),
        date: day.meta({ cms: { label: 'Date of the review' } }),
        /** The language the patient wrote in; a review shown in another language is marked as a translation. */
        writtenIn: z.enum(['en', 'es']).meta({ cms: { label: 'Written in', options: [{ label: 'English', value: 'en' }, { label: 'Spanish', value: 'es' }] } }),
        sample: z.boolean().meta(hint("On for an invented sample (the site labels it). Off only for a real patient's review, quoted with permission.")),
        text: z
          .object({
            en: reviewText.meta({ cms: { label: 'In English', widget: 'text' } }),
            es: reviewText.meta({ cms: { label: 'En español', widget: 'text' } }),
          })
          .strict()
          .meta({ cms: { label: 'What the patient wrote', hint: 'The patient’s words in the language chosen in "Written in". A translation in the other language is optional: the site marks it as a translation, and without one shows the patient’s own words, marked with their language.' } }),
      })
      .strict()
      .superRefine((review, context) => {
        if (!review.text[review.writtenIn]) context.addIssue({ code: 'custom', path: ['text', review.writtenIn], message: `is empty: write the review in ${review.writtenIn === 'en' ? 'English' : 'Spanish'}, as the patient wrote it (or change "Written in")` });
      }),
  )
  .min(1)
  .max(12)
  .meta({ cms: { label: 'Reviews', label_singular: 'review', summary: '{{fields.name}}' } });

/** content/<locale>/pages/*.yaml, one schema per page. */
export const pageSchemas = {
  home: z
    .object({
      ...navPage,
      // Title and text together keep Book and Call on the first screen of a 390px phone (at 200 characters with a 90-character title).
      hero: z.object({ eyebrow: short(60), title, text: short(200) }).strict(),
      servicesSection: heading,
      aestheticsTile: z.object({ name: text, text }).strict(),
      consultation: heading,
      about: z.object({ title: text, text, highlights: z.array(text).min(1).max(6), link: text }).strict(),
      insurance: z.object({ title: text, text, link: text }).strict(),
      reviews: z.object({ title: text, text, link: text }).strict(),
      locations: z.object({ title: text, text, link: text }).strict(),
      map: heading,
    })
    .strict(),
  about: z
    .object({
      ...navPage,
      hero: heading,
      mission: heading,
      values: z.object({ title: text, items: z.array(heading).min(1).max(4) }).strict(), // one icon each (About.tsx)
      team: heading,
      community: heading,
      cta: heading,
    })
    .strict(),
  services: z.object({ ...navPage, hero: heading, jump: text, primary: heading, aesthetic: heading }).strict(),
  insurance: z
    .object({
      ...navPage,
      hero: heading,
      plans: heading,
      selfPay: z.object({ title: text, text, items: z.array(text).min(2), estimate: z.object({ text, link: text }).strict() }).strict(),
      verification: z.object({ title: text, text, steps: z.array(text).min(2) }).strict(),
      benefits: z.object({ title: text, items: z.array(heading).min(1).max(8) }).strict(),
      cta: heading,
      disclaimer: text,
    })
    .strict(),
  reviews: z
    .object({
      ...navPage,
      hero: heading,
      ratingLabel: text,
      listTitle: text,
      leaveReview: text,
      viewOnMaps: text,
      widget: heading,
    })
    .strict(),
  locations: z.object({ ...navPage, hero: heading }).strict(),
  contact: z
    .object({
      ...navPage,
      hero: heading,
      form: heading,
      info: z.object({ title: text }).strict(),
      map: heading,
    })
    .strict(),
  nondiscrimination: z
    .object({
      ...pageMeta,
      intro: text,
      sections: z.array(z.object({ title: text, paragraphs: z.array(text).min(1), items: z.array(text).nullish().transform(absent) }).strict()).min(3),
      taglinesTitle: text,
      practiceContact: text,
      coordinator: z.object({ title: text, role: text, namePending: text, mail: text, attention: text }).strict(),
    })
    .strict(),
  'not-found': z.object({ ...pageMeta, heading: text, text, link: text }).strict(),
} as const;
export type PageId = keyof typeof pageSchemas;
export const PAGE_IDS = Object.keys(pageSchemas) as PageId[];
export const LEGAL_IDS = ['privacy', 'terms', 'accessibility', 'hipaa', 'good-faith-estimate'] as const;
export type LegalId = (typeof LEGAL_IDS)[number];

/** content/<locale>/ui.yaml: every string the shared parts of the site show. */
export const uiSchema = z
  .object({
    languageName: text,
    skipToContent: text,
    nav: z
      .object({
        label: text,
        allServices: text,
        aestheticHeading: text,
        openMenu: text,
        closeMenu: text,
        menu: text,
      })
      .strict(),
    actions: z
      .object({
        bookAppointment: text,
        callNow: text,
        callUs: text,
        getDirections: text,
        call: text,
        learnMore: text,
        emailUs: text,
      })
      .strict(),
    opensInNewTab: text,
    logoLabel: text,
    emergency: text,
    /** The banner of a current notice: its heading for a screen reader, and a closure's clinic. */
    notices: z.object({ label: text }).strict(),
    /** Open now, per clinic ({time}: "6:00 PM"; {day}: "Monday"). */
    openNow: z.object({ open: text, closed: text, opensToday: text }).strict(),
    hours: z
      .object({
        title: text,
        closed: text,
        days: z.object({ Mo: text, Tu: text, We: text, Th: text, Fr: text, Sa: text, Su: text }).strict(),
        range: text,
        dayRange: text,
      })
      .strict(),
    /** relay: the label beside 711 ("TTY"), for callers who use a relay service. */
    location: z.object({ name: text, address: text, phone: text, email: text, relay: text }).strict(),
    footer: z
      .object({
        about: text,
        locations: text,
        quickLinks: text,
        legal: text,
        contact: text,
        follow: text,
        copyright: text,
        legalLinks: z
          .object({ privacy: text, terms: text, accessibility: text, hipaa: text, nondiscrimination: text, 'good-faith-estimate': text })
          .strict(),
      })
      .strict(),
    help: z
      .object({ open: text, close: text, title: text, greeting: text, book: text, insurance: text, directions: text, call: text })
      .strict(),
    service: z
      .object({
        whatWeDo: text,
        benefits: text,
        whatToExpect: text,
        faqs: text,
        pricing: heading,
        pricingLink: text,
        /** Aesthetic treatments: self-pay, no amounts, never the insurance plans. */
        selfPay: heading,
        selfPayLink: text,
        /** Exams paid by the patient (immigration, DOT): the fee is given on the phone. */
        examPricing: heading,
        related: text,
        disclaimer: text,
        aesthetic: text,
        primary: text,
      })
      .strict(),
    /** translatedFrom: the label of a review shown in a language the patient did not write in. */
    /** translatedFrom: a translation's mark; writtenIn: the mark of a review shown in the patient's own language, untranslated. */
    reviews: z.object({ stars: text, sampleNote: text, sampleLabel: text, translatedFrom: z.object({ en: text, es: text }).strict(), writtenIn: z.object({ en: text, es: text }).strict() }).strict(),
    map: z.object({ title: text, show: text }).strict(),
    form: z.object({ title: text, alternative: text, openInNewTab: text }).strict(),
    bookOrCall: heading,
    legal: z.object({ effective: text }).strict(),
    breadcrumbs: z.object({ label: text }).strict(),
  })
  .strict();

export type Site = z.infer<typeof siteSchema>;
export type Hours = z.infer<typeof hoursSchema>;
export type Location = z.infer<typeof locationsSchema>[number];
export type Notice = z.infer<typeof noticesSchema>[number];
/** The service lists, made from the entries (site/services.ts). */
export interface ServicesIndex {
  primary: string[];
  aesthetic: string[];
  unlisted: string[];
  selfPayExams: string[];
  homeTiles: string[];
  related: Record<string, string[]>;
}
export type Insurance = z.infer<typeof insuranceSchema>;
export type Tagline = z.infer<typeof taglinesSchema>[number];
export type ServiceFront = z.infer<typeof serviceSchema>;
export type LegalFront = z.infer<typeof legalSchema>;
export type Review = z.infer<typeof reviewsSchema>[number];
export type Ui = z.infer<typeof uiSchema>;
export type Pages = { [K in PageId]: z.infer<(typeof pageSchemas)[K]> };
