// The site definition: everything the engine (src/) needs to know about this site, as one value.
// Locales, the content model, the page registry (route, content schema, template, navigation),
// the layout and head hooks, the islands, and the rules for placeholders and budgets.
// Add a plain page: one entry below, its template in templates/pages/ and content/<locale>/pages/<id>.yaml.
import { defineSite, editor, images } from 'sitewright';
import type { SiteContent } from './templates/content-types.ts';
import { jsonLd } from './templates/head/json-ld.ts';
import { documentTitle, pageMeta } from './templates/head/page-meta.ts';
import { SocialHead } from './templates/head/SocialHead.tsx';
import { islands } from './templates/islands/index.ts';
import { Layout } from './templates/layout/Layout.tsx';
import { About } from './templates/pages/About.tsx';
import { Contact } from './templates/pages/Contact.tsx';
import { Home } from './templates/pages/Home.tsx';
import { Insurance } from './templates/pages/Insurance.tsx';
import { Legal } from './templates/pages/Legal.tsx';
import { Locations } from './templates/pages/Locations.tsx';
import { Nondiscrimination } from './templates/pages/Nondiscrimination.tsx';
import { NotFound } from './templates/pages/NotFound.tsx';
import { Reviews } from './templates/pages/Reviews.tsx';
import { ServiceDetail } from './templates/pages/ServiceDetail.tsx';
import { ServicesIndex } from './templates/pages/ServicesIndex.tsx';
import { pageSchemas, type LegalFront } from './templates/schema.ts';
import { contentModel } from './templates/site/content-model.ts';
import { FRAME_ORIGINS } from './templates/site/frame-hosts.ts';
import { manifest } from './templates/site/manifest.ts';
import { today } from './templates/site/notices.ts';
import { services } from './templates/site/services.ts';
import { facts } from './templates/site/facts.ts';
import { findPlaceholders } from './templates/site/placeholders.ts';
import { clinicHoursGaps } from './templates/site/check-locations.ts';

export default defineSite<SiteContent>({
  locales: { en: { intl: 'en-US' }, es: { intl: 'es-US' } },
  defaultLocale: 'en',
  // Content dates (an entry's publishDate and expiryDate) are days in the practice's time zone.
  timeZone: 'America/New_York',
  content: contentModel,
  pages: [
    { id: 'home', path: '/', schema: pageSchemas.home, template: Home, nav: true },
    { id: 'about', path: '/about', schema: pageSchemas.about, template: About, nav: true },
    { id: 'services', path: '/services', schema: pageSchemas.services, template: ServicesIndex, nav: true },
    { id: 'insurance', path: '/insurance', schema: pageSchemas.insurance, template: Insurance, nav: true },
    { id: 'reviews', path: '/reviews', schema: pageSchemas.reviews, template: Reviews, nav: true },
    { id: 'locations', path: '/locations', schema: pageSchemas.locations, template: Locations, nav: true },
    { id: 'contact', path: '/contact', schema: pageSchemas.contact, template: Contact, nav: true },
    { id: 'nondiscrimination', path: '/nondiscrimination', schema: pageSchemas.nondiscrimination, template: Nondiscrimination },
    { id: 'service', path: '/services/[slug]', collection: 'services', template: ServiceDetail },
    { id: 'legal', path: '/[id]', collection: 'legal', template: Legal, noindex: (entry: { front: LegalFront }) => entry.front.noindex },
    { id: 'not-found', path: '/404', schema: pageSchemas['not-found'], template: NotFound, notFound: true },
  ],
  layout: Layout,
  head: SocialHead,
  meta: pageMeta,
  documentTitle,
  jsonLd,
  islands: { registry: islands, module: new URL('./templates/islands/index.ts', import.meta.url) },
  styles: new URL('./templates/styles/site.css', import.meta.url),
  sources: [new URL('./templates/', import.meta.url), new URL(import.meta.url)],
  baseUrl: (content) => content.site.baseUrl,
  budgets: (content) => content.site.budgets,
  placeholders: findPlaceholders,
  output: {
    // The practice's policy: frames only from its form and maps providers (from the definition, never
    // from content); HSTS for two years, subdomains too.
    headers: { csp: { 'frame-src': Object.values(FRAME_ORIGINS) }, hsts: 'max-age=63072000; includeSubDomains' },
  },
  plugins: [
    // content.today: the build's day in Florida, for the notices shown on some days only.
    today(),
    // content.servicesIndex: the navigation's, /services' and the home page's lists, from the service entries.
    services(),
    // No time of day written by hand in the pages' text: {hours} is filled in from the opening hours.
    facts(),
    // A clinic's own hours that leave out days the practice opens: a warning naming the clinic.
    clinicHoursGaps(),
    // Photos the staff upload (a service's photo): AVIF, WebP and JPEG at several widths, EXIF stripped.
    images({ folders: ['images/uploads'] }),
    // Staff edit content at /admin/ and the editor commits to this repository (docs/editing.md).
    editor({
      title: 'FL Family Care: content editor',
      backend: { name: 'github', repo: 'example/florida-family-care', branch: 'main' }, // PLACEHOLDER: the practice's repository
      media: { folder: 'images/uploads' },
      // "Sign In with GitHub", deployed with the site on Cloudflare Pages (docs/deploy.md: the one-time set-up).
      githubSignIn: 'cloudflare-pages',
    }),
  ],
  localeFiles: (content, locale, home) => ({ 'manifest.webmanifest': manifest(content, locale, home) }),
});
