// The validated, plain data that loading content produces and templates consume.
import type {
  Insurance, LegalFront, LegalId, Locale, Location, Pages, Review, ServiceFront, ServicesIndex, Site, Tagline, Ui,
} from '../../templates/schema.ts';

export interface ServiceContent {
  slug: string;
  group: 'primary' | 'aesthetic';
  front: ServiceFront;
  /** "What We Do", rendered from the Markdown body. */
  html: string;
  related: string[];
}

export interface LegalContent {
  front: LegalFront;
  html: string;
}

export interface LocaleContent {
  ui: Ui;
  pages: Pages;
  reviews: Review[];
  services: Record<string, ServiceContent>;
  legal: Record<LegalId, LegalContent>;
}

export interface SiteContent {
  site: Site;
  locations: Location[];
  servicesIndex: ServicesIndex;
  /** Primary, aesthetic and unlisted services, in the order of content/services.yaml. */
  serviceSlugs: string[];
  insurance: Insurance;
  taglines: Tagline[];
  locales: Record<Locale, LocaleContent>;
}
