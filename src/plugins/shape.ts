// What the generated files need to know of a site: its locales, their URLs and its production origin.
import type { LocaleUrls } from '../routes/urls.ts';

export interface SiteShape {
  locales: string[];
  defaultLocale: string;
  urls: LocaleUrls;
  baseUrl: string;
}
