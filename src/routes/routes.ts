// The route table: every page the site has, per locale, with the template and data it renders.
import { LOCALES, LEGAL_IDS, type LegalId, type Locale } from '../../templates/schema.ts';
import type { SiteContent } from '../content/types.ts';
import { fileOfUrl, localeUrl } from './urls.ts';

export type RouteKind =
  | { type: 'home' }
  | { type: 'page'; page: 'about' | 'services' | 'insurance' | 'reviews' | 'locations' | 'contact' | 'nondiscrimination' }
  | { type: 'service'; slug: string }
  | { type: 'legal'; legal: LegalId }
  | { type: 'not-found' };

export interface Route {
  /** The spec's path, the same in every locale: "/services/vaccines". */
  path: string;
  locale: Locale;
  /** The public URL: "/es/services/vaccines". */
  url: string;
  /** The output file, relative to dist: "es/services/vaccines.html". */
  file: string;
  kind: RouteKind;
  /** Left out of the sitemap and marked noindex, nofollow. */
  noindex: boolean;
  /** Content files (relative to the content folder) whose change re-renders this page in dev. */
  sources: string[];
}

const SIMPLE_PAGES = ['about', 'services', 'insurance', 'reviews', 'locations', 'contact', 'nondiscrimination'] as const;

/** Every route of the site: the spec's table in each locale, plus each locale's 404 page. */
export function planRoutes(content: SiteContent): Route[] {
  const routes: Route[] = [];
  for (const locale of LOCALES) {
    const text = content.locales[locale];
    const add = (path: string, kind: RouteKind, sources: string[], noindex = false) => {
      const url = kind.type === 'not-found' ? `${localeUrl(locale, '/')}404` : localeUrl(locale, path);
      routes.push({ path, locale, url, file: fileOfUrl(url), kind, noindex, sources });
    };
    add('/', { type: 'home' }, [`${locale}/pages/home.yaml`, `${locale}/reviews.yaml`]);
    for (const page of SIMPLE_PAGES) {
      const sources = [`${locale}/pages/${page}.yaml`];
      if (page === 'reviews') sources.push(`${locale}/reviews.yaml`);
      if (page === 'nondiscrimination') sources.push('language-assistance.yaml');
      add(`/${page}`, { type: 'page', page }, sources);
    }
    for (const slug of content.serviceSlugs) {
      add(`/services/${slug}`, { type: 'service', slug }, [`${locale}/services/${slug}.md`]);
    }
    for (const legal of LEGAL_IDS) {
      add(`/${legal}`, { type: 'legal', legal }, [`${locale}/legal/${legal}.md`], text.legal[legal].front.noindex);
    }
    add('/404', { type: 'not-found' }, [`${locale}/pages/not-found.yaml`], true);
  }
  return routes;
}
