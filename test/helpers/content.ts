// The real site's definition and content, for tests that count what the content says (services,
// locales, reviews) instead of writing the numbers down: adding a service needs no test edit.
import { loadContent } from '../../src/content/load-content.ts';
import { loadSite } from '../../src/pipeline/load-site.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import type { SiteContent } from '../../templates/content-types.ts';
import { servicesIndexOf } from '../../templates/site/services.ts';
import { CONTENT, SITE } from './fixtures.ts';

let loaded: Promise<{ site: SiteDefinition<SiteContent>; content: SiteContent }> | undefined;

export function siteAndContent(): Promise<{ site: SiteDefinition<SiteContent>; content: SiteContent }> {
  loaded ??= (async () => {
    const site = (await loadSite(SITE)) as SiteDefinition<SiteContent>;
    const { content } = await loadContent(site, CONTENT);
    // The lists the services plugin makes from the entries as the build loads them.
    return { site, content: { ...content, servicesIndex: servicesIndexOf(content.locales[site.defaultLocale]!.services) } };
  })();
  return loaded;
}

/** The services the navigation lists (primary and aesthetic; unlisted ones have pages but no link). */
export async function listedServices(): Promise<number> {
  const { content } = await siteAndContent();
  return content.servicesIndex.primary.length + content.servicesIndex.aesthetic.length;
}
