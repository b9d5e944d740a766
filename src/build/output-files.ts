// The files a build writes besides pages and static/: the bundled assets, the sitemap, robots.txt,
// the site's per-locale files (web app manifests) and the static-host configuration.
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import type { Bundle } from './bundle.ts';
import { headersFile, redirectsFile, robots, sitemap, type SiteShape } from './site-files.ts';
import type { OutputFiles } from '../output/write-files.ts';

export function siteFiles(site: SiteDefinition, content: any, routes: Route[], shape: SiteShape, bundle: Bundle): OutputFiles {
  const files: OutputFiles = new Map();
  files.set(bundle.js.url.slice(1), bundle.js.contents);
  files.set(bundle.css.url.slice(1), bundle.css.contents);
  files.set('sitemap.xml', sitemap(routes, shape, new Date().toISOString().slice(0, 10)));
  files.set('robots.txt', robots(shape.baseUrl));
  for (const locale of shape.locales) {
    for (const [name, data] of Object.entries(site.localeFiles?.(content, locale, shape.urls.localeUrl(locale, '/')) ?? {})) {
      files.set(shape.urls.localeUrl(locale, `/${name}`).slice(1), data);
    }
  }
  files.set('_headers', headersFile(site.frameSources?.(content) ?? []));
  files.set('_redirects', redirectsFile(shape));
  return files;
}
