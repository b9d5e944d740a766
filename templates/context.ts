// What every template can read about the page being rendered. Templates receive data, never read files.
import { createContext, useContext } from 'react';
import type { Locale } from './schema.ts';
import type { LocaleContent, SiteContent } from '../src/content/types.ts';
import type { Route } from '../src/routes/routes.ts';
import { localeUrl } from '../src/routes/urls.ts';

export interface PageData {
  content: SiteContent;
  locale: Locale;
  route: Route;
  /** The text of this page's locale. */
  text: LocaleContent;
  /** The year of the build, for the copyright line. */
  year: number;
}

export const PageContext = createContext<PageData | null>(null);

export function usePage(): PageData & { href: (path: string) => string } {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside a page render');
  return { ...page, href: (path: string) => hrefIn(page.locale, path) };
}

/** A link to a spec route in a locale, keeping any "#fragment". */
export function hrefIn(locale: Locale, path: string): string {
  const [route, hash] = path.split('#') as [string, string | undefined];
  return localeUrl(locale, route) + (hash ? `#${hash}` : '');
}
