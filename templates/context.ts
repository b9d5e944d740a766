// What every template can read about the page being rendered: the engine's page data, typed with
// this site's content. Templates receive data, never read files.
import { usePage as useEnginePage, type PageData as EnginePageData } from '../src/index.ts';
import type { SiteContent } from './content-types.ts';
import type { Locale } from './schema.ts';

export type PageData = EnginePageData<SiteContent> & { locale: Locale };

export function usePage(): PageData {
  return useEnginePage<SiteContent>() as PageData;
}
