// The engine's own features as plugins, each on by default; `output` configures one or turns it off (false), and the
// site's hooks (placeholders, budgets, localeFiles) are what the matching plugin runs.
import { bundleAssets } from '../bundle/client-assets.ts';
import { overBudget } from '../checks/budgets.ts';
import { Problem } from '../problems/problem.ts';
import { formatHeadersFile } from '../security/headers-file.ts';
import { headerRules } from '../security/headers.ts';
import type { HeadersPolicy, SiteDefinition } from '../site/definition.ts';
import { callHook } from '../site/hooks.ts';
import type { Bundle, Plugin } from '../site/plugin.ts';
import { redirectsPlugin } from './redirects.ts';
import { robots } from './robots.ts';
import { sitemap } from './sitemap.ts';
import { dayIn } from '../content/lifecycle.ts';
import { speculationHeaderRules, speculationRules, SPECULATION_RULES_FILE } from './speculation-rules.ts';

/** The default plugins of a site, in the order they run (the site's own come after the client bundle). */
export function defaultPlugins<C>(site: SiteDefinition<C>): Plugin<C>[] {
  const output = site.output ?? {};
  const plugins: (Plugin<C> | false)[] = [
    clientBundle(site),
    localeFiles(site),
    placeholders(site),
    budgets(site),
    output.sitemap !== false && { name: 'sitemap', files: (c) => ({ 'sitemap.xml': sitemap(c.routes, c, dayIn(c.now, c.site.timeZone ?? 'UTC')) }) },
    output.robots !== false && { name: 'robots', files: (c) => ({ 'robots.txt': robots(c.baseUrl, output.sitemap !== false) }) },
    (output.redirects !== false || !!site.redirects?.length) && redirectsPlugin<C>(site.redirects ?? [], output.redirects !== false, output.host),
    output.speculationRules !== false && {
      name: 'speculation-rules',
      files: () => ({ [SPECULATION_RULES_FILE]: speculationRules((output.speculationRules || {}).eagerness ?? 'moderate') }),
      headers: () => speculationHeaderRules(),
    },
    output.headers !== false && headers(site),
  ];
  return plugins.filter((p): p is Plugin<C> => p !== false);
}

/** The island script and the stylesheet every page links to, bundled and content-hashed (bundle/). */
function clientBundle<C>(site: SiteDefinition<C>): Plugin<C> {
  const make = () => bundleAssets({ islands: site.islands?.module, styles: site.styles });
  // Begun with the build (it needs no content), so esbuild bundles while content loads; a dev rebuild asks when it needs it.
  let begun: Promise<Bundle> | undefined;
  return {
    name: 'client-bundle',
    begin: () => {
      begun = make();
      begun.catch(() => {}); // a build that fails first never asks; one that asks gets the error there
    },
    assets: () => {
      const bundle = begun ?? make();
      begun = undefined;
      return bundle;
    },
  };
}

/** The site's generated files per locale (a web app manifest), under each locale's root. */
function localeFiles<C>(site: SiteDefinition<C>): Plugin<C> {
  return {
    name: 'locale-files',
    files(c) {
      const files: Record<string, string> = {};
      for (const locale of c.locales) {
        const made = callHook('localeFiles()', `locale ${locale}`, () => site.localeFiles?.(c.content, locale, c.urls.localeUrl(locale, '/')) ?? {});
        for (const [name, data] of Object.entries(made)) files[c.urls.localeUrl(locale, `/${name}`).slice(1)] = data;
      }
      return files;
    },
  };
}

/** The site's placeholder rules: values that must not ship, warnings (errors with --strict). */
function placeholders<C>(site: SiteDefinition<C>): Plugin<C> {
  return { name: 'placeholders', warnings: (content, c) => callHook('placeholders()', undefined, () => site.placeholders?.(content, { contentDir: c.contentDir, baseUrl: c.baseUrl }) ?? []) };
}

/** The site's page-weight budgets (brotli bytes): every page is weighed when the site has them. */
function budgets<C>(site: SiteDefinition<C>): Plugin<C> | false {
  if (!site.budgets) return false;
  return {
    name: 'budgets',
    weighsPages: true,
    check(c) {
      const limits = callHook('budgets()', undefined, () => site.budgets!(c.content));
      const over = overBudget({ pages: [...c.pages], css: c.css, js: c.js }, limits, c.pages.filter((p) => p.islands.length).length);
      return over.length ? [new Problem('budget/exceeded', { part: 'page-weight budgets' }, 'are exceeded', over.map((message) => ({ path: '', message })))] : [];
    },
  };
}

const policies = new WeakMap<object, HeadersPolicy | undefined>();

/** The site's header policy for this content, worked out once a build: the headers plugin and the 404 pages' CSP read it. */
export function headersPolicyOf<C>(site: SiteDefinition<C>, content: C): HeadersPolicy | undefined {
  const option = site.output?.headers;
  if (option === false) return undefined;
  if (typeof option !== 'function') return option ?? {};
  const key = content as object;
  if (!policies.has(key)) policies.set(key, callHook('output.headers()', undefined, () => option(content)));
  return policies.get(key);
}

/** _headers: the security and cache headers, the rules other plugins give, and a policy per area (the editor's). */
function headers<C>(site: SiteDefinition<C>): Plugin<C> {
  return {
    name: 'headers',
    files(c) {
      const policy = headersPolicyOf(site, c.content);
      // Every top-level folder of the output, for a policy per area (see headerRules).
      const topDirs = [...c.routes.map((r) => r.file), ...c.staticFiles, ...c.files.keys()].filter((path) => path.includes('/')).map((path) => path.slice(0, path.indexOf('/')));
      return { _headers: formatHeadersFile([...headerRules(policy, { topDirs, areas: c.areas }), ...c.headerRules]) };
    },
  };
}
