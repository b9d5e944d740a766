// Title and description of each page, from its content.
import type { PageData as EnginePageData, PageMeta } from 'sitewright';
import type { PageData } from '../context.ts';
import type { SiteContent } from '../content-types.ts';
import type { LegalId, PageId } from '../schema.ts';
import { metaDescription } from '../lib/format.ts';

/** Title (without the practice's name) and description of each page, from its content. */
export function pageMeta(page: EnginePageData<SiteContent>): PageMeta {
  const { route, text } = page as PageData;
  switch (route.page) {
    case 'service': {
      const { front } = text.services[route.params.slug!]!;
      return { title: front.name, description: metaDescription(front.description) };
    }
    case 'legal':
      return fromPage(text.legal[route.params.id!]!.front);
    default:
      return fromPage(text.pages[route.page as PageId]);
  }
}

function fromPage(page: { title: string; description: string }): PageMeta {
  return { title: page.title, description: metaDescription(page.description) };
}

/** Search results show about 65 characters of a title. */
export const TITLE_LIMIT = 65;

/**
 * The page's own title first (what distinguishes it), then one brand for every page: the practice's
 * short name, the one with which every title fits ("Vaccines | FL Family Care"). A test holds every
 * title to the limit.
 */
export function documentTitle(meta: PageMeta, page: EnginePageData<SiteContent>): string {
  return `${meta.title} | ${page.content.site.shortName}`;
}
