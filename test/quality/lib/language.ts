// A small, explainable language checker for a bilingual (English/Spanish) page: it finds English text on
// a Spanish page and Spanish text on an English page.
//
// How a string is judged:
//  1. Proper nouns that are the same in both languages (ALLOWED below), URLs, e-mail addresses and
//     phone numbers are removed; what is left is split into words (letters only, so numbers go too).
//  2. Sentences: the words are counted against two short lists of very common words of each language
//     (function words such as "the"/"el", plus a few frequent words of a clinic's site such as
//     "appointment"/"cita"). A string on a Spanish page is flagged when it has at least 2 English hits
//     and more English than Spanish hits (and the mirror on an English page). A real sentence cannot
//     avoid function words, while names and codes never count.
//  3. Short labels (≤ 3 words left, e.g. buttons), which have too few function words to judge, are
//     compared whole with a list of the other language's interface words ("Call Now" on a Spanish page).
//
// Text in an element with its own lang attribute (the language toggle, the language-assistance
// taglines) is in that language on purpose and is not checked.
import { parseHtml, attr, openingTag, elements, ancestors, textOf, type Element } from './html.ts';

export type Lang = 'en' | 'es';

/** Proper nouns and codes written the same on both sites. Matched case-sensitively as whole words. */
export const ALLOWED = [
  // The practice and its places.
  'Florida Family Primary Care', 'FL Family Care', 'Florida', 'FL', 'Kissimmee', 'Miami', 'Hialeah',
  'Ridge St', 'Coral Way', 'W 29th St',
  // Insurance plans.
  'Medicare', 'Medicaid', 'Blue Cross Blue Shield', 'Blue Cross', 'Aetna', 'United Healthcare', 'Cigna', 'Humana',
  'Molina Healthcare', 'WellCare', 'Simply Healthcare', 'Oscar Health', 'Ambetter (Sunshine Health)',
  // Agencies, forms, programmes and brands.
  'HIPAA', 'DOT', 'GLP-1', 'USCIS', 'I-485', 'I-693', 'I‑693', 'Google Maps', 'Google', 'Facebook', 'Instagram',
  // The federal agency's own name, part of the postal address on /es/nondiscrimination.
  'U.S. Department of Health and Human Services',
];

/**
 * Very common English function words, plus a few frequent words of a clinic's site that exist only in
 * English (appointment, insurance, …). "a", "no" and "me" are in neither list: they are words of both languages.
 */
export const ENGLISH_WORDS = new Set(
  [
    'the and you your yours our ours we us they their them with for of to is are was were be been being this that',
    'these those will would can could should may might must in on at from or not it its as by an if have has had do',
    "does did what how when where who which why than then so into just also every each other here there i my it's",
    "we're you're we'll you'll don't can't won't",
    'please call book more about all any get find need help see make learn read today now same day new free available',
    'appointment appointments visit visits patient patients care health family families insurance services service',
    'office hours open closed questions children women men adults treatment checkup checkups ago week weeks month',
    'months year years since',
  ].join(' ').split(' '),
);

/** Very common Spanish function words, plus a few frequent words of a clinic's site that exist only in Spanish. */
export const SPANISH_WORDS = new Set(
  [
    'el la los las de del y que en con para por su sus nuestro nuestra nuestros nuestras usted ustedes es son una un',
    'unos unas al lo se le les más o como cómo si está están esta este estos estas puede pueden pero también cuando',
    'cuándo qué dónde hay muy todo toda todos todas sobre desde hasta entre sin según ser fue ya donde porque cada',
    'otro otra otros otras aquí nos',
    'llame llámenos cita citas consulta consultas gratuita gratuito hoy ahora atención salud familia familias',
    'paciente pacientes médico médica servicios servicio seguro seguros visita visitas horario abierto cerrado ayuda',
    'necesita preguntas niños mujeres hombres adultos tratamiento cuidado hace semana semanas mes meses año años',
  ].join(' ').split(' '),
);

