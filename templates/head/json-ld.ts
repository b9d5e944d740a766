// Structured data (schema.org JSON-LD) derived from content, in the page's language. Typed with
// schema-dts (types only), so the compiler refuses a property schema.org does not define on a type.
import { closuresOf } from '../site/notices.ts';
import type { BreadcrumbList, Graph, MedicalClinic, OpeningHoursSpecification, Organization, Thing, WebSite } from 'schema-dts';
import type { Hours, Location } from '../schema.ts';
import type { PageData as EnginePageData, PageMeta } from 'sitewright';
import type { SiteContent } from '../content-types.ts';
import type { PageData } from '../context.ts';
import { locationName } from '../components/Contact.tsx';

const DAY_NAMES = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;

export function openingHours(hours: Hours): OpeningHoursSpecification[] {
  return hours.map((h) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: h.days.map((d) => `https://schema.org/${DAY_NAMES[d]}` as const),
    opens: h.opens,
    closes: h.closes,
  }));
}

function clinic(page: PageData, location: Location, url: (path: string) => string): MedicalClinic {
  const { site } = page.content;
  return {
    '@type': 'MedicalClinic',
    '@id': `${url('/locations')}#${location.id}`,
    name: `${site.name} – ${locationName(page.text.ui.location.name, location)}`,
    url: `${url('/locations')}#${location.id}`,
    telephone: site.phone.e164,
    email: site.email,
    image: page.absolute('/images/og-image.png'),
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.street,
      addressLocality: location.city,
      addressRegion: location.region,
      postalCode: location.postalCode,
      addressCountry: 'US',
    },
    openingHoursSpecification: openingHours(location.hours ?? site.hours),
    // A closure, as Google documents holiday hours: opens and closes at 00:00 on the days it covers.
    ...(closuresOf(page.content.notices, location.id, page.content.today).length
      ? { specialOpeningHoursSpecification: closuresOf(page.content.notices, location.id, page.content.today).map((c) => ({ '@type': 'OpeningHoursSpecification' as const, opens: '00:00', closes: '00:00', validFrom: c.from, validThrough: c.to })) }
      : {}),
    medicalSpecialty: 'https://schema.org/PrimaryCare',
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: site.phone.e164,
      contactType: 'customer service',
      availableLanguage: page.locales,
    },
    sameAs: site.social.map((s) => s.url),
    parentOrganization: { '@id': `${page.absolute('/')}#organization` },
  };
}

/** The JSON-LD graph of a page, or undefined when it has none. */
export function jsonLd(enginePage: EnginePageData<SiteContent>, { title }: PageMeta): Graph | undefined {
  const page = enginePage as PageData;
  const { content, locale, route, text } = page;
  const { site } = content;
  const url = (path: string) => page.absolute(page.href(path));
  const graph: Thing[] = [];
  if (route.page === 'home') {
    const organization: Organization = {
      '@type': 'Organization',
      '@id': `${page.absolute('/')}#organization`,
      name: site.name,
      url: page.absolute('/'),
      logo: page.absolute('/icons/icon-512.png'),
      telephone: site.phone.e164,
      email: site.email,
      foundingDate: String(site.foundedYear),
      sameAs: site.social.map((s) => s.url),
    };
    const website: WebSite = {
      '@type': 'WebSite',
      '@id': `${url('/')}#website`,
      name: site.name,
      url: url('/'),
      inLanguage: locale,
    };
    graph.push(organization, website);
  }
  if (route.page === 'home' || route.page === 'locations') {
    graph.push(...content.locations.map((location) => clinic(page, location, url)));
  }
  if (route.page === 'service') {
    const breadcrumbs: BreadcrumbList = {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: text.pages.home.navLabel, item: url('/') },
        { '@type': 'ListItem', position: 2, name: text.pages.services.navLabel, item: url('/services') },
        { '@type': 'ListItem', position: 3, name: title, item: url(route.path) },
      ],
    };
    graph.push(breadcrumbs);
  }
  if (!graph.length) return undefined;
  return { '@context': 'https://schema.org', '@graph': graph };
}
