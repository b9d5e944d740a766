// The contract between content/ and templates/: every content file is checked against one of
// these schemas, so templates receive typed, complete data and never read files themselves.
import * as z from 'zod';
import { imageField } from 'sitewright';

const text = z.string().trim().min(1, 'must not be empty');
/** A string of a given form; the editor (/admin/) shows the same explanation as the build. */
const matching = (pattern: RegExp, explained: string) => z.string().regex(pattern, explained).meta({ cms: { pattern: [pattern.source, `Must be ${explained}`] } });
/** What the editor says beside a field (placeholders: what to put there). */
const hint = (words: string) => ({ cms: { hint: words } });
const slug = matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a lowercase slug like "lab-bloodwork"');
const url = z.url({ protocol: /^https?$/ });
const time = matching(/^([01]\d|2[0-3]):[0-5]\d$/, 'a 24-hour time like "08:00"');
const dayOfWeek = z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);

/** Opening hours as data, so pages, footer and JSON-LD all derive from one source. */
export const hoursSchema = z
  .array(z.object({ days: z.array(dayOfWeek).min(1), opens: time, closes: time }).strict())
  .min(1);

// ---------- locale-independent facts (content/*.yaml) ----------

/** content/site.yaml: the practice's identity, written once. */
export const siteSchema = z
  .object({
    name: text,
    shortName: text,
    baseUrl: url,
    // One number, typed as patients read it: the number phones dial (+1 and ten digits) is made from
    // it, so the shown and the dialled numbers can never differ.
    phone: matching(/^\(\d{3}\) \d{3}-\d{4}$/, 'a phone number written like (407) 555-0142')
      .meta({ cms: { label: 'Phone number', hint: 'As patients read it, like (407) 555-0142. Every "Call" button dials it. Placeholder until launch: 555-01xx numbers are fictitious.' } })
      .transform((display) => ({ display, e164: `+1${display.replace(/\D/g, '')}` })),
    email: z.email().meta(hint("The practice's address for patients. Placeholder until launch: example.com addresses reach nobody.")),
    foundedYear: z.number().int().min(1900),
    /** The "5+ years" the practice shows beside its rating (a stated figure, not computed from foundedYear). */
    experienceYears: z.number().int().positive().meta(hint('Shown as "5+ years" beside the rating.')),
    rating: z.object({ value: z.number().min(0).max(5), count: z.number().int().positive().meta(hint('Shown as "150+".')) }).strict(),
    hours: hoursSchema.meta(hint('The same at every clinic, unless a clinic in Locations lists its own.')),
    social: z.array(z.object({ network: text, url }).strict()).max(6),
    leadForm: z.object({
      host: url.meta({ cms: { readonly: true, hint: 'Set by the developers (a security setting): the form provider must be allowed in templates/site/frame-hosts.ts.' } }),
      formId: text.meta(hint('The id the form provider gives the booking form. Placeholder until launch.')),
    }).strict(),
    /** The Section 1557 notice (/nondiscrimination). */
    civilRights: z
      .object({
        /** The Section 1557 coordinator; null until the practice names one (the page says the name is to be confirmed). */
        // Empty is "not named yet" too: the editor saves an empty field as "".
        coordinatorName: z.string().trim().nullable().transform((name) => name || null)
          .meta(hint('The Section 1557 coordinator, once the practice names one. Empty: the page says the name is to be confirmed.')),
        /** The clinic (its id in locations.yaml) whose address takes mailed grievances, until the practice names another. */
        mailingLocation: slug,
        /** The protected grounds follow the 2024 rule, parts of which courts have stayed: false until counsel confirms them. */
        groundsReviewed: z.boolean().meta(hint("Turn on once the practice's counsel has confirmed the protected grounds on /nondiscrimination.")),
      })
      .strict(),
    maps: z.object({
      embedUrl: url.meta({ cms: { readonly: true, hint: 'Set by the developers (a security setting).' } }),
      directionsUrl: url,
      reviewUrl: url,
      placeId: text.meta(hint("The practice's Google place id. Placeholder until launch.")),
    }).strict(),
    themeColor: matching(/^#[0-9a-fA-F]{6}$/, 'a hex colour like "#0b6e69"'),
    budgets: z
      .object({ jsBrotli: z.number().positive(), cssBrotli: z.number().positive(), htmlBrotli: z.number().positive(), largestImage: z.number().positive() })
      .strict()
      .meta(hint('Bytes after brotli compression: the build fails when a page, script or stylesheet is heavier. For developers.')),
  })
  .strict();

/** content/locations.yaml */
export const locationsSchema = z
  .array(
    z
      .object({
        id: slug,
        city: text,
        street: text,
        region: z.string().length(2),
        postalCode: z.string().regex(/^\d{5}$/, 'a 5-digit ZIP code'),
        geo: z.object({ lat: z.number(), lng: z.number() }).strict().optional(),
        hours: hoursSchema.optional(),
        /** The clinic's entrance (an upload), shown on its card; none by default. The file is shared, so it has a description per language. */
        photo: imageField({ altIn: { en: 'In English', es: 'En español' } })
          .optional()
          .meta({ cms: { label: 'Photo of the entrance', hint: 'Optional. Shown on this clinic’s card, so patients recognise the door when they arrive.' } }),
      })
      .strict(),
  )
  .min(1);

const day = matching(/^\d{4}-\d{2}-\d{2}$/, 'a day written year-month-day, like 2026-12-24');

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
            en: text.meta({ cms: { label: 'In English', hint: 'One or two sentences, like "Our Miami office is closed December 24 and 25. Kissimmee and Hialeah are open."' } }),
            es: text.meta({ cms: { label: 'En español', hint: 'Lo mismo en español, como "Nuestro consultorio de Miami estará cerrado el 24 y el 25 de diciembre."' } }),
          })
          .strict()
          .meta({ cms: { label: 'What patients read' } }),
        location: slug.optional().meta({ cms: { label: 'Only for this clinic', hint: 'kissimmee, miami or hialeah. Leave it empty when the notice is for every clinic.' } }),
        closed: z
          .object({ from: day.meta({ cms: { label: 'First day closed' } }), to: day.meta({ cms: { label: 'Last day closed' } }) })
          .strict()
          .optional()
          .meta({ cms: { label: 'Days the clinic is closed', hint: 'Fill in for a closure: the website then shows the clinic as closed on those days, and search engines are told. Leave empty for a notice that is not a closure.' } }),
        show: z
          .object({ from: day.optional().meta({ cms: { label: 'Show from' } }), to: day.optional().meta({ cms: { label: 'Show until' } }) })
          .strict()
          .optional()
          .meta({ cms: { label: 'Days the notice is shown', hint: 'For a closure, it is shown from 14 days before until the last day closed, unless you say otherwise here. Any other notice needs "Show until".' } }),
      })
      .strict(),
  )
  .default([]);

