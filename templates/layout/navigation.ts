// The site's navigation as data, built once per page for the header, the islands and the footer.
import { LOCALES, type Locale } from '../schema.ts';
import { hrefIn, type PageData } from '../context.ts';
import type { NavLink, ServicesLinks } from '../islands/types.ts';

const NAV = ['home', 'about', 'services', 'insurance', 'reviews', 'locations', 'contact'] as const;
const PATHS: Record<(typeof NAV)[number], string> = {
  home: '/', about: '/about', services: '/services', insurance: '/insurance', reviews: '/reviews', locations: '/locations', contact: '/contact',
};

export function mainNav(page: PageData): NavLink[] {
  return NAV.map((key) => ({
    label: page.text.ui.nav[key],
    href: hrefIn(page.locale, PATHS[key]),
    current: page.route.path === PATHS[key],
  }));
}

export const SERVICES_INDEX = NAV.indexOf('services');

export function servicesLinks(page: PageData): ServicesLinks {
  const { text, content, locale, route } = page;
  const link = (slug: string): NavLink => ({
    label: text.services[slug]!.front.name,
    href: hrefIn(locale, `/services/${slug}`),
    current: route.path === `/services/${slug}`,
  });
  return {
    label: text.ui.nav.services,
    href: hrefIn(locale, '/services'),
    allLabel: text.ui.nav.allServices,
    aestheticHeading: text.ui.nav.aestheticHeading,
    primary: content.servicesIndex.primary.map(link),
    aesthetic: content.servicesIndex.aesthetic.map(link),
  };
}

/** The other locale and the same page's URL there (its home for the 404 page). */
export function otherLocale(page: PageData): { locale: Locale; href: string } {
  const locale = LOCALES.find((l) => l !== page.locale)!;
  const path = page.route.kind.type === 'not-found' ? '/' : page.route.path;
  return { locale, href: hrefIn(locale, path) };
}
