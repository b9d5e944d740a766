// What every template can read about the page being rendered: the engine's page data, typed with
// this site's content. Templates receive data, never read files.
import { usePage as useEnginePage, type PageData as EnginePageData } from 'sitewright';
import type { SiteContent } from './content-types.ts';

export type PageData = EnginePageData<SiteContent>;

export function usePage(): PageData {
  return useEnginePage<SiteContent>();
}
