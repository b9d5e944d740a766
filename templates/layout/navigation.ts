// The site's navigation as data, built once per page for the header, the islands and the footer:
// the registry's `nav` pages (site.config.ts), each labelled by its own content's `navLabel`.
import type { PageData } from '../context.ts';
import type { NavLink, ServicesLinks } from '../islands/types.ts';
import type { PageId } from '../schema.ts';

/** The page whose navigation entry is the Services dropdown. */
const SERVICES_PAGE = 'services';

/** A nav page's label, from its own content file. */
export function navLabel(page: PageData, id: string): string {
  return (page.text.pages[id as PageId] as { navLabel?: string }).navLabel ?? id;
}

export function mainNav(page: PageData): NavLink[] {
  return page.navigation.map(({ id, path }) => ({
    id,
    label: navLabel(page, id),
    href: page.href(path),
    current: page.route.path === path,
  }));
}

/** Where the Services dropdown stands in the main navigation. */
export function servicesIndex(page: PageData): number {
  return page.navigation.findIndex((p) => p.id === SERVICES_PAGE);
}

export function servicesLinks(page: PageData): ServicesLinks {
  const { text, content, route, href } = page;
  const link = (slug: string): NavLink => ({
    label: text.services[slug]!.front.name,
    href: href(`/services/${slug}`),
    current: route.path === `/services/${slug}`,
  });
  return {
    label: navLabel(page, SERVICES_PAGE),
    href: href('/services'),
    allLabel: text.ui.nav.allServices,
    aestheticHeading: text.ui.nav.aestheticHeading,
    primary: content.servicesIndex.primary.map(link),
    aesthetic: content.servicesIndex.aesthetic.map(link),
  };
}

/** Every other locale and the same page's URL there (its home for the 404 page). */
export function otherLocales(page: PageData): { locale: string; href: string; name: string }[] {
  const path = page.route.notFound ? '/' : page.route.path;
  return page.locales
    .filter((l) => l !== page.locale)
    .map((locale) => ({ locale, href: page.href(path, locale), name: page.content.locales[locale]!.ui.languageName }));
}
