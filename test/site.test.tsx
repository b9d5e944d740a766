// The site's pages, rendered from the real content: every route of both locales with its title,
// language and the spec's facts; the related-services table; noindex pages; the 404 page; islands.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage, RenderError } from '../src/render/render-page.ts';
import { planRoutes, type Route } from '../src/routes/routes.ts';
import type { SiteDefinition } from '../src/site/definition.ts';
import type { SiteContent } from '../templates/content-types.ts';
import { serviceSlugs } from '../templates/site/content-model.ts';
import { firstSentence } from '../templates/lib/format.ts';
import { siteAndContent } from './helpers/content.ts';
import { clinics, hoursOf, practice, services, timeIn } from './helpers/facts.ts';

let site: SiteDefinition<SiteContent>;
let content: SiteContent;
let routes: Route[];
const html = new Map<string, string>();
const assets = { css: '/assets/site-TEST.css', js: '/assets/main-TEST.js' };

beforeAll(async () => {
  // As the build loads it: the services plugin's lists made from the entries.
  ({ site, content } = await siteAndContent());
  routes = planRoutes(site, content);
  for (const route of routes) html.set(route.url, renderPage(route, { site, content, assets, year: 2026 }).html);
});

const BASE = new URL(practice.baseUrl).origin;

const page = (url: string) => {
  const body = html.get(url);
  if (!body) throw new Error(`no page ${url}`);
  return body;
};
const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Text as React writes it in an attribute. */
const attr = (t: string) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const text = (markup: string) => markup.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ');

describe('the route table', () => {
  it('has the spec\'s 11 pages, a page per service of services.yaml, the nondiscrimination page and a 404 in each locale', () => {
    for (const locale of Object.keys(site.locales)) {
      const mine = routes.filter((r) => r.locale === locale);
      expect(mine.filter((r) => r.page === 'service')).toHaveLength(serviceSlugs(content.servicesIndex).length);
      expect(mine.filter((r) => r.notFound)).toHaveLength(1);
    }
    const en = routes.filter((r) => r.locale === 'en').map((r) => r.url);
    expect(en).toEqual(expect.arrayContaining(['/', '/about', '/services', '/insurance', '/reviews', '/locations', '/contact', '/privacy', '/terms', '/accessibility', '/hipaa', '/nondiscrimination', ...services.map((service) => `/services/${service.slug}`)]));
    const es = routes.filter((r) => r.locale === 'es').map((r) => r.url);
    expect(es).toEqual(expect.arrayContaining(['/es/', '/es/about', `/es/services/${services[0]!.slug}`, '/es/hipaa']));
  });
});

describe('every page', () => {
  it('declares its language, a title ending in the practice\'s name or short name, a canonical URL and hreflang alternates', () => {
    for (const route of routes) {
      const body = page(route.url);
      expect(body, route.url).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${route.locale}"`));
      expect(body, route.url).toContain(` | ${practice.shortName}</title>`);
      if (route.notFound) continue;
      expect(body, route.url).toContain(`<link rel="canonical" href="${BASE}${route.url}"/>`);
      expect(body, route.url).toContain(`<link rel="alternate" hrefLang="x-default" href="${BASE}${route.path}"/>`);
    }
  });

  it('shows the phone number, every clinic\'s address and the hours in the footer', () => {
    for (const route of routes) {
      const words = text(page(route.url));
      expect(words, route.url).toContain(practice.phone.display);
      for (const clinic of clinics) expect(words, route.url).toContain(`${clinic.street} ${clinic.city}, ${clinic.region} ${clinic.postalCode}`);
      // The practice's opening and closing times, as the page's language writes them (by Intl, not the templates' code).
      const intl = site.locales[route.locale]!.intl;
      for (const row of practice.hours) for (const time of [row.opens, row.closes]) expect(words, route.url).toContain(timeIn(intl, time));
      expect(words, route.url).toContain(`© 2026 ${practice.name}`);
      expect(page(route.url), route.url).toContain(`href="tel:${practice.phone.e164}"`);
    }
  });

  it('offers the same page in the other language', () => {
    expect(page('/about')).toContain('<a class="lang-toggle" href="/es/about" hrefLang="es" lang="es">ES<span class="visually-hidden"> – Español</span></a>');
    const slug = services[0]!.slug;
    expect(page(`/es/services/${slug}`)).toContain(`<a class="lang-toggle" href="/services/${slug}" hrefLang="en" lang="en">EN<span class="visually-hidden"> – English</span></a>`);
  });

});

