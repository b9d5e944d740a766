// What a patient and a regulator read, in every locale: the Good Faith Estimate's rights and every
// clinic's address, the nondiscrimination notice's taglines, coordinator and mailing address, the
// self-pay exams never shown as insured, and no sample review shown without its label.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../src/render/render-page.ts';
import { planRoutes } from '../src/routes/routes.ts';
import type { SiteDefinition } from '../src/site/definition.ts';
import type { SiteContent } from '../templates/content-types.ts';
import { siteAndContent } from './helpers/content.ts';

let site: SiteDefinition<SiteContent>;
let content: SiteContent;
let locales: string[];
const html = new Map<string, string>();

beforeAll(async () => {
  // As the build loads it: the services plugin's lists made from the entries.
  ({ site, content } = await siteAndContent());
  locales = Object.keys(site.locales);
  const assets = { css: '/assets/site.css', js: '/assets/main.js' };
  for (const route of planRoutes(site, content)) html.set(route.url, renderPage(route, { site, content, assets, year: 2026 }).html);
});

const at = (locale: string, path: string) => {
  const url = locale === site.defaultLocale ? path : `/${locale}${path === '/' ? '/' : path}`;
  const body = html.get(url);
  if (!body) throw new Error(`no page ${url}`);
  return body;
};
const main = (body: string) => body.slice(body.indexOf('<main'), body.indexOf('</main>'));
const text = (markup: string) =>
  markup.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ');

describe('the Good Faith Estimate page', () => {
  it('states the $400 dispute right, its 120 days, the help line and scheduled non-emergency care, in every locale', () => {
    for (const locale of locales) {
      const words = text(main(at(locale, '/good-faith-estimate')));
      expect(words, locale).toMatch(/\$400/);
      expect(words, locale).toMatch(/120/);
      expect(words, locale).toContain('1-800-985-3059');
      expect(words, locale).toMatch(locale === 'es' ? /no (son )?de emergencia/ : /non-emergency/);
      expect(words, locale).toMatch(locale === 'es' ? /se programan o se solicitan/ : /scheduled or requested/);
    }
  });

  it('gives the address of every clinic of locations.yaml', () => {
    for (const locale of locales) {
      const words = text(main(at(locale, '/good-faith-estimate')));
      for (const clinic of content.locations) expect(words, `${locale} ${clinic.id}`).toContain(`${clinic.street}`);
      for (const clinic of content.locations) expect(words, `${locale} ${clinic.id}`).toContain(clinic.postalCode);
    }
  });

  it('uses one Spanish term throughout: "estimado de buena fe", never "estimación de buena fe"', () => {
    const spanish = [...html].filter(([url]) => url.startsWith('/es/')).map(([, body]) => text(body)).join(' ');
    expect(spanish).toMatch(/[Ee]stimado de buena fe/);
    expect(spanish).not.toMatch(/estimaci[oó]n de buena fe/i);
  });
});

describe('the nondiscrimination notice', () => {
  it('gives a tagline per language of language-assistance.yaml (15), each in its own language and direction', () => {
    expect(content.taglines).toHaveLength(15);
    for (const locale of locales) {
      const body = main(at(locale, '/nondiscrimination'));
      const items = [...body.matchAll(/<li lang="([^"]+)"( dir="rtl")?>/g)];
      expect(items.map((m) => m[1]), locale).toEqual(content.taglines.map((t) => t.lang));
      for (const tagline of content.taglines) {
        expect(body.includes(`<li lang="${tagline.lang}"${tagline.dir ? ` dir="${tagline.dir}"` : ''}>`), `${locale} ${tagline.lang}`).toBe(true);
      }
    }
  });

  it('names the coordinator (or says the name is pending) with a title and a mailing address', () => {
    const mailTo = content.locations.find((l) => l.id === content.site.civilRights.mailingLocation)!;
    for (const locale of locales) {
      const body = main(at(locale, '/nondiscrimination'));
      const section = text(body.slice(body.indexOf('id="coordinator"'), body.indexOf('</section>', body.indexOf('id="coordinator"'))));
      const page = content.locales[locale]!.pages.nondiscrimination;
      expect(section, locale).toContain(content.site.civilRights.coordinatorName ?? page.coordinator.namePending);
      expect(section, locale).toContain(page.coordinator.title);
      expect(section, locale).toContain(mailTo.street);
      expect(section, locale).toContain(`${mailTo.city}, ${mailTo.region} ${mailTo.postalCode}`);
    }
  });
});

