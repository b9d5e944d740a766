// Language integrity of the built site: every page declares its language, Spanish pages show no English
// and English pages no Spanish (proper nouns and text marked with its own lang aside). How the checker
// decides is explained at the top of lib/language.ts; the last group shows that it does catch mistakes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { practice } from '../helpers/facts.ts';
import { checkLanguage, htmlLang, type Finding } from './lib/language.ts';
import { loadPages, type Locale, type Page } from './lib/site.ts';

let pages: Page[];
beforeAll(() => {
  pages = loadPages(inject('distDir'));
});

const NAME: Record<Locale, string> = { en: 'English', es: 'Spanish' };
const shorten = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const line = (page: Page, f: Finding) => `${page.url} (dist/${page.file}): ${f.reason} in ${f.where}: "${shorten(f.text)}"`;

it('every page declares the language of its folder: <html lang="<code>"> under dist/<code>/, the default locale elsewhere', () => {
  const problems = pages
    .filter((page) => htmlLang(page.html) !== page.locale)
    .map((page) => `${page.url} (dist/${page.file}): <html lang="${htmlLang(page.html)}"> should be <html lang="${page.locale}">`);
  expect(pages.length, 'pages found in dist/').toBeGreaterThan(0);
  expect(problems.length, `${problems.length} page(s) with the wrong <html lang>:\n${problems.join('\n')}\n`).toBe(0);
});

describe.each(['es', 'en'] as const)('%s pages', (locale) => {
  const foreign = NAME[locale === 'es' ? 'en' : 'es'];
  it(`show no ${foreign} text (text, alt, aria-label, title, meta description, widget labels)`, () => {
    const ofLocale = pages.filter((page) => page.locale === locale);
    expect(ofLocale.length, `${NAME[locale]} pages found in dist/`).toBeGreaterThan(0);
    const problems = ofLocale.flatMap((page) => checkLanguage(page.html, locale).map((f) => line(page, f)));
    expect(problems.length, `${problems.length} ${foreign} string(s) on ${NAME[locale]} pages:\n${problems.join('\n')}\n`).toBe(0);
  });
});

describe('the language checker itself', () => {
  /** A small page in the given language with the given body. */
  const page = (lang: Locale, body: string, head = '') => `<!DOCTYPE html><html lang="${lang}"><head><title>${lang === 'es' ? 'Inicio' : 'Home'}</title>${head}</head><body>${body}</body></html>`;
  const texts = (findings: Finding[]) => findings.map((f) => f.text);

  it('flags an English sentence pasted into a real Spanish page, and nothing else there', () => {
    const original = readFileSync(join(inject('distDir'), 'es/index.html'), 'utf8');
    const broken = original.replace(/(<main[^>]*>)/, '$1<p>Please call us to book your visit today.</p>');
    expect(broken).not.toBe(original);
    const findings = checkLanguage(broken);
    expect(texts(findings)).toEqual(['Please call us to book your visit today.']);
    expect(findings[0]!.where).toBe('<p>');
    expect(findings[0]!.reason).toMatch(/^English text \(English words: please, call, us, to, book, your, visit, today/);
  });

  it('flags one English sentence inside a long Spanish paragraph', () => {
    const paragraph = 'Nuestra misión es que cada familia que atendemos tenga a su alcance una atención primaria de calidad. Le escuchamos con atención y le explicamos todo con claridad. Please call us to book your visit today.';
    const findings = checkLanguage(`<html lang="es"><body><main><p>${paragraph}</p></main></body></html>`);
    expect(texts(findings)).toEqual([paragraph]);
    expect(findings[0]!.reason).toMatch(/in the sentence "Please call us to book your visit today\."$/);
  });

  it('flags a Spanish sentence pasted into a real English page, and nothing else there', () => {
    const original = readFileSync(join(inject('distDir'), 'about.html'), 'utf8');
    const broken = original.replace(/(<main[^>]*>)/, '$1<p>Llame hoy para reservar una cita con nuestro equipo.</p>');
    expect(broken).not.toBe(original);
    expect(texts(checkLanguage(broken))).toEqual(['Llame hoy para reservar una cita con nuestro equipo.']);
  });

  it('flags an English aria-label, alt or meta description on a Spanish page', () => {
    const findings = checkLanguage(
      page(
        'es',
        '<a href="/es/contact" aria-label="Book an appointment with our team">Reservar</a><img src="/x.png" alt="Our doctor with a patient">',
        '<meta name="description" content="Primary care for the whole family in Kissimmee.">',
      ),
    );
    expect(findings.map((f) => f.where)).toEqual([
      '<meta name="description" content="Primary care for the whole family in Kissimmee.">',
      'aria-label="…" of <a href="/es/contact" aria-label="Book an appointment with our team">',
      'alt="…" of <img src="/x.png" alt="Our doctor with a patient">',
    ]);
  });

  it('flags a short interface label in the other language (button, link, widget label)', () => {
    const es = checkLanguage(page('es', '<button type="button">Call Now</button><a href="/es/">Home</a><p>Cerrado</p>'));
    expect(texts(es)).toEqual(['Call Now', 'Home']);
    expect(es[0]!.reason).toBe('English interface label "Call Now"');
    const en = checkLanguage(page('en', `<a href="tel:${practice.phone.e164}">Llamar ahora: ${practice.phone.display}</a><script type="application/json" id="island-props">[{"labels":{"menu":"Menú"}}]</script>`));
    expect(texts(en)).toEqual([`Llamar ahora: ${practice.phone.display}`, 'Menú']);
    expect(en[1]!.where).toBe('widget text island-props[0].labels.menu in <script id="island-props">');
  });

  it('accepts proper nouns, e-mail, phone, URLs and text marked with its own lang', () => {
    const es = page(
      'es',
      '<p>Aceptamos Medicare, Blue Cross Blue Shield, United Healthcare, Oscar Health y Ambetter (Sunshine Health).</p>' +
        '<p>Florida Family Primary Care, 1426 Ridge St, Kissimmee, FL 34744</p>' +
        '<p>Formularios I-485 e I-693 de USCIS; exámenes DOT; GLP-1; HIPAA.</p>' +
        `<p><a href="mailto:appointments@example.com">appointments@example.com</a> · ${practice.phone.display} · https://www.example.com/the-and-you</p>` +
        '<a href="/" lang="en" aria-label="English">EN</a>' +
        '<ul><li lang="en"><strong>English</strong>: ATTENTION: If you speak English, language assistance services, free of charge, are available to you. Call us.</li></ul>' +
        '<div lang="en-US"><p>Please call us to book your visit today.</p></div>',
    );
    expect(checkLanguage(es)).toEqual([]);
  });

  it('does not flag a Spanish sentence with a few English words, nor an English one with a Spanish name', () => {
    expect(checkLanguage(page('es', '<p>Ofrecemos citas de telemedicina por video: solo necesita su teléfono y Wi-Fi.</p>'))).toEqual([]);
    expect(checkLanguage(page('en', '<p>Ask for Dr. de la Cruz at the front desk of our office.</p>'))).toEqual([]);
  });
});
