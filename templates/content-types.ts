// The validated content templates read: what the engine's loader makes of content/ under this
// site's content model (site.config.ts).
import type {
  Insurance, LegalFront, LegalId, Locale, Location, Pages, Review, ServiceFront, ServicesIndex, Site, Tagline, Ui,
} from './schema.ts';

/** A Markdown entry: its front matter and its body rendered to HTML. */
export interface MarkdownEntry<F> {
  front: F;
  html: string;
}

export type ServiceContent = MarkdownEntry<ServiceFront>;
export type LegalContent = MarkdownEntry<LegalFront>;

export interface LocaleContent {
  ui: Ui;
  pages: Pages;
  reviews: Review[];
  /** Every service in the order of content/services.yaml ("What We Do" is the body). */
  services: Record<string, ServiceContent>;
  legal: Record<LegalId, LegalContent>;
}

export interface SiteContent {
  site: Site;
  locations: Location[];
  servicesIndex: ServicesIndex;
  insurance: Insurance;
  taglines: Tagline[];
  locales: Record<Locale, LocaleContent>;
}
