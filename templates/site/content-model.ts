// Which content files this site has and the schema of each: the engine loads and validates
// content/ by this model (pages' own files come from the page registry in site.config.ts).
import { defineContentModel } from 'sitewright';
import {
  insuranceSchema, LEGAL_IDS, legalSchema, locationsSchema, noticesSchema, reviewsSchema, SERVICE_FACTS, serviceSchema, siteSchema, taglinesSchema, uiSchema,
  type ServicesIndex,
} from '../schema.ts';
import { checkLocations } from './check-locations.ts';
import { checkNotices } from './check-notices.ts';
import { checkSite } from './check-site.ts';
import { EDITOR_WORDS } from './editor-words.ts';

/** Every service with a page: primary, aesthetic and unlisted, in their order. */
export function serviceSlugs(index: ServicesIndex): string[] {
  return [...index.primary, ...index.aesthetic, ...index.unlisted];
}

// defineContentModel keeps each schema's own type, from which SiteContent is derived (content-types.ts),
// and checks each hook against the schema it belongs to.
export const contentModel = defineContentModel({
  shared: {
    site: { file: 'site.yaml', schema: siteSchema, title: 'the site configuration does not match its schema', check: checkSite },
    locations: { file: 'locations.yaml', schema: locationsSchema, title: 'the locations do not match their schema', check: checkLocations },
    notices: { file: 'notices.yaml', schema: noticesSchema, title: 'the notices do not match their schema', check: checkNotices },
    insurance: { file: 'insurance.yaml', schema: insuranceSchema, title: 'the insurance plans do not match their schema' },
    taglines: { file: 'language-assistance.yaml', schema: taglinesSchema, title: 'the language-assistance taglines do not match their schema' },
    reviews: { file: 'reviews.yaml', schema: reviewsSchema, title: 'the reviews do not match their schema' },
  },
  perLocale: {
    ui: { file: 'ui.yaml', schema: uiSchema, label: 'buttons, menus and labels' },
  },
  collections: {
    // Every file of content/<locale>/services/ is a service (site/services.ts makes the lists from them).
    services: { folder: 'services', ext: '.md', schema: serviceSchema, label: 'service', sameInEveryLocale: SERVICE_FACTS, listedBy: 'order' },
    // A notice takes effect on one day, whichever language it is read in: typed once, copied to each.
    legal: { folder: 'legal', ext: '.md', schema: legalSchema, label: 'legal page', ids: () => LEGAL_IDS, sameInEveryLocale: ['effective'] },
  },
  // Plain words for the fields' names (hero → "Top of the page"): the editor's labels, and the words
  // the build uses when it tells the office staff what to fix.
  labels: EDITOR_WORDS,
});