describe('the self-pay exams', () => {
  it('are never shown with the insurance plans, never name Medicare or Medicaid, and point to the Good Faith Estimate', () => {
    expect(content.servicesIndex.selfPayExams.length).toBeGreaterThan(0);
    for (const locale of locales) {
      for (const slug of content.servicesIndex.selfPayExams) {
        const body = main(at(locale, `/services/${slug}`));
        const words = text(body);
        expect(body, `${locale} ${slug}`).not.toContain(`href="${locale === site.defaultLocale ? '' : `/${locale}`}/insurance"`);
        expect(body, `${locale} ${slug}`).toContain('/good-faith-estimate"');
        // decisions.md: their pages never list Medicare or Medicaid (not even as not covering them).
        expect(words, `${locale} ${slug}`).not.toMatch(/Medicare|Medicaid/);
      }
    }
  });

  it('the immigration exam gives no validity period or deadline of its own, and links to USCIS\'s I-693 page', () => {
    for (const locale of locales) {
      const body = main(at(locale, '/services/immigration-medical'));
      const words = text(body);
      expect(body, locale).toContain('href="https://www.uscis.gov/i-693"');
      expect(words, locale).not.toMatch(/60 (days|días)|(2|two|dos) (years|años)/i);
    }
  });
});

describe('sample reviews', () => {
  it('carry their label on every page that shows one, in the page\'s language', () => {
    let shown = 0;
    for (const [url, body] of html) {
      const locale = locales.find((l) => url.startsWith(`/${l}/`)) ?? site.defaultLocale;
      const cards = body.split('class="card review"').slice(1);
      for (const card of cards) {
        const name = /class="review__name"[^>]*>([^<]+)</.exec(card)?.[1];
        const review = content.reviews.find((r) => r.name === name);
        if (!review?.sample) continue;
        shown += 1;
        expect(card, `${url} ${name}`).toContain(`<p class="review__sample">${content.locales[locale]!.ui.reviews.sampleLabel}</p>`);
      }
    }
    expect(shown).toBeGreaterThan(0);
  });
});

describe('what a patient needs in a hurry', () => {
  it('every emergency note gives 911, 988 and Poison Control, each a tap-to-call link, in both languages', () => {
    for (const locale of locales) {
      for (const path of ['/', '/contact', '/services/vaccines']) {
        const body = at(locale, path);
        const notes = [...body.matchAll(/<p(?: class="(?:disclaimer|emergency)" role="note")?>(?:<svg.*?<\/svg> )?<span>([^]*?)<\/span><\/p>/g)].map((m) => m[1]!).filter((n) => n.includes('tel:911'));
        expect(notes.length, `${locale} ${path}`).toBeGreaterThan(0);
        for (const note of notes) {
          expect(note).toContain('<a class="nowrap" href="tel:911">911</a>');
          expect(note).toContain('<a class="nowrap" href="tel:988">988</a>');
        }
        // The footer's note, on every page: Poison Control too.
        expect(body, `${locale} ${path}`).toContain('<a class="nowrap" href="tel:+18002221222">1-800-222-1222</a>');
      }
      // The help widget's note (drawn in the browser) gets the same words, with the same numbers to fill in.
      expect(at(locale, '/')).toMatch(/"emergency":"[^"]*\{emergency\}[^"]*\{crisis\}[^"]*\{poison\}/);
    }
  });

  it('gives TTY 711 beside the practice’s number wherever its contact details are given, and after every tagline', () => {
    for (const locale of locales) {
      const relay = '<span class="relay">TTY: <a href="tel:711">711</a></span>';
      expect(at(locale, '/contact'), locale).toContain(relay);
      expect(at(locale, '/locations'), locale).toContain(relay);
      expect(at(locale, '/'), locale).toMatch(new RegExp(`<p(?: class="[^"]*")?><a href="tel:\\+1\\d{10}">.*?</a> ${relay}</p>`)); // the footer
      const taglines = at(locale, '/nondiscrimination').match(/<ul class="taglines".*?<\/ul>/s)![0].split('<li').slice(1);
      expect(taglines).toHaveLength(content.taglines.length);
      for (const tagline of taglines) expect(tagline).toMatch(/href="tel:\+1\d{10}".*href="tel:711"/s);
    }
  });

  it('makes each clinic’s address in the footer a link to its directions', () => {
    for (const locale of locales) {
      const footer = at(locale, '/about').match(/<ul class="site-footer__locations">.*?<\/ul>/s)![0];
      for (const location of content.locations) {
        expect(footer, `${locale} ${location.id}`).toMatch(new RegExp(`<a href="https://www\\.google\\.com/maps/search/\\?api=1&amp;query=[^"]*${encodeURIComponent(location.postalCode)}" class="site-footer__address" target="_blank" rel="noopener noreferrer"><address class="address">${location.street}`));
      }
    }
  });

  it('embeds the booking form of the page’s language', () => {
    for (const locale of locales) {
      const id = content.site.leadForm.formId[locale as 'en' | 'es'];
      expect(at(locale, '/contact'), locale).toContain(`src="${new URL(encodeURIComponent(id), content.site.leadForm.host)}"`);
    }
    expect(content.site.leadForm.formId.en).not.toBe(content.site.leadForm.formId.es);
  });

  it('leads the urgent-care page with Call, then Book; other services with Book', () => {
    for (const locale of locales) {
      const actions = (path: string) => [...at(locale, path).match(/<div class="actions">(.*?)<\/div>/s)![1]!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.startsWith('tel:') ? 'call' : 'book');
      expect(actions('/services/urgent-care'), locale).toEqual(['call', 'book']);
      expect(actions('/services/vaccines'), locale).toEqual(['book', 'call']);
    }
  });
});
