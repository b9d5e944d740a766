// Which template renders each kind of route.
import type { Route } from '../../src/routes/routes.ts';
import { About } from './About.tsx';
import { Contact } from './Contact.tsx';
import { Home } from './Home.tsx';
import { Insurance } from './Insurance.tsx';
import { Legal } from './Legal.tsx';
import { Locations } from './Locations.tsx';
import { Nondiscrimination } from './Nondiscrimination.tsx';
import { NotFound } from './NotFound.tsx';
import { Reviews } from './Reviews.tsx';
import { ServiceDetail } from './ServiceDetail.tsx';
import { ServicesIndex } from './ServicesIndex.tsx';

const PAGES = {
  about: About, services: ServicesIndex, insurance: Insurance, reviews: Reviews,
  locations: Locations, contact: Contact, nondiscrimination: Nondiscrimination,
} as const;

/** The page template of a route and its name (named in error messages). */
export function templateFor(route: Route): { name: string; element: React.ReactElement } {
  const { kind } = route;
  switch (kind.type) {
    case 'home':
      return { name: 'Home', element: <Home /> };
    case 'page': {
      const Page = PAGES[kind.page];
      return { name: Page.name, element: <Page /> };
    }
    case 'service':
      return { name: 'ServiceDetail', element: <ServiceDetail slug={kind.slug} /> };
    case 'legal':
      return { name: 'Legal', element: <Legal id={kind.legal} /> };
    case 'not-found':
      return { name: 'NotFound', element: <NotFound /> };
  }
}
