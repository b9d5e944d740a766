// The validated content templates read: derived from the content model and the pages' schemas, so the
// schemas are the one source of both the checks and the types.
import type { ContentOf } from 'sitewright';
import type { pageSchemas, ServicesIndex } from './schema.ts';
import type { contentModel } from './site/content-model.ts';

export type SiteContent = ContentOf<typeof contentModel, typeof pageSchemas> & {
  /** The build's day in the practice's time zone ("2026-12-24"), for dated notices (site/notices.ts). */
  today: string;
  /** The service lists, made from the service entries (site/services.ts). */
  servicesIndex: ServicesIndex;
};