describe('navigation', () => {
  it('marks the link of the page being shown as the current page, and no other', () => {
    for (const [url, href] of [['/about', '/about'], ['/es/insurance', '/es/insurance'], ['/', '/']]) {
      const header = page(url!).slice(0, page(url!).indexOf('</header>'));
      const current = Array.from(header.matchAll(/<a class="nav__link" href="([^"]+)" aria-current="page"/g), (m) => m[1]);
      expect(current, url).toEqual([href]);
    }
  });
});

describe('pages', () => {
  it('home: hero links, the tiles of services.yaml and the aesthetics tile, the 600px lead form, the insurance teaser and three reviews', () => {
    const home = page('/');
    const tiles = home.slice(home.indexOf('class="tiles"'), home.indexOf('</ul>', home.indexOf('class="tiles"')));
    expect(tiles.match(/<li/g)).toHaveLength(content.servicesIndex.homeTiles.length + 1);
    expect(tiles.match(/href="\/services\/[a-z-]+"/g)).toHaveLength(content.servicesIndex.homeTiles.length);
    expect(tiles).toContain('href="/services"');
    expect(home).toMatch(new RegExp(`<iframe[^>]*title="${escape(attr(content.locales.en!.ui.form.title))}"[^>]*height="600"[^>]*loading="lazy"`));
    // The plans the office lists for the home page that are still accepted, as it writes them.
    const teaser = content.insurance.teaser.filter((plan) => content.insurance.plans.includes(plan));
    expect(teaser.length).toBeGreaterThan(0);
    for (const plan of teaser) expect(text(home)).toContain(plan);
    expect(home.match(/class="card review"/g)).toHaveLength(3);
    expect(home).toContain('href="/contact"');
  });

  it('home: the practice\'s figures side by side: the year it opened, its years, its rating and count of reviews', () => {
    const figures = (url: string) => {
      const body = page(url);
      const start = body.indexOf('id="about"');
      return text(body.slice(start, body.indexOf('</section>', start)));
    };
    const { foundedYear, experienceYears, rating } = practice;
    const value = rating.value.toFixed(1);
    expect(figures('/')).toContain(`Serving Florida since ${foundedYear} `);
    expect(figures('/')).toMatch(new RegExp(`since ${foundedYear} .*${experienceYears}\\+ years caring for Florida families .*${value} rating from ${rating.count}\\+ reviews`));
    expect(figures('/es/')).toMatch(new RegExp(`desde ${foundedYear} .*Más de ${experienceYears} años cuidando a familias de Florida .*Calificación de ${value} en más de ${rating.count} reseñas`));
  });

  it('insurance: every plan of the list, and no fee amounts', () => {
    // The plans as content lists them today (the spec's twelve at launch): the office adds and drops plans.
    for (const url of ['/insurance', '/es/insurance']) {
      const words = text(page(url));
      for (const plan of content.insurance.plans) expect(words, url).toContain(plan);
    }
    for (const url of ['/insurance', '/es/insurance']) expect(text(page(url))).not.toMatch(/\$\s?\d/);
  });

  it('reviews: the rating and count of reviews, said once, under one "Patient Reviews" heading; a card a review, and external links opening in a new tab', () => {
    const reviews = page('/reviews');
    const body = text(reviews.slice(reviews.indexOf('<body')));
    const value = practice.rating.value.toFixed(1);
    expect(body.split(`${value} `)).toHaveLength(2);
    expect(body.match(/Patient Reviews/g)).toHaveLength(1);
    // Each language's own sentence, from its content, with the practice's figures.
    for (const [locale, url] of [['en', '/reviews'], ['es', '/es/reviews']] as const) {
      const said = content.locales[locale]!.pages.reviews.ratingLabel.replace('{rating}', value).replace('{count}', String(practice.rating.count));
      expect(text(page(url)), locale).toContain(said);
    }
    expect(reviews.match(/class="card review"/g)).toHaveLength(content.reviews.length);
    expect(reviews).toMatch(new RegExp(`href="${escape(`${practice.maps.reviewUrl}?placeid=${encodeURIComponent(practice.maps.placeId)}`)}"[^>]* target="_blank" rel="noopener noreferrer"`));
  });

  it('contact: the form frame anchored at #appointment', () => {
    expect(page('/contact')).toMatch(/<section id="appointment"[\s\S]*<iframe[^>]*height="600"/);
    expect(page('/es/contact')).toMatch(new RegExp(`<section id="appointment"[\\s\\S]*<iframe[^>]*title="${escape(attr(content.locales.es!.ui.form.title))}"`));
    // Its map cards: each Directions names its clinic, and a map asked for speaks the page's language.
    for (const [url, locale] of [['/contact', 'en'], ['/es/contact', 'es']] as const) {
      const cards = page(url).split('class="card map-card"').slice(1);
      expect(cards, url).toHaveLength(clinics.length);
      for (const [i, clinic] of clinics.entries()) {
        const card = cards[i]!.slice(0, cards[i]!.indexOf('</li>'));
        expect(text(card.slice(card.indexOf('<a '), card.indexOf('</a>'))), url).toContain(clinic.city);
      }
      expect(page(url).split(`hl=${locale}`), url).toHaveLength(clinics.length + 1);
    }
  });

  it('locations: a card a clinic with its own hours (else the practice\'s), directions in a new tab and a call button', () => {
    for (const url of ['/locations', '/es/locations']) {
      const intl = site.locales[url.startsWith('/es') ? 'es' : 'en']!.intl;
      const cards = page(url).split('class="card location"').slice(1);
      expect(cards, url).toHaveLength(clinics.length);
      for (const [i, clinic] of clinics.entries()) {
        // A card ends with its actions (Directions, Call).
        const card = text(cards[i]!.slice(0, cards[i]!.indexOf('class="card__actions"')));
        expect(card, `${url} ${clinic.city}`).toContain(clinic.city);
        for (const row of hoursOf(clinic)) for (const time of [row.opens, row.closes]) expect(card, `${url} ${clinic.city}`).toContain(timeIn(intl, time));
      }
    }
    // On the home page and here, each card's Directions names its clinic: a list of the page's links tells them apart.
    // Call dials the practice's one number, and says no clinic.
    for (const url of ['/', '/es/', '/locations', '/es/locations']) {
      const cards = page(url).split('class="card location"').slice(1);
      for (const [i, clinic] of clinics.entries()) {
        const card = cards[i]!.slice(0, cards[i]!.indexOf('</li>'));
        const [directions, call] = card.slice(card.indexOf('class="card__actions"')).split('</a>');
        expect(text(directions!), `${url} ${clinic.city}`).toContain(clinic.city);
        expect(call, url).toContain(`href="tel:${practice.phone.e164}"`);
        expect(text(call!), url).not.toContain(clinic.city);
      }
    }
    const body = page('/locations');
    expect(body.match(/class="card location"/g)).toHaveLength(content.locations.length);
    expect(body.match(/target="_blank" rel="noopener noreferrer"/g)!.length).toBeGreaterThanOrEqual(3);
    for (const c of clinics) expect(body).toContain(`query=${new URLSearchParams({ q: `${c.street}, ${c.city}, ${c.region} ${c.postalCode}` }).toString().slice(2)}`);
  });

  it('legal: the effective date in each language, noindex only on privacy and terms', () => {
    // Each page's own date, as a reader of that language writes it ("November 1, 2025", "1 de noviembre de 2025").
    for (const [url, locale, name] of [['/privacy', 'en', 'privacy'], ['/terms', 'en', 'terms'], ['/es/privacy', 'es', 'privacy'], ['/es/terms', 'es', 'terms']] as const) {
      const effective = content.locales[locale]!.legal[name]!.front.effective;
      const day = new Intl.DateTimeFormat(site.locales[locale]!.intl, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${effective}T00:00:00Z`));
      expect(text(page(url)), url).toContain(day);
    }
    for (const url of ['/privacy', '/terms', '/es/privacy', '/es/terms']) expect(page(url), url).toContain('<meta name="robots" content="noindex, nofollow"/>');
    for (const url of ['/accessibility', '/hipaa', '/', `/services/${services[0]!.slug}`]) expect(page(url), url).not.toContain('noindex');
  });

  it('good faith estimate: the No Surprises Act notice, indexable, linked from the insurance page and every footer', () => {
    for (const [url, insurance] of [['/good-faith-estimate', '/insurance'], ['/es/good-faith-estimate', '/es/insurance']] as const) {
      const body = page(url);
      expect(body, url).not.toContain('noindex');
      expect(body, url).toContain('href="tel:+18009853059"');
      expect(body, url).toContain('href="https://www.cms.gov/nosurprises"');
      expect(text(body), url).toContain('$400');
      const selfPay = page(insurance).slice(page(insurance).indexOf('id="self-pay"'));
      expect(selfPay.slice(0, selfPay.indexOf('</section>')), insurance).toContain(`href="${url}"`);
    }
    expect(text(page('/good-faith-estimate'))).toMatch(/within 1 business day[\s\S]*within 3 business days[\s\S]*within 3 business days/);
    expect(text(page('/es/good-faith-estimate'))).toMatch(/dentro de 1 día hábil[\s\S]*dentro de 3 días hábiles[\s\S]*dentro de 3 días hábiles/);
    for (const route of routes) expect(page(route.url), route.url).toContain(`href="${route.locale === site.defaultLocale ? '' : `/${route.locale}`}/good-faith-estimate"`);
  });

  it('nondiscrimination: taglines each marked with their own language', () => {
    const body = page('/nondiscrimination');
    expect(body).toMatch(/<li lang="es">/);
    expect(body).toMatch(/<li lang="ht">/);
    expect(page('/')).toContain('href="/nondiscrimination"');
  });

  it('404: the heading, the text and the way home, in each language, kept out of search results', () => {
    const notFound = content.locales.en!.pages['not-found'];
    expect(text(page('/404'))).toContain(`${notFound.heading} ${notFound.text} ${notFound.link}`);
    // The message is part of the page's one heading, under the code: "404, Page not found" to a screen reader.
    for (const locale of ['en', 'es'] as const) {
      const own = content.locales[locale]!.pages['not-found'];
      const h1 = /<h1>([\s\S]*?)<\/h1>/.exec(page(locale === 'en' ? '/404' : '/es/404'))![1]!;
      expect(text(h1).trim(), locale).toBe(`${own.heading} ${own.text}`);
    }
    for (const route of routes.filter((r) => r.notFound)) {
      expect(page(route.url), route.url).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(page(route.url), route.url).not.toContain('rel="canonical"');
    }
    expect(page('/es/404')).toContain('href="/es/"');
    expect(page('/es/404')).toContain('<html lang="es" data-page="not-found"');
  });
});

describe('service pages', () => {
  const related = (url: string) => {
    const body = page(url);
    const start = body.indexOf('id="related"');
    if (start < 0) return [];
    return Array.from(body.slice(start, body.indexOf('</section>', start)).matchAll(/class="card__link" href="\/(?:es\/)?services\/([a-z-]+)"/g), (m) => m[1]);
  };

  it('open with a whole first sentence on the Services page and at the top of their own page (an abbreviation or a bracket does not end it)', () => {
    for (const prefix of ['', '/es']) {
      const cards = [...page(`${prefix}/services`).matchAll(/<p>([^<]*)<\/p>/g)].map((m) => text(m[1]!).trim());
      for (const service of services.filter((s) => s.listed)) {
        const hero = text(/<p class="page-hero__text">([^<]*)<\/p>/.exec(page(`${prefix}/services/${service.slug}`))![1]!).trim();
        // Brackets closed, ended as a sentence ends, and the card says the same.
        expect(hero.split('(').length, `${prefix}/services/${service.slug}: ${hero}`).toBe(hero.split(')').length);
        expect(hero, `${prefix}/services/${service.slug}`).toMatch(/[.!?]$/);
        expect(cards, `${prefix}/services`).toContain(hero);
      }
    }
    expect(firstSentence('Open 8:00 a.m. to 5:00 p.m. Monday to Friday. Walk in.')).toBe('Open 8:00 a.m. to 5:00 p.m. Monday to Friday.');
    expect(firstSentence('Exámenes del DOT (de EE. UU.) para conductores. Si cumple.')).toBe('Exámenes del DOT (de EE. UU.) para conductores.');
    expect(firstSentence('Atendemos a toda la familia. ¿Necesita una cita? Llame.')).toBe('Atendemos a toda la familia.');
    expect(firstSentence('Dr. Ruiz sees children 💉. Adults too.')).toBe('Dr. Ruiz sees children 💉.');
  });

  it('show the related services each entry names, in its order, in both languages (a service turned off left out)', () => {
    // From the content: staff choose them in the editor.
    expect(services.some((service) => service.related.length)).toBe(true);
    const listed = new Set(services.filter((service) => service.listed).map((service) => service.slug));
    for (const service of services) {
      for (const prefix of ['', '/es']) expect(related(`${prefix}/services/${service.slug}`), `${prefix}/services/${service.slug}`).toEqual(service.related.filter((slug) => listed.has(slug)));
    }
  });

  it('price aesthetic treatments and the self-pay exams as self-pay, never with the insurance plans; primary care keeps the insurance block', () => {
    for (const route of routes.filter((r) => r.page === 'service')) {
      const body = page(route.url);
      const pricing = text(body.slice(body.indexOf('id="pricing"'), body.indexOf('</section>', body.indexOf('id="pricing"'))));
      const slug = route.params.slug!;
      const links = body.slice(body.indexOf('id="pricing"'), body.indexOf('</section>', body.indexOf('id="pricing"')));
      const insurance = `href="${route.locale === site.defaultLocale ? '' : `/${route.locale}`}/insurance"`;
      // By the entry's own kind (the lists hold listed services only).
      const entry = services.find((service) => service.slug === slug)!;
      if (entry.group === 'aesthetic' || entry.paidByPatient) {
        for (const plan of content.insurance.plans) expect(pricing, route.url).not.toContain(plan);
        expect(pricing, route.url).toMatch(/self-pay|pago por cuenta propia|pagado por cuenta propia/i);
        expect(pricing, route.url).not.toMatch(/\$\s?\d/);
        expect(links, route.url).toContain('/good-faith-estimate"');
        expect(links, route.url).not.toContain(insurance);
      } else expect(links, route.url).toContain(insurance);
    }
  });

  it('have every section, a meta description of at most 160 characters and the emergency note', () => {
    for (const route of routes.filter((r) => r.page === 'service')) {
      const body = page(route.url);
      for (const id of ['what-we-do', 'benefits', 'what-to-expect', 'faqs', 'pricing']) expect(body, route.url).toContain(`id="${id}"`);
      const description = /<meta name="description" content="([^"]*)"/.exec(body)![1]!;
      expect(description.length, route.url).toBeLessThanOrEqual(160);
      expect(body, route.url).toContain('class="disclaimer"');
      expect(body, route.url).toContain('911');
    }
  });
});

describe('islands', () => {
  it('mark the three widgets and carry their props in one JSON blob', () => {
    const body = page('/');
    expect(body.match(/<site-island data-island="(ServicesMenu|MobileMenu|HelpWidget)"/g)).toHaveLength(3);
    // The home page's map cards are islands too (a map loads only on request), and each clinic's
    // card says whether it is open now: one prop set per island.
    const islands = body.match(/<site-island data-island=/g)!.length;
    expect(body.match(/<site-island data-island="OpenNow"/g)).toHaveLength(content.locations.length);
    expect(islands).toBe(3 + 2 * content.locations.length);
    const blob = /<script type="application\/json" id="island-props">([^<]*)<\/script>/.exec(body)![1]!;
    expect(JSON.parse(blob)).toHaveLength(islands);
    expect(body).toContain('<script type="module" src="/assets/main-TEST.js">');
  });

});

describe('a template that throws', () => {
  it('names the page, the template and the message', () => {
    const broken = structuredClone(content);
    const slug = services[0]!.slug;
    delete broken.locales.es!.services[slug];
    const route = routes.find((r) => r.url === `/es/services/${slug}`)!;
    expect(() => renderPage(route, { site, content: broken, assets, year: 2026 })).toThrow(RenderError);
    expect(() => renderPage(route, { site, content: broken, assets, year: 2026 })).toThrow(new RegExp(`^page /es/services/${slug} \\(es\\): template \\w+ threw: Cannot read properties of undefined`));
  });
});
