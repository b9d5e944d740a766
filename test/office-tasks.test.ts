// The office manager's everyday changes, made as she makes them (content only, through the fields
// the editor shows), and what patients then see on every page of both languages.
import { decodeHTML } from 'entities';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { build } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { sandbox, SITE, STATIC, type Sandbox } from './helpers/fixtures.ts';
import { parse, stringify } from 'yaml';
import { reviewsSchema, siteSchema } from '../templates/schema.ts';
import { clinics, linkedInText, practice, services } from './helpers/facts.ts';

let site: Sandbox;
beforeAll(async () => {
  site = await sandbox();
});
afterAll(() => site.cleanup());

/** Builds the sandbox's content; returns the HTML pages of the output by their path. */
async function buildPages(name: string): Promise<Map<string, string>> {
  const out = join(site.dir, name);
  await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date('2026-06-10T15:00:00Z'), compress: false });
  const pages = new Map<string, string>();
  for (const entry of await readdir(out, { recursive: true })) {
    if (entry.endsWith('.html') && !entry.startsWith('admin')) pages.set(entry, await readFile(join(out, entry), 'utf8'));
  }
  return pages;
}

describe('the practice changes its phone number', () => {
  it('is typed once, as patients read it, and every Call button and the structured data dial the new number', async () => {
    await site.edit('site.yaml', (t) => t.replace(/^phone: .*$/m, 'phone: (305) 555-0177'));
    const pages = await buildPages('phone');
    expect(pages.size).toBeGreaterThan(40);
    for (const [path, html] of pages) {
      // The practice's numbers dialled on the page (the help lines 911, 988, 711 and Poison Control aside).
      const dialled = new Set([...html.matchAll(/href="tel:([^"]+)"/g)].map((m) => m[1]!).filter((n) => n === practice.phone.e164 || n === '+13055550177'));
      expect([...dialled], path).toEqual(['+13055550177']);
      expect(html, path).not.toContain(practice.phone.display);
    }
    expect(pages.get('index.html')).toContain('"telephone":"+13055550177"');
    expect(pages.get('es/index.html')).toContain('(305) 555-0177');
  });

  it('is taken as people type it, shown in one form and dialled in one form', async () => {
    const phone = siteSchema.shape.phone;
    // Pasted from a document: a non-breaking space and a non-breaking hyphen, or an en dash, look the same.
    for (const typed of ['305-448-2210', '305.448.2210', '(305) 448-2210', '+1 305 448 2210', '1 (305) 448-2210', '3054482210', '(305)\u00a0448\u20112210', '305\u2013448\u20132210 ']) {
      expect(phone.parse(typed), typed).toEqual({ display: '(305) 448-2210', e164: '+13054482210' });
    }
    for (const wrong of ['305-555-12', '305-448-22100', '+44 20 7946 0958', '(305 448-2210']) expect(phone.safeParse(wrong).success, wrong).toBe(false);
    await site.edit('site.yaml', (t) => t.replace(/^phone: .*$/m, 'phone: "305.448.2210"'));
    const home = (await buildPages('phone-typed')).get('index.html')!;
    expect(home).toContain('(305) 448-2210');
    expect(home).toContain('href="tel:+13054482210"');
  });

  it('is refused with an example of what to type when it is not ten digits', async () => {
    const before = await readFile(join(site.content, 'site.yaml'), 'utf8');
    await site.edit('site.yaml', (t) => t.replace(/^phone: .*$/m, 'phone: "305-555-12"'));
    await expect(buildPages('phone-bad')).rejects.toThrow(/phone: .*ten digits, like \(305\) 448-2210/);
    await site.write('site.yaml', before);
  });
});

// From the content: the last primary-care service in the lists (the new one comes after it) and two it may relate to.
const primaries = services.filter((service) => service.group === 'primary' && service.listed).sort((a, b) => a.order - b.order);
const lastPrimary = primaries.at(-1)!;

/** A new service's file in one language, as the editor writes it (the facts copied to both). */
const newService = (locale: 'en' | 'es') => `---
name: ${locale === 'en' ? 'Sports Physicals' : 'Exámenes físicos deportivos'}
description: ${locale === 'en' ? 'Physicals for school and league sports, with the forms your team asks for.' : 'Exámenes físicos para deportes escolares y de ligas, con los formularios que pide su equipo.'}
benefits:
  - ${locale === 'en' ? 'Forms completed at the visit' : 'Formularios completados en la consulta'}
  - ${locale === 'en' ? 'Same-week appointments' : 'Citas en la misma semana'}
  - ${locale === 'en' ? 'A bilingual team' : 'Un equipo bilingüe'}
whatToExpect:
  - ${locale === 'en' ? 'Bring the form from your school or league.' : 'Traiga el formulario de su escuela o liga.'}
  - ${locale === 'en' ? 'Your provider checks your health history.' : 'Su proveedor revisa su historial de salud.'}
  - ${locale === 'en' ? 'You leave with the signed form.' : 'Usted sale con el formulario firmado.'}
faqs:
  - q: ${locale === 'en' ? 'How long does it take?' : '¿Cuánto tarda?'}
    a: ${locale === 'en' ? 'About 30 minutes.' : 'Unos 30 minutos.'}
  - q: ${locale === 'en' ? 'Do I need an appointment?' : '¿Necesito una cita?'}
    a: ${locale === 'en' ? 'Yes, please book ahead.' : 'Sí, por favor haga una cita.'}
group: primary
order: ${lastPrimary.order + 1}
related: [${primaries[0]!.slug}, ${primaries[1]!.slug}]
---
${locale === 'en' ? 'We do school and league sports physicals.' : 'Hacemos exámenes físicos para deportes escolares y de ligas.'}
`;

describe('staff add and remove a service, content only', () => {
  it('a new service (one file per language, no list to edit) gets its page, a place in the menu and on /services, in both languages', async () => {
    await site.write('en/services/sports-physicals.md', newService('en'));
    await site.write('es/services/sports-physicals.md', newService('es'));
    const pages = await buildPages('new-service');
    expect(pages.get('services/sports-physicals.html')).toContain('<h1>Sports Physicals</h1>');
    expect(pages.get('es/services/sports-physicals.html')).toContain('<h1>Exámenes físicos deportivos</h1>');
    // The default illustration, decorative (none was described).
    expect(pages.get('services/sports-physicals.html')).toMatch(/<img class="service-image" src="\/images\/services\/primary-care\.svg" alt=""/);
    for (const [path, prefix, name] of [['index.html', '', 'Sports Physicals'], ['es/index.html', '/es', 'Exámenes físicos deportivos']] as const) {
      // The services menu of every page (the menu island's props) lists it, after the last primary service.
      expect(pages.get(path)).toMatch(new RegExp(`"href":"${prefix}/services/${lastPrimary.slug}","current":false\\},\\{"label":"${name}","href":"${prefix}/services/sports-physicals"`));
    }
    expect(pages.get('services.html')).toContain('href="/services/sports-physicals"');
    expect(pages.get('es/services.html')).toContain('href="/es/services/sports-physicals"');
    await site.remove('en/services/sports-physicals.md');
    await site.remove('es/services/sports-physicals.md');
  });

  it('a removed service is caught before publishing where another service still names it, by file and line', async () => {
    // From the content: a service others relate to, which no text links to (a link would be a broken link of its own).
    const gone = services.find((service) => services.some((other) => other.related.includes(service.slug)) && !linkedInText(service.slug))!.slug;
    const referrers = services.filter((service) => service.related.includes(gone));
    const first = await readFile(join(site.content, `en/services/${referrers[0]!.slug}.md`), 'utf8');
    const removed = await Promise.all(['en', 'es'].map((locale) => readFile(join(site.content, `${locale}/services/${gone}.md`), 'utf8')));
    for (const locale of ['en', 'es']) await site.remove(`${locale}/services/${gone}.md`);
    onTestFinished(() => Promise.all(['en', 'es'].map((locale, i) => site.write(`${locale}/services/${gone}.md`, removed[i]!))).then(() => undefined));
    const error = await buildPages('removed').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    const messages = (error as BuildFailure).problems.map((p) => p.format());
    const line = first.split('\n').findIndex((l) => l.startsWith('related:')) + 1;
    // (A close name may be offered: "did you mean …".)
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${site.content}/en/services/${referrers[0]!.slug}\\.md:${line}:1  names a related service that does not exist\n  related\\[${referrers[0]!.related.indexOf(gone)}\\]: "${gone}" is not a service(; did you mean [^:]+)?: choose one of the list, or remove it$`)));
    expect(messages.every((m) => m.includes('names a related service that does not exist'))).toBe(true);
    // One for each service that relates to it.
    expect(messages).toHaveLength(referrers.length);
  });
});

describe('reviews, shown honestly', () => {
  /** The card of a review by its author's name. */
  const card = (html: string, name: string) => html.match(new RegExp(`<li class="card review">(?:(?!</li>).)*${name}.*?</li>`, 's'))![0];

  it('a 4-star review shows 4 stars in both languages, set once; a translation says it is one', async () => {
    const reviews = reviewsSchema.parse(parse(await readFile(join(site.content, 'reviews.yaml'), 'utf8')));
    const first = reviews[0]!;
    await site.edit('reviews.yaml', (t) => t.replace('rating: 5', 'rating: 4'));
    const pages = await buildPages('reviews');
    for (const [path, label] of [['reviews.html', '4 out of 5 stars'], ['es/reviews.html', '4 de 5 estrellas']] as const) {
      const shown = card(pages.get(path)!, first.name);
      expect(shown).toContain(`aria-label="${label}"`);
      expect(shown.match(/class="icon star star--on"/g)).toHaveLength(4);
    }
    // Each review with both texts: the page in the other language than the patient's marks the translation.
    for (const review of reviews.filter((r) => r.text.en && r.text.es)) {
      const other = review.writtenIn === 'en' ? 'es/reviews.html' : 'reviews.html';
      const own = review.writtenIn === 'en' ? 'reviews.html' : 'es/reviews.html';
      expect(card(pages.get(other)!, review.name)).toMatch(review.writtenIn === 'en' ? /Traducida del inglés/ : /Translated from Spanish/);
      expect(card(pages.get(own)!, review.name)).not.toMatch(/Translated|Traducida|Written in|Escrita en/);
    }
  });

  it('a review written in English only builds; the Spanish page shows the patient\'s own words, marked and in their language', async () => {
    const before = await readFile(join(site.content, 'reviews.yaml'), 'utf8');
    await site.write('reviews.yaml', `- name: "Dana K."\n  rating: 4\n  date: "2026-11-20"\n  writtenIn: "en"\n  sample: false\n  text:\n    en: "Quick visit, clear answers."\n    es: ""\n${before}`);
    const pages = await buildPages('review-en-only');
    expect(card(pages.get('reviews.html')!, 'Dana K.')).toContain('<p>Quick visit, clear answers.</p>');
    const es = card(pages.get('es/reviews.html')!, 'Dana K.');
    expect(es).toContain('<blockquote class="review__text" lang="en"><p>Quick visit, clear answers.</p></blockquote>');
    expect(es).toContain('Escrita en inglés');
    expect(es).toContain('noviembre de 2026');
    await site.write('reviews.yaml', before);
  });

  it('a review whose own language has no text is refused in the editor\'s words', async () => {
    const before = await readFile(join(site.content, 'reviews.yaml'), 'utf8');
    await site.write('reviews.yaml', `- name: "Dana K."\n  rating: 4\n  date: "2026-11-20"\n  writtenIn: "es"\n  sample: false\n  text:\n    en: "Quick visit."\n${before}`);
    const failure = await buildPages('review-no-own').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailure);
    const words = (failure as BuildFailure).problems.flatMap((p) => p.details.map((d) => d.words));
    expect(words).toContain('Reviews › Dana K. › What the patient wrote › En español: is empty: write the review in Spanish, as the patient wrote it (or change "Written in")');
    await site.write('reviews.yaml', before);
  });
});

describe('what the site\'s own checks refuse, told in the editor\'s words', () => {
  it('a notice, a link in a service\'s text and 911 without 988 name the entry and the field, or the line of the text', async () => {
    const notices = await readFile(join(site.content, 'notices.yaml'), 'utf8');
    const services = (await readdir(join(site.content, 'en/services'))).filter((f) => f.endsWith('.md'));
    const [linked, urgent] = [join(site.content, 'es/services', services[0]!), join(site.content, 'en/services', services[1]!)];
    const [linkedBefore, urgentBefore] = await Promise.all([readFile(linked, 'utf8'), readFile(urgent, 'utf8')]);
    const nameOf = (text: string) => /^name: (.+)$/m.exec(text)![1]!;
    try {
      // As the editor saves them: a notice that is no closure with no "Show until", a link to a page that
      // does not exist at the end of a Spanish service's text, and an English one that gives 911 alone.
      await site.write('notices.yaml', '- text:\n    en: Closed for inventory.\n    es: Cerrado por inventario.\n  show:\n    from: "2026-06-12"\n');
      await site.write(`es/services/${services[0]}`, `${linkedBefore.trimEnd()}\n\nVea [nuestros horarios](/es/horarios).\n`);
      await site.write(`en/services/${services[1]}`, `${urgentBefore.trimEnd()}\n\nIn an emergency, call 911.\n`);
      const words = async (name: string) => {
        const failure = await buildPages(name).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(BuildFailure);
        return (failure as BuildFailure).problems.flatMap((p) => p.details.map((d) => d.words ?? `(no words) ${p.format()}`));
      };
      const lines = (text: string) => text.trimEnd().split('\n').length;
      const bodyStart = (text: string) => text.indexOf('\n---', 3) === -1 ? 1 : text.slice(0, text.indexOf('\n---', 3)).split('\n').length + 2;
      // One after the other, as each stops the build at its step: the notice (the content's own check),
      // 911 (a plugin's check of the writing), then the link (checked once the pages are made).
      expect(await words('told-notice')).toEqual(['Notices › Closed for inventory. › Days the notice is shown › Show until: a notice that is not a closure needs "Show until", the last day it is shown, so it goes by itself']);
      await site.write('notices.yaml', notices);
      const urgentText = await readFile(urgent, 'utf8');
      expect(await words('told-911')).toEqual([expect.stringMatching(new RegExp(`^Services › ${nameOf(urgentText)} \\(English\\) › Text, line ${lines(urgentText) - bodyStart(urgentText) + 1}: wherever 911 is given, give 988`))]);
      await site.write(`en/services/${services[1]}`, urgentBefore);
      const linkedText = await readFile(linked, 'utf8');
      expect(await words('told-links')).toEqual([expect.stringMatching(new RegExp(`^Services › ${nameOf(linkedText)} \\(Spanish\\) › Text, line ${lines(linkedText) - bodyStart(linkedText) + 1}: "/es/horarios" points at no page or file`))]);
    } finally {
      await site.write('notices.yaml', notices);
      await site.write(`es/services/${services[0]}`, linkedBefore);
      await site.write(`en/services/${services[1]}`, urgentBefore);
    }
  });
});

describe('a clinic\'s own hours', () => {
  it('an empty list keeps the practice\'s hours; own hours that close it on a day the practice opens are a warning naming the clinic', async () => {
    const before = await readFile(join(site.content, 'locations.yaml'), 'utf8');
    const city = clinics[1]!.city;
    // As the editor saves the clinics it did not touch ([]), and one with a Saturday row only.
    const list = parse(before) as Record<string, unknown>[];
    const saved = stringify(list.map((clinic, i) => ({ ...clinic, hours: i === 1 ? [{ days: ['Sa'], opens: '09:00', closes: '13:00' }] : [] })));
    await site.write('locations.yaml', saved);
    const out = join(site.dir, 'hours-warning');
    const result = await build({ site: SITE, contentDir: site.content, staticDir: STATIC, outDir: out, now: new Date('2026-06-10T15:00:00Z'), compress: false });
    const open = practice.hours.flatMap((row) => row.days).filter((d) => d !== 'Sa');
    expect(open.length).toBeGreaterThan(0);
    expect(result.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(new RegExp(`^Clinics › ${city} › Opening hours: the website will show ${city} closed on Monday`)));
    expect(result.warnings.filter((w) => w.message.startsWith('Clinics ›'))).toHaveLength(1);
    await site.write('locations.yaml', before);
  });
});

describe('the opening hours, written once', () => {
  it('changed in Site settings, they change in the urgent-care answer too, in both languages', async () => {
    await site.edit('site.yaml', (t) => t.replace('opens: "09:00"\n    closes: "14:00"', 'opens: "09:00"\n    closes: "13:00"'));
    const pages = await buildPages('hours');
    // Each time held together by a no-break space, as a phone's narrow column must not split a time from its day period.
    expect(pages.get('services/urgent-care.html')).toContain('Our hours: Monday – Friday, 8:00\u00a0AM – 6:00\u00a0PM and Saturday, 9:00\u00a0AM – 1:00\u00a0PM.');
    expect(pages.get('es/services/urgent-care.html')).toContain('Nuestro horario: lunes a viernes, 8:00\u00a0a.m. – 6:00\u00a0p.m. y sábado, 9:00\u00a0a.m. – 1:00\u00a0p.m.');
    for (const [path, html] of pages) expect(html, path).not.toMatch(/2:00 (PM|p\.m\.)/);
    await site.edit('site.yaml', (t) => t.replace('closes: "13:00"', 'closes: "14:00"'));
  });

  it('a time of day typed into a page’s text is refused where it is written, with what to write instead', async () => {
    const file = 'es/services/urgent-care.md';
    const before = await readFile(join(site.content, file), 'utf8');
    const english = await readFile(join(site.content, 'en/services/urgent-care.md'), 'utf8');
    await site.edit('en/services/urgent-care.md', (t) => t.replace('Our hours: {hours}.', 'Please call us.'));
    await site.edit(file, (t) => t.replace('Nuestro horario: {hours}.', 'Abrimos los sábados hasta las 2:00 p. m.'));
    const line = (await readFile(join(site.content, file), 'utf8')).split('\n').findIndex((l) => l.includes('2:00 p. m.')) + 1;
    const error = await buildPages('hours-typed').then(() => undefined, (e: unknown) => e);
    expect((error as BuildFailure).problems.map((p) => p.format())).toEqual([
      `${site.content}/${file}:${line}:1  writes a time of day by hand\n  "2:00 p. m.": hours written in a text go stale when the hours change; write {hours} there, and the page shows the opening hours from Site › Opening hours`,
    ]);
    await site.write(file, before);
    await site.write('en/services/urgent-care.md', english);
  });

  it('a new service page that gives 911 alone is refused where it says it: 988 and Poison Control go beside it', async () => {
    const file = 'en/services/telemedicine.md';
    const before = await readFile(join(site.content, file), 'utf8');
    // What a staff member writes on a new page: 911, and nothing else.
    await site.edit(file, (t) => `${t.trimEnd()}\n\nIf you feel very unwell during a video visit, hang up and call 911.\n`);
    const line = (await readFile(join(site.content, file), 'utf8')).split('\n').findIndex((l) => l.includes('hang up and call 911')) + 1;
    const error = await buildPages('emergency-alone').then(() => undefined, (e: unknown) => e);
    expect((error as BuildFailure).problems.map((p) => p.format())).toEqual([
      expect.stringMatching(new RegExp(`^${site.content}/${file}:${line}:1 {2}gives 911 without 988 and Poison Control\\n {2}wherever 911 is given, give 988`)),
    ]);
    await site.write(file, before);
  });
});

describe('the practice stops taking a plan', () => {
  it('is taken off the list of plans accepted only, and the home page stops naming it; one renamed in the list is named as renamed', async () => {
    const insurance = parse(await readFile(join(site.content, 'insurance.yaml'), 'utf8')) as { plans: string[]; teaser: string[] };
    // A plan both lists name, taken off the first.
    const dropped = insurance.teaser.find((plan) => insurance.plans.includes(plan))!;
    await site.write('insurance.yaml', stringify({ ...insurance, plans: insurance.plans.filter((plan) => plan !== dropped) }));
    onTestFinished(() => site.write('insurance.yaml', stringify(insurance)));
    const pages = await buildPages('plan-dropped');
    for (const home of ['index.html', 'es/index.html']) {
      const teaser = pages.get(home)!.match(/<ul class="plans plans--teaser">[\s\S]*?<\/ul>/)![0];
      expect(teaser, home).not.toContain(dropped);
      for (const plan of insurance.teaser.filter((p) => p !== dropped && insurance.plans.includes(p))) expect(teaser, home).toContain(plan);
    }
    // A plan the home page names, renamed in the list with other capitals and no space ("United Healthcare" →
    // "UnitedHealthcare"): the home page names it as the list now does, in its place.
    const renamed = insurance.teaser.find((plan) => plan.includes(' '))!;
    const now = renamed.toUpperCase().replace(/ /g, '');
    await site.write('insurance.yaml', stringify({ ...insurance, plans: insurance.plans.map((p) => (p === renamed ? now : p)) }));
    const again = await buildPages('plan-renamed');
    for (const home of ['index.html', 'es/index.html']) {
      const teaser = again.get(home)!.match(/<ul class="plans plans--teaser">[\s\S]*?<\/ul>/)![0];
      const shown = [...teaser.matchAll(/<li class="plan">(?:<svg[\s\S]*?<\/svg>)?\s*([^<]+)<\/li>/g)].map((m) => decodeHTML(m[1]!.trim()));
      expect(shown, home).toEqual(insurance.teaser.map((p) => (p === renamed ? now : p)));
    }
  });
});

describe('a plan added to the list a second time (with a trailing space, as typed)', () => {
  it('is listed once on both insurance pages', async () => {
    const before = await readFile(join(site.content, 'insurance.yaml'), 'utf8');
    onTestFinished(() => site.write('insurance.yaml', before));
    const insurance = parse(before) as { plans: string[]; teaser: string[] };
    const twice = insurance.plans[0]!;
    await site.write('insurance.yaml', stringify({ ...insurance, plans: [...insurance.plans, `${twice} `] }));
    const pages = await buildPages('plan-twice');
    for (const file of ['insurance.html', 'es/insurance.html']) {
      const listed = [...pages.get(file)!.matchAll(/<li class="plan">(?:<svg[\s\S]*?<\/svg>)?\s*([^<]+)<\/li>/g)].map((m) => decodeHTML(m[1]!.trim()));
      expect(listed, file).toEqual(insurance.plans);
    }
  });
});

describe('a closure whose two days were picked in the other order', () => {
  it('is the same closure: shown, and told to search engines, from the earlier day to the later', async () => {
    const before = await readFile(join(site.content, 'notices.yaml'), 'utf8');
    onTestFinished(() => site.write('notices.yaml', before));
    const clinic = clinics[clinics.length - 1]!;
    // As the editor saves it: "First day closed" after "Last day closed", and "Show until" before "Show from".
    await site.write('notices.yaml', `- text:\n    en: Closed for training.\n    es: Cerrado por capacitación.\n  location: ${clinic.id}\n  closed:\n    from: "2026-06-16"\n    to: "2026-06-14"\n  show:\n    from: "2026-06-12"\n    to: "2026-06-01"\n`);
    const pages = await buildPages('closure-reversed');
    expect(pages.get('locations.html')).toMatch(/"validFrom":"2026-06-14","validThrough":"2026-06-16"/);
    for (const home of ['index.html', 'es/index.html']) expect(pages.get(home), home).toContain(home === 'index.html' ? 'Closed for training.' : 'Cerrado por capacitación.');
  });

  it('is refused when the days are further apart, as a year mistyped at the turn of the year, with the year meant', async () => {
    const before = await readFile(join(site.content, 'notices.yaml'), 'utf8');
    onTestFinished(() => site.write('notices.yaml', before));
    // Closed Dec 24 to Jan 2, typed with this year twice: never read as closed from January to December.
    await site.write('notices.yaml', '- text:\n    en: Closed for the holidays.\n    es: Cerrado por las fiestas.\n  closed:\n    from: "2026-12-24"\n    to: "2026-01-02"\n  show:\n    to: "2026-01-02"\n');
    const failure = await buildPages('closure-year').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).problems.flatMap((p) => p.details.map((d) => d.words))).toEqual([
      'Notices › Closed for the holidays. › Closure › Last day closed: the last day closed (2026-01-02) comes before the first (2026-12-24): did you mean 2027-01-02?',
    ]);
  });
});

describe('a clinic\'s ZIP code typed with its four extra digits (ZIP+4), as the post office prints it', () => {
  it('is taken, shown on the clinic\'s card and given to search engines as typed; a ZIP code of four digits is still refused', async () => {
    const file = 'locations.yaml';
    const before = await readFile(join(site.content, file), 'utf8');
    onTestFinished(() => site.write(file, before));
    const clinic = clinics[clinics.length - 1]!;
    const zip = `${clinic.postalCode.slice(0, 5)}-${'1234'}`;
    await site.write(file, before.replace(`postalCode: "${clinic.postalCode}"`, `postalCode: "${zip}"`));
    const pages = await buildPages('zip-plus-four');
    for (const file of ['locations.html', 'es/locations.html']) {
      expect(pages.get(file), file).toContain(`${clinic.city}, ${clinic.region} ${zip}`);
      expect(pages.get(file), file).toContain(`"postalCode":"${zip}"`);
    }
    await site.write(file, before.replace(`postalCode: "${clinic.postalCode}"`, `postalCode: "${clinic.postalCode.slice(0, 4)}"`));
    const error = await buildPages('zip-short').then(() => undefined, (e: unknown) => e);
    expect((error as BuildFailure).problems.map((p) => p.format()).join('\n')).toContain('a ZIP code, like 33155 or 33155-1234');
  });
});

describe('a service question answered on several lines', () => {
  it('shows each line she typed apart, in both languages', async () => {
    const typed = { en: ['Please bring:', '• your child’s vaccine card', '• the insurance card'], es: ['Traiga:', '• la cartilla de vacunas de su hijo', '• la tarjeta del seguro'] };
    for (const locale of ['en', 'es'] as const) {
      const file = `${locale}/services/pediatrics.md`;
      const before = await readFile(join(site.content, file), 'utf8');
      onTestFinished(() => site.write(file, before));
      // The first question's answer box, as the editor saves lines typed apart.
      const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(before)!;
      const data = parse(front!) as { faqs: { a: string }[] };
      data.faqs[0]!.a = typed[locale].join('\n');
      await site.write(file, `---\n${stringify(data)}---\n${body}`);
    }
    const pages = await buildPages('faq-lines');
    for (const locale of ['en', 'es'] as const) {
      const html = pages.get(`${locale === 'en' ? '' : 'es/'}services/pediatrics.html`)!;
      const answer = html.slice(html.indexOf('class="card faq"'), html.indexOf('</div>', html.indexOf('class="card faq"')));
      expect([...answer.matchAll(/<p>((?:<[^>]+>|[^<])*?)<\/p>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '')), locale).toEqual(typed[locale]);
    }
  });
});

describe('a legal page updated', () => {
  it('takes effect on one day in both languages: a date changed on one side only is refused, naming the field', async () => {
    const file = 'es/legal/privacy.md';
    const before = await readFile(join(site.content, file), 'utf8');
    onTestFinished(() => site.write(file, before));
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(before)!;
    const data = parse(front!) as { effective: string };
    // The day after the date both languages have now.
    const next = new Date(Date.parse(`${data.effective}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await site.write(file, `---\n${stringify({ ...data, effective: next })}---\n${body}`);
    const failed = await buildPages('legal-date').then(() => '', (error: unknown) => (error as BuildFailure).problems.map((p) => p.format()).join('\n'));
    expect(failed).toMatch(new RegExp(`es/legal/privacy\\.md:\\d+:\\d+ +differs from its en version.*\\n +effective: "${next}" here, "${data.effective}"`));
  });
});
