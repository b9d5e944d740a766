// Title and description of each page, from its content.
import type { PageData } from '../context.ts';
import { metaDescription } from '../lib/format.ts';

export interface PageMeta {
  /** The page's own title, without the practice's name. */
  title: string;
  description: string;
}

export function pageMeta({ route, text }: PageData): PageMeta {
  const { kind } = route;
  switch (kind.type) {
    case 'home':
      return fromPage(text.pages.home);
    case 'page':
      return fromPage(text.pages[kind.page]);
    case 'service': {
      const { front } = text.services[kind.slug]!;
      return { title: front.name, description: metaDescription(front.description) };
    }
    case 'legal':
      return fromPage(text.legal[kind.legal].front);
    case 'not-found':
      return fromPage(text.pages['not-found']);
  }
}

function fromPage(page: { title: string; description: string }): PageMeta {
  return { title: page.title, description: metaDescription(page.description) };
}

/** "Vaccines | Florida Family Primary Care": the page title followed by the practice's name. */
export function documentTitle(meta: PageMeta, siteName: string): string {
  return `${meta.title} | ${siteName}`;
}