/** content/insurance.yaml: plan names are proper nouns, the same in every language. */
export const insuranceSchema = z
  .object({
    plans: z.array(text).min(1),
    teaser: z.array(text).min(1).max(6),
  })
  .strict();

/** content/language-assistance.yaml: taglines offering free language help (Section 1557). */
export const taglinesSchema = z
  .array(
    z
      .object({
        lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]+)?$/, 'a language code like "ht" or "zh-Hant"'),
        language: text,
        /** Right-to-left scripts (Arabic). */
        dir: z.literal('rtl').optional(),
        text,
        /** false until a qualified translator has reviewed the tagline: a placeholder warning until then. */
        reviewed: z.boolean().meta(hint('Turn on once a qualified translator has checked this tagline.')),
      })
      .strict(),
  )
  .min(2);

// ---------- per-locale text (content/<locale>/...) ----------

const faq = z.object({ q: text, a: text }).strict();
const heading = z.object({ title: text, text }).strict();
const pageMeta = { title: text, description: text };
/** A page listed in the navigation names itself there. */
const navPage = { ...pageMeta, navLabel: text };

/** The drawings in static/images/services/ (a developer adds one here with its file). */
export const ILLUSTRATIONS = [
  'primary-care', 'annual-physicals', 'preventive-care', 'vaccines', 'womens-health', 'reproductive-health', 'mens-health', 'pediatrics',
  'chronic-disease', 'lab-bloodwork', 'weight-loss', 'telemedicine', 'medication-management', 'urgent-care', 'dot-physicals',
  'immigration-medical', 'lips', 'laser-hair-removal', 'facial', 'iv-therapy',
] as const;

/**
 * content/<locale>/services/<slug>.md front matter; the Markdown body is "What We Do". The file name
 * is the page's address (/services/<slug>). Its kind, place in the lists, home tile, payment and
 * related services are one fact for both languages (SERVICE_FACTS): the editor copies them.
 */
export const serviceSchema = z
  .object({
    name: text,
    description: text,
    imageAlt: text.optional(),
    /** A photo of the service (an upload), shown in place of its illustration; none by default. */
    photo: imageField().optional(),
    benefits: z.array(text).min(3),
    whatToExpect: z.array(text).min(3),
    faqs: z.array(faq).min(2),
    group: z.enum(['primary', 'aesthetic']),
    order: z.number().int().min(1),
    onHome: z.boolean().default(false),
    paidByPatient: z.boolean().default(false),
    listed: z.boolean().default(true),
    related: z.array(slug).max(3).default([]),
    illustration: z.enum(ILLUSTRATIONS).default('primary-care'),
  })
  .strict();

/** The service facts that are the same in both languages. */
export const SERVICE_FACTS = ['group', 'order', 'onHome', 'paidByPatient', 'listed', 'related', 'illustration'] as const;

/** content/<locale>/legal/<page>.md front matter; the body holds the titled sections (## headings). */
export const legalSchema = z
  .object({
    title: text,
    description: text,
    effective: z.iso.date(),
    intro: text,
    subtitle: text.optional(),
    commitment: heading.optional(),
    noindex: z.boolean().default(false),
  })
  .strict();

/** content/<locale>/reviews.yaml: sample reviews until the practice supplies real ones. */
export const reviewsSchema = z
  .array(
    z
      .object({ name: matching(/^\S+ [A-ZÁÉÍÓÚÑ]\.$/, 'first name and last initial, like "Maria G."'), rating: z.literal(5), text, date: text, sample: z.boolean().meta(hint("On for an invented sample (the site labels it). Off only for a real patient's review, quoted with permission.")) })
      .strict(),
  )
  .min(1)
  .max(12);

/** content/<locale>/pages/*.yaml, one schema per page. */
export const pageSchemas = {
  home: z
    .object({
      ...navPage,
      hero: z.object({ eyebrow: text, title: text, text }).strict(),
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
      sections: z.array(z.object({ title: text, paragraphs: z.array(text).min(1), items: z.array(text).optional() }).strict()).min(3),
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
    location: z.object({ name: text, address: text, phone: text, email: text }).strict(),
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
    reviews: z.object({ stars: text, sampleNote: text, sampleLabel: text }).strict(),
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
