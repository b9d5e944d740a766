// What every template can read about the page being rendered: the engine's page data, typed with
// this site's content. Templates receive data, never read files.
import type { z } from 'zod';
import { usePage as useEnginePage, type PageData as EnginePageData } from 'sitewright';
import type { SiteContent } from './content-types.ts';
import type { Locale } from './schema.ts';

export type PageData = EnginePageData<SiteContent> & { locale: Locale };

export function usePage(): PageData {
  return useEnginePage<SiteContent>() as PageData;
}

/** The page's own content (its pages/<id>.yaml), typed by the schema its registry entry names. */
export function useOwnContent<S extends z.ZodType>(_schema: S): z.infer<S> {
  return useEnginePage<SiteContent>().own as z.infer<S>;
}
