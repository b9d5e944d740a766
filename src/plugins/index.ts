// The files a build writes besides pages and static/: the bundled client assets, the site's per-locale
// files (web app manifests), and the engine's defaults, each of which a site may configure or turn
// off in its definition (`output`), as Lume's default plugins are: sitemap.xml, robots.txt, _headers
// (security and cache headers for Netlify and Cloudflare Pages, read by serve and dev too),
// _redirects (per-locale 404 pages) and the speculation rules.
import type { Bundle } from '../bundle/client-assets.ts';
import type { OutputFiles } from '../output/write-files.ts';
import type { Route } from '../routes/routes.ts';
import { formatHeadersFile } from '../security/headers-file.ts';
import { headerRules, type PolicyArea } from '../security/headers.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { callHook } from '../site/hooks.ts';
import { redirectsFile } from './redirects.ts';
import { robots } from './robots.ts';
import type { SiteShape } from './shape.ts';
import { sitemap } from './sitemap.ts';
import { speculationHeaderRules, speculationRules, SPECULATION_RULES_FILE } from './speculation-rules.ts';

export type { SiteShape };

/** A part of the output with a policy of its own (the editor under /admin/), and its files. */
export interface OwnArea extends PolicyArea {
  files: ReadonlyMap<string, string>;
}

export function siteFiles<C>(site: SiteDefinition<C>, content: C, routes: Route[], shape: SiteShape, bundle: Bundle, extra: { staticFiles?: readonly string[]; area?: OwnArea } = {}): OutputFiles {
  const output = site.output ?? {};
  const files: OutputFiles = new Map();
  for (const [name, data] of extra.area?.files ?? []) files.set(name, data);
  files.set(bundle.js.url.slice(1), bundle.js.contents);
  files.set(bundle.css.url.slice(1), bundle.css.contents);
  for (const locale of shape.locales) {
    for (const [name, data] of Object.entries(callHook('localeFiles()', `locale ${locale}`, () => site.localeFiles?.(content, locale, shape.urls.localeUrl(locale, '/')) ?? {}))) {
      files.set(shape.urls.localeUrl(locale, `/${name}`).slice(1), data);
    }
  }
  if (output.sitemap !== false) files.set('sitemap.xml', sitemap(routes, shape, new Date().toISOString().slice(0, 10)));
  if (output.robots !== false) files.set('robots.txt', robots(shape.baseUrl, output.sitemap !== false));
  if (output.redirects !== false) files.set('_redirects', redirectsFile(shape));
  const speculation = output.speculationRules === false ? undefined : (output.speculationRules ?? {});
  if (speculation) files.set(SPECULATION_RULES_FILE, speculationRules(speculation.eagerness ?? 'moderate'));
  if (output.headers !== false) {
    const headers = output.headers;
    const policy = typeof headers === 'function' ? callHook('output.headers()', undefined, () => headers(content)) : headers;
    // Every top-level folder of the output, for a policy per area (see headerRules).
    const topDirs = [...routes.map((r) => r.file), ...(extra.staticFiles ?? []), ...files.keys()].filter((path) => path.includes('/')).map((path) => path.slice(0, path.indexOf('/')));
    const layout = extra.area ? { topDirs, area: { dir: extra.area.dir, csp: extra.area.csp } } : undefined;
    files.set('_headers', formatHeadersFile([...headerRules(policy, layout), ...(speculation ? speculationHeaderRules() : [])]));
  }
  return files;
}
