// Structured data (schema.org JSON-LD) derived from content, in the page's language.
import type { Hours, Location } from '../schema.ts';
import { absoluteUrl, localeUrl } from '../../src/routes/urls.ts';
import type { PageData } from '../context.ts';
import { locationName } from '../components/Contact.tsx';

const DAY_NAMES = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;

type Json = Record<string, unknown>;

export function openingHours(hours: Hours): Json[] {
  return hours.map((h) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: h.days.map((d) => `https://schema.org/${DAY_NAMES[d]}`),
    opens: h.opens,
    closes: h.closes,
  }));
}

function clinic(page: PageData, location: Location, url: (path: string) => string): Json {
  const { site } = page.content;
  return {
    '@type': 'MedicalClinic',
    '@id': `${url('/locations')}#${location.id}`,
    name: `${site.name} – ${locationName(page.text.ui.location.name, location)}`,
    url: `${url('/locations')}#${location.id}`,
    telephone: site.phone.e164,
    email: site.email,
    image: absoluteUrl(site.baseUrl, '/images/og-image.png'),
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.street,
      addressLocality: location.city,
      addressRegion: location.region,
      postalCode: location.postalCode,
      addressCountry: 'US',
    },
    openingHoursSpecification: openingHours(location.hours ?? site.hours),
    medicalSpecialty: 'https://schema.org/PrimaryCare',
    availableLanguage: ['en', 'es'],
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: site.phone.e164,
      contactType: 'customer service',
      availableLanguage: ['en', 'es'],
    },
    sameAs: site.social.map((s) => s.url),
    parentOrganization: { '@id': `${absoluteUrl(site.baseUrl, '/')}#organization` },
  };
}

/** The JSON-LD graph of a page, or undefined when it has none. */
export function jsonLd(page: PageData, title: string): Json | undefined {
  const { content, locale, route, text } = page;
  const { site } = content;
  const url = (path: string) => absoluteUrl(site.baseUrl, localeUrl(locale, path));
  const graph: Json[] = [];
  if (route.kind.type === 'home') {
    graph.push(
      {
        '@type': 'Organization',
        '@id': `${absoluteUrl(site.baseUrl, '/')}#organization`,
        name: site.name,
        url: absoluteUrl(site.baseUrl, '/'),
        logo: absoluteUrl(site.baseUrl, '/icons/icon-512.png'),
        telephone: site.phone.e164,
        email: site.email,
        foundingDate: String(site.foundedYear),
        sameAs: site.social.map((s) => s.url),
      },
      {
        '@type': 'WebSite',
        '@id': `${url('/')}#website`,
        name: site.name,
        url: url('/'),
        inLanguage: locale,
      },
    );
  }
  if (route.kind.type === 'home' || (route.kind.type === 'page' && route.kind.page === 'locations')) {
    graph.push(...content.locations.map((location) => clinic(page, location, url)));
  }
  if (route.kind.type === 'service') {
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: text.ui.nav.home, item: url('/') },
        { '@type': 'ListItem', position: 2, name: text.ui.nav.services, item: url('/services') },
        { '@type': 'ListItem', position: 3, name: title, item: url(route.path) },
      ],
    });
  }
  if (!graph.length) return undefined;
  return { '@context': 'https://schema.org', '@graph': graph };
}