/** Interface words of each language, judged only when a string is this short (≤ 3 words). */
export const SHORT_LIMIT = 3;
export const UI_WORDS: Record<Lang, string[]> = {
  en: [
    'Home', 'About', 'About Us', 'Services', 'All Services', 'Insurance', 'Reviews', 'Locations', 'Contact', 'Contact Us',
    'Menu', 'Open menu', 'Close menu', 'Call', 'Call Now', 'Call Us', 'Book Appointment', 'Book an Appointment',
    'Get Directions', 'Learn More', 'Read More', 'Email Us', 'Closed', 'Office Hours', 'Phone', 'Address', 'Benefits',
    'What We Do', 'What to Expect', 'FAQs', 'Frequently Asked Questions', 'Quick Links', 'Follow Us', 'Privacy Policy',
    'Terms of Service', 'Terms of Use', 'Accessibility', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
    'Back', 'Next', 'Previous', 'Close', 'Open', 'Search', 'Submit', 'Send',
  ],
  es: [
    'Inicio', 'Nosotros', 'Servicios', 'Todos los servicios', 'Seguros', 'Reseñas', 'Ubicaciones', 'Contacto',
    'Contáctenos', 'Menú', 'Abrir menú', 'Cerrar menú', 'Llamar', 'Llamar ahora', 'Llámenos', 'Reservar cita',
    'Reserve una cita', 'Reservar una cita', 'Cómo llegar', 'Más información', 'Leer más', 'Escríbanos', 'Cerrado',
    'Horario de atención', 'Teléfono', 'Dirección', 'Correo electrónico', 'Beneficios', 'Lo que hacemos', 'Qué esperar',
    'Preguntas frecuentes', 'Enlaces rápidos', 'Síganos', 'Política de privacidad', 'Términos del servicio', 'Términos de uso',
    'Accesibilidad', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo', 'Anterior',
    'Siguiente', 'Cerrar', 'Abrir', 'Buscar', 'Enviar',
  ],
};

