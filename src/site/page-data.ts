// What a template sees of the page being rendered (through usePage()): part of the engine's contract.
import type { Route } from './route.ts';

/** A content type's locale codes and per-locale content. */
type LocaleKey<C> = C extends { locales: infer L } ? keyof L & string : string;
type LocaleText<C> = C extends { locales: infer L } ? L[keyof L] : unknown;

/** Loaded content as the engine itself sees it: the shared files by key, each locale's content by locale. */
export interface EngineContent {
  [shared: string]: unknown;
  locales: Record<string, Record<string, unknown>>;
}

export interface PageData<C = unknown> {
  content: C;
  locale: LocaleKey<C>;
  /** Every locale code, in the site's order. */
  locales: string[];
  defaultLocale: string;
  /** The locale's Intl tag ("es-US"), for dates, times and numbers. */
  intl: string;
  /** Another locale's Intl tag. */
  intlOf(locale: string): string;
  /** The locale's writing direction, from its Intl tag: the engine writes "rtl" on <html> itself. */
  dir: 'ltr' | 'rtl';
  /** Another locale's direction: for text shown in that locale (a fallback entry, a language's name). */
  dirOf(locale: string): 'ltr' | 'rtl';
  route: Route;
  /** The registry's pages marked `nav`, in registry order: what the site's navigation lists. */
  navigation: { id: string; path: string }[];
  /** The content of this page's locale. */
  text: LocaleText<C>;
  /** This page's own content: its pages/<id>.yaml data, or its collection entry. */
  own: unknown;
  /** The year of the build, for the copyright line. */
  year: number;
  /** A link to a path ("/about#team") in this locale or another. */
  href(path: string, locale?: string): string;
  /** This page in another locale (for a language switcher), or undefined when that locale has no such page. */
  alternate(locale: string): string | undefined;
  /** An absolute URL on the production origin. */
  absolute(url: string): string;
}
