// What search engines, social cards and browsers read from every built page: titles, descriptions,
// canonical and hreflang links, Open Graph, structured data, the sitemap, robots.txt, and the
// security headers (CSP with no unsafe-inline; hashes for any executable inline script).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../src/security/headers-file.ts';
import { clinics as clinicsOfContent, hoursOf, openingHoursSpecification, practice, services } from '../helpers/facts.ts';
import { DEFAULT_LOCALE, loadPages, LOCALES, prefixOf } from './lib/site.ts';

const dist = inject('distDir');
const BASE = new URL(practice.baseUrl).origin;
const pages = loadPages(dist).filter((page) => !page.url.endsWith('/404'));
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
const links = (html: string, rel: string) => Array.from(html.matchAll(new RegExp(`<link rel="${rel}"(?: hrefLang="([^"]+)")? href="([^"]+)"`, 'g')), (m) => ({ lang: m[1], href: m[2]! }));
const jsonLd = (html: string) => Array.from(html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g), (m) => JSON.parse(m[1]!) as { '@graph': Record<string, unknown>[] });
const graphOf = (html: string) => jsonLd(html).flatMap((block) => block['@graph']);

describe('head of every page', () => {
  it('has a unique title and a unique description of at most 160 characters', () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const { url, html } of pages) {
      const title = /<title>([^<]+)<\/title>/.exec(html)![1]!;
      const description = meta(html, 'description')!;
      expect(description.length, url).toBeLessThanOrEqual(160);
      expect(titles.get(title), `${url} repeats the title of ${titles.get(title)}`).toBeUndefined();
      expect(descriptions.get(description), `${url} repeats the description of ${descriptions.get(description)}`).toBeUndefined();
      titles.set(title, url);
      descriptions.set(description, url);
    }
  });

  it('has a title of at most 65 characters (what search results show), the page\'s own words first', () => {
    const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
    for (const { url, html } of pages) {
      const title = decode(/<title>([^<]+)<\/title>/.exec(html)![1]!);
      expect(title.length, `${url}: "${title}"`).toBeLessThanOrEqual(65);
      expect(title.startsWith(practice.name) || title.startsWith(practice.shortName), url).toBe(false);
      const h1 = decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
      if (/\/(services\/|privacy|terms|hipaa|accessibility|good-faith-estimate)/.test(url)) expect(title.startsWith(h1), `${url}: "${title}" starts with "${h1}"`).toBe(true);
    }
  });

  it('links its canonical URL and hreflang alternates that point at each other', () => {
    for (const { url, html } of pages) {
      expect(links(html, 'canonical'), url).toEqual([{ lang: undefined, href: BASE + url }]);
      const alternates = Object.fromEntries(links(html, 'alternate').map((l) => [l.lang, l.href]));
      expect(Object.keys(alternates).sort(), url).toEqual([...LOCALES, 'x-default'].sort());
      expect(alternates['x-default'], url).toBe(alternates[DEFAULT_LOCALE]);
      expect(LOCALES.map((l) => alternates[l]), url).toContain(BASE + url);
      // Every other language's page names the same alternates.
      for (const locale of LOCALES) {
        const other = alternates[locale]!.slice(BASE.length);
        const otherHtml = pages.find((p) => p.url === other)!.html;
        expect(Object.fromEntries(links(otherHtml, 'alternate').map((l) => [l.lang, l.href])), other).toEqual(alternates);
      }
    }
  });

  it('has Open Graph and Twitter cards, theme colour, icons and a manifest', () => {
    for (const { url, html } of pages) {
      const es = url.startsWith('/es');
      expect(meta(html, 'og:title'), url).toBe(/<title>([^<]+)<\/title>/.exec(html)![1]);
      expect(meta(html, 'og:description'), url).toBe(meta(html, 'description'));
      expect(meta(html, 'og:url'), url).toBe(BASE + url);
      expect(meta(html, 'og:image'), url).toBe(`${BASE}/images/og-image.png`);
      expect(meta(html, 'og:locale'), url).toBe(es ? 'es_US' : 'en_US');
      expect(meta(html, 'og:locale:alternate'), url).toBe(es ? 'en_US' : 'es_US');
      expect(meta(html, 'twitter:card'), url).toBe('summary_large_image');
      expect(meta(html, 'theme-color'), url).toMatch(/^#[0-9a-f]{6}$/i);
      expect(html, url).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
      expect(html, url).toContain(`<link rel="manifest" href="${es ? '/es' : ''}/manifest.webmanifest"/>`);
    }
    const manifest = JSON.parse(readFileSync(join(dist, 'es/manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({ lang: 'es', start_url: '/es/', name: practice.name });
  });
});

describe('structured data', () => {
  const clinics = (html: string) => graphOf(html).filter((n) => n['@type'] === 'MedicalClinic');

  it('describes each clinic on the home and locations pages, in the page\'s language', () => {
    for (const url of ['/', '/locations', '/es/', '/es/locations']) {
      const page = pages.find((p) => p.url === url)!;
      const found = clinics(page.html);
      expect(found.map((c) => (c['address'] as { streetAddress: string }).streetAddress), url).toEqual(clinicsOfContent.map((c) => c.street));
      for (const [i, clinic] of found.entries()) {
        expect(clinic, url).toMatchObject({
          telephone: practice.phone.e164,
          medicalSpecialty: 'https://schema.org/PrimaryCare',
          address: { '@type': 'PostalAddress', addressRegion: 'FL', addressCountry: 'US' },
          contactPoint: { '@type': 'ContactPoint', availableLanguage: LOCALES },
          sameAs: practice.social.map((s) => s.url),
        });
        // schema.org defines availableLanguage on the ContactPoint, not on the clinic.
        expect(clinic, url).not.toHaveProperty('availableLanguage');
        expect(clinic['url'], url).toMatch(new RegExp(`^${BASE}${prefixOf(page.locale)}/locations#`));
        expect(clinic['openingHoursSpecification'], url).toEqual(openingHoursSpecification(hoursOf(clinicsOfContent[i]!)));
        expect(String(clinic['name']), url).toContain(clinicsOfContent[i]!.city);
      }
    }
  });

  it('has Organization and WebSite on the home pages, BreadcrumbList on service pages, nothing broken anywhere', () => {
    const home = graphOf(pages.find((p) => p.url === '/')!.html);
    expect(home.find((n) => n['@type'] === 'Organization')).toMatchObject({ name: practice.name, url: `${BASE}/`, foundingDate: String(practice.foundedYear) });
    expect(graphOf(pages.find((p) => p.url === '/es/')!.html).find((n) => n['@type'] === 'WebSite')).toMatchObject({ url: `${BASE}/es/`, inLanguage: 'es' });
    for (const { url, html } of pages.filter((p) => p.url.includes('/services/'))) {
      const crumbs = graphOf(html).find((n) => n['@type'] === 'BreadcrumbList')!;
      const items = crumbs['itemListElement'] as { position: number; item: string }[];
      expect(items.map((i) => i.position), url).toEqual([1, 2, 3]);
      expect(items[2]!.item, url).toBe(BASE + url);
    }
    for (const { url, html } of pages) expect(() => jsonLd(html), url).not.toThrow();
  });
});

describe('structured data references', () => {
  it('point at nodes that exist: every "@id" a node names (parentOrganization, …) is a node of the site', () => {
    const defined = new Set<string>();
    const referenced: [string, string][] = [];
    const visit = (value: unknown, url: string, top: boolean): void => {
      if (Array.isArray(value)) return value.forEach((v) => visit(v, url, false));
      if (!value || typeof value !== 'object') return;
      const node = value as Record<string, unknown>;
      const keys = Object.keys(node);
      if (typeof node['@id'] === 'string') {
        if (keys.length === 1) referenced.push([node['@id'], url]);
        else if (top) defined.add(node['@id']);
      }
      for (const [key, v] of Object.entries(node)) if (key !== '@id') visit(v, url, false);
    };
    for (const { url, html } of pages) for (const node of graphOf(html)) visit(node, url, true);
    expect(referenced.length).toBeGreaterThan(0);
    for (const [id, url] of referenced) expect(defined.has(id), `${url} refers to ${id}, which no page defines`).toBe(true);
    expect(referenced.map(([id]) => id)).toContain(`${BASE}/#organization`);
  });
});

describe('sitemap and robots', () => {
  const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
  const entries = Array.from(sitemap.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>(.*?)<\/url>/g));

  it('lists every indexable page once, with lastmod and its alternates, and no noindex page', () => {
    const indexable = pages.filter((p) => !p.html.includes('noindex')).map((p) => BASE + p.url).sort();
    expect(entries.map((e) => e[1]).sort()).toEqual(indexable);
    // Left out: privacy and terms (noindex by decision), in each language.
    const left = pages.filter((p) => p.html.includes('noindex')).map((p) => p.url).sort();
    expect(left).toEqual(LOCALES.flatMap((l) => ['/privacy', '/terms'].map((path) => `${prefixOf(l)}${path}`)).sort());
    for (const [, loc, , alternates] of entries) {
      for (const locale of LOCALES) expect(alternates, loc).toMatch(new RegExp(`hreflang="${locale}" href="[^"]+"`));
      expect(alternates, loc).toMatch(/hreflang="x-default" href="[^"]+"/);
    }
  });

  it('robots.txt points at the sitemap', () => {
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('security headers', () => {
  // What a host sends for a page: every matching rule of _headers.
  const headers = headersFor(parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8')), `/services/${services[0]!.slug}`);
  const csp = headers['Content-Security-Policy']!;

  it('has a strict Content-Security-Policy', () => {
    const directives: Record<string, string[]> = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']!.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual(['https://forms.example.com', 'https://www.google.com']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['upgrade-insecure-requests']).toEqual([]);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('every inline script is data (JSON) or has its sha256 hash in the policy', () => {
    for (const { url, html } of pages) {
      for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)) {
        if (/\ssrc=/.test(attrs!)) continue;
        if (/type="application\/(ld\+)?json"/.test(attrs!)) continue;
        const hash = createHash('sha256').update(body!).digest('base64');
        expect(csp, `${url}: inline script without its hash in the CSP`).toContain(`'sha256-${hash}'`);
      }
    }
  });

  it('sends HSTS, nosniff, a referrer policy and a Permissions-Policy that denies unused features', () => {
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(headers['Permissions-Policy']).toContain(`${feature}=()`);
  });

  it('caches hashed assets for a year with one Cache-Control, and leaves pages to the hosts\' revalidation (_headers)', () => {
    // Hosts join the values of every matching rule: a second rule for /assets/* would send two.
    const rules = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
    expect(headersFor(rules, '/assets/site-ABCDEF12.css')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/about')['Cache-Control']).toBeUndefined();
  });

  it('has a Spanish 404 page where Cloudflare Pages looks for it (no _redirects rule: it refuses 404 rules)', () => {
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) expect(readFileSync(join(dist, locale, '404.html'), 'utf8')).toContain(`lang="${locale}"`);
    expect(existsSync(join(dist, '_redirects'))).toBe(false);
  });

  it('frames are titled, lazy, sandboxed and keep their referrer policy', () => {
    for (const { url, html } of pages) {
      for (const [frame] of html.matchAll(/<iframe[^>]*>/g)) {
        expect(frame, url).toMatch(/ title="[^"]+"/);
        expect(frame, url).toContain('loading="lazy"');
        expect(frame, url).toMatch(/ referrerPolicy="[a-z-]+"/);
        expect(frame, url).toMatch(/ sandbox="[^"]*allow-scripts[^"]*"/);
        expect(frame, url).not.toContain('allow-same-origin');
      }
    }
  });
});