const LANGUAGE_NAME: Record<Lang, string> = { en: 'English', es: 'Spanish' };
const other = (lang: Lang): Lang => (lang === 'en' ? 'es' : 'en');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ALLOWED_PATTERN = new RegExp(
  `(?<![\\p{L}\\d-])(?:${[...ALLOWED].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}\\d-])`,
  'gu',
);
const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/gi;
const EMAIL_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const PHONE_PATTERN = /\+?\(?\d[\d\s().-]{5,}\d/g;

/** The words of a string that can tell its language: allowed names, URLs, e-mails, phones and numbers removed. */
export function words(text: string): string[] {
  const rest = text
    .replace(URL_PATTERN, ' ')
    .replace(EMAIL_PATTERN, ' ')
    .replace(ALLOWED_PATTERN, ' ')
    .replace(PHONE_PATTERN, ' ')
    .replace(/’/g, "'");
  return (rest.match(/\p{L}+(?:'\p{L}+)*/gu) ?? []).map((w) => w.toLowerCase());
}

export interface Verdict {
  /** Why the string is in the wrong language, in words an editor understands; undefined if it is fine. */
  reason?: string;
}

/**
 * Judges one string shown on a page whose language is pageLang: as a whole, then sentence by
 * sentence, so one English sentence inside a long Spanish paragraph is still caught.
 */
export function judge(text: string, pageLang: Lang): Verdict {
  const whole = judgeText(text, pageLang);
  if (whole.reason) return whole;
  // Allowed names go first, so "U.S." inside one does not end a sentence.
  const sentences = text.replace(ALLOWED_PATTERN, ' ').split(/(?<=[.!?])\s+/);
  if (sentences.length < 2) return whole;
  for (const sentence of sentences) {
    const verdict = judgeText(sentence, pageLang, false);
    if (verdict.reason) return { reason: `${verdict.reason} in the sentence "${sentence.slice(0, 80)}"` };
  }
  return {};
}

function judgeText(text: string, pageLang: Lang, labels = true): Verdict {
  const foreign = other(pageLang);
  const list = words(text);
  if (list.length === 0) return {};
  if (labels && list.length <= SHORT_LIMIT) {
    const label = list.join(' ');
    const match = UI_WORDS[foreign].find((w) => w.toLowerCase() === label);
    if (match) return { reason: `${LANGUAGE_NAME[foreign]} interface label "${match}"` };
  }
  const hits = { en: list.filter((w) => ENGLISH_WORDS.has(w)), es: list.filter((w) => SPANISH_WORDS.has(w)) };
  if (hits[foreign].length >= 2 && hits[foreign].length > hits[pageLang].length) {
    return { reason: `${LANGUAGE_NAME[foreign]} text (${LANGUAGE_NAME[foreign]} words: ${hits[foreign].join(', ')}; ${LANGUAGE_NAME[pageLang]} words: ${hits[pageLang].join(', ') || 'none'})` };
  }
  return {};
}

/** Elements whose text is checked as one string; a, button and label also count inside their parent's text. */
const TEXT_BLOCKS = new Set(['title', 'p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'td', 'th', 'caption', 'blockquote', 'figcaption', 'legend', 'address', 'summary', 'option', 'label', 'a', 'button']);
const INLINE_BLOCKS = new Set(['a', 'button', 'label']);
/** Attributes that give an element its accessible name or description. */
const TEXT_ATTRIBUTES = ['aria-label', 'aria-description', 'alt', 'title', 'placeholder'];
/** <meta> whose content is shown for the page (search results, social cards). */
const META_TEXT = new Set(['description', 'og:title', 'og:description', 'og:image:alt', 'twitter:title', 'twitter:description', 'twitter:image:alt']);

export interface Finding {
  /** The element (its opening tag as in the file) or the attribute the text comes from. */
  where: string;
  text: string;
  reason: string;
}

/** The language an element is in: its own or its nearest ancestor's lang attribute (primary subtag). */
function langOf(el: Element): string | undefined {
  for (const e of [el, ...ancestors(el)]) {
    const lang = attr(e, 'lang');
    if (lang !== undefined) return lang.toLowerCase().split('-')[0];
  }
  return undefined;
}

/** Every string a reader (or a screen reader) gets from the page: [where, text]. */
function* strings(html: string, pageLang: Lang): Generator<[string, string]> {
  const doc = parseHtml(html);
  const inOtherLanguage = (el: Element) => {
    const lang = langOf(el);
    return lang !== undefined && lang !== pageLang;
  };
  const nestedBlock = (el: Element) => (TEXT_BLOCKS.has(el.tagName) && !INLINE_BLOCKS.has(el.tagName)) || inOtherLanguage(el);
  for (const el of elements(doc)) {
    if (inOtherLanguage(el)) continue;
    if (el.tagName === 'script' && attr(el, 'id') === 'island-props') yield* islandLabels(textOf(el));
    if (el.tagName === 'script' || el.tagName === 'style') continue;
    if (TEXT_BLOCKS.has(el.tagName)) yield [openingTag(el, html), textOf(el, nestedBlock, true)];
    for (const name of TEXT_ATTRIBUTES) {
      const value = attr(el, name);
      if (value) yield [`${name}="…" of ${openingTag(el, html)}`, value];
    }
    if (el.tagName === 'meta' && META_TEXT.has(attr(el, 'name') ?? attr(el, 'property') ?? '')) {
      yield [openingTag(el, html), attr(el, 'content') ?? ''];
    }
  }
}

/** The labels the interactive widgets render in the browser, from the page's island-props JSON. */
function* islandLabels(json: string): Generator<[string, string]> {
  function* walk(value: unknown, path: string): Generator<[string, string]> {
    if (typeof value === 'string' && !/^(?:\/|#|[a-z]+:)/i.test(value)) yield [`widget text ${path} in <script id="island-props">`, value];
    else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}.${k}`);
  }
  yield* walk(JSON.parse(json), 'island-props');
}

/** The <html lang> of a page ("" if missing). */
export function htmlLang(html: string): string {
  const root = [...elements(parseHtml(html))].find((el) => el.tagName === 'html');
  return root ? (attr(root, 'lang') ?? '') : '';
}

/**
 * Every string of the page in the wrong language. The page's language is pageLang if given (the site's
 * tests pass the language of the page's folder), else its <html lang>.
 */
export function checkLanguage(html: string, pageLang?: Lang): Finding[] {
  const lang = pageLang ?? htmlLang(html).toLowerCase().split('-')[0];
  if (lang !== 'en' && lang !== 'es') throw new Error(`<html lang="${lang}"> is neither en nor es`);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const [where, text] of strings(html, lang)) {
    const { reason } = judge(text, lang);
    // The same wrong string (e.g. in a link and in its list item) is reported once.
    if (reason && !seen.has(text)) {
      seen.add(text);
      findings.push({ where, text, reason });
    }
  }
  return findings;
}
