// The real site's definition and content, for tests that count what the content says (services,
// locales, reviews) instead of writing the numbers down: adding a service needs no test edit.
import { readdir } from 'node:fs/promises';
import { dirname, sep } from 'node:path';
import { loadContent } from '../../src/content/load-content.ts';
import { loadSite } from '../../src/pipeline/load-site.ts';

import { pluginsOf } from '../../src/plugins/run.ts';
import { localeUrls } from '../../src/routes/urls.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import type { ContentLoadedContext } from '../../src/site/plugin.ts';
import type { SiteContent } from '../../templates/content-types.ts';
import { CONTENT, SITE, STATIC } from './fixtures.ts';

/** A site's content as the build hands it to templates: loaded, then changed by the plugins' contentLoaded hooks (the service lists, the day). */
export async function contentAsBuilt<C>(site: SiteDefinition<C>, contentDir: string, siteFile = SITE): Promise<C> {
  // As the build does first: the plugins that prepare files (the photos staff upload) see static/.
  const staticFiles = (await readdir(STATIC, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => `${e.parentPath}${sep}${e.name}`.slice(STATIC.length + 1).split(sep).join('/'));
  for (const plugin of pluginsOf(site)) await plugin.prepare?.({ siteDir: dirname(siteFile), staticDir: STATIC, staticFiles });
  let { content, sources } = await loadContent(site, contentDir);
  const locales = Object.keys(site.locales);
  const context: ContentLoadedContext<C> = {
    site, locales, defaultLocale: site.defaultLocale, urls: localeUrls(locales, site.defaultLocale), baseUrl: 'https://example.org', now: new Date('2026-06-10T15:00:00Z'),
    dev: false, contentDir, folders: { site: dirname(siteFile), content: contentDir, static: STATIC, out: '' }, files: sources,
  };
  for (const plugin of pluginsOf(site)) if (plugin.contentLoaded) content = plugin.contentLoaded(content, context) ?? content;
  return content;
}

let loaded: Promise<{ site: SiteDefinition<SiteContent>; content: SiteContent }> | undefined;

export function siteAndContent(): Promise<{ site: SiteDefinition<SiteContent>; content: SiteContent }> {
  loaded ??= (async () => {
    const site = (await loadSite(SITE)) as SiteDefinition<SiteContent>;
    return { site, content: await contentAsBuilt(site, CONTENT) };
  })();
  return loaded;
}

/** The services the navigation lists (primary and aesthetic; unlisted ones have pages but no link). */
export async function listedServices(): Promise<number> {
  const { content } = await siteAndContent();
  return content.servicesIndex.primary.length + content.servicesIndex.aesthetic.length;
}
