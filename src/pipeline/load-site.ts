// Loads a site definition module and checks the definition itself; each mistake is a build error naming the entry.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BuildFailure, Problem } from '../problems/problem.ts';
import { shown as shownPath } from '../problems/shown.ts';
import { ENCODINGS } from '../output/write-files.ts';
import { withPluginConfig } from '../plugins/run.ts';
import { paramsOf } from '../routes/routes.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { HOSTS, isHost } from '../site/hosts.ts';
import { compileSiteCode } from '../loader/site-code.ts';

const loaded = new Map<string, Promise<SiteDefinition>>();

/** A path or file URL; cached per module. */
export function loadSite(module: string): Promise<SiteDefinition> {
  const url = module.startsWith('file:') ? module : pathToFileURL(module).href;
  let site = loaded.get(url);
  if (!site && !existsSync(new URL(url))) {
    const problem = new Problem('site/definition', { part: fileURLToPath(url) }, 'does not exist', [{ path: '', message: 'a site needs a definition module: pass --site FILE, or run from the project' }]);
    return Promise.reject(new BuildFailure([problem]));
  }
  if (!site) {
    site = compileSiteCode(fileURLToPath(url)).then(() => import(url)).then((m: { default?: SiteDefinition }) => {
      if (!m.default) throw new BuildFailure([new Problem('site/definition', { part: url }, 'has no default export', [{ path: '', message: 'export default defineSite({ ... })' }])]);
      // Plugins extend the definition first, in every thread that loads it.
      const site = withPluginConfig(m.default);
      const problems = checkDefinition(site, shownPath(fileURLToPath(url)));
      if (problems.length) throw new BuildFailure(problems);
      return site;
    });
    loaded.set(url, site);
  }
  return site;
}

export function checkDefinition(site: SiteDefinition, where: string): Problem[] {
  const problems: Problem[] = [];
  const at = (id: string, message: string) => problems.push(new Problem('site/definition', { part: `${where}: page "${id}"` }, 'is not a usable registry entry', [{ path: '', message }]));
  const locales = Object.keys(site.locales);
  if (!locales.includes(site.defaultLocale)) {
    problems.push(new Problem('site/definition', { part: where }, 'has a default locale that is not one of its locales', [{ path: 'defaultLocale', message: `"${site.defaultLocale}"; locales are ${locales.join(', ')}` }]));
  }
  for (const [code, locale] of Object.entries(site.locales)) {
    let tag = false;
    try {
      tag = typeof locale?.intl === 'string' && Intl.getCanonicalLocales(locale.intl).length === 1;
    } catch {
      // not a language tag ("fr_FR"): said below
    }
    if (!tag) problems.push(new Problem('site/definition', { part: where }, 'has a locale whose Intl tag is not a language tag', [{ path: `locales.${code}.intl`, message: `${JSON.stringify(locale?.intl) ?? 'missing'}; write a language tag such as "fr-FR" or "es-US" (a dash, not "_")` }]));
  }
  if (site.timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: site.timeZone });
    } catch {
      problems.push(new Problem('site/definition', { part: where }, 'names a time zone this Node does not know', [{ path: 'timeZone', message: `"${site.timeZone}"; use an IANA name such as "America/New_York"` }]));
    }
  }
  // content.<locale>.pages holds the registry pages' own content: a collection of that name would replace it.
  if ('pages' in site.content.collections && site.pages.some((p) => p.schema)) {
    problems.push(new Problem('site/definition', { part: where }, 'has a collection named "pages" and pages with content of their own', [{ path: 'content.collections.pages', message: `content.<locale>.pages holds the content of the registry's pages (${site.pages.filter((p) => p.schema).map((p) => p.id).join(', ')}), so a collection of that name would replace it: name the collection after what it holds, such as "articles" (its folder may stay "pages")` }]));
  }
  const seen = new Set<string>();
  for (const page of site.pages) {
    if (seen.has(page.id)) at(page.id, 'another page has the same id');
    seen.add(page.id);
    if (typeof page.template !== 'function') at(page.id, `has no template (template: ${String(page.template)})`);
    const params = paramsOf(page.path);
    if (page.collection && !(page.collection in site.content.collections)) at(page.id, `names collection "${page.collection}", which the content model does not have`);
    if (page.collection && params.length !== 1) at(page.id, `a collection page needs one [param] in its path, found "${page.path}"`);
    if (!page.collection && !page.generated && params.length) at(page.id, `its path "${page.path}" has a [param] but no collection gives its values`);
    if (!page.path.startsWith('/')) at(page.id, `its path "${page.path}" must start with "/"`);
  }
  if (site.output?.host !== undefined && !isHost(site.output.host)) problems.push(new Problem('site/definition', { part: where }, 'names a host the engine does not know', [{ path: 'output.host', message: `"${String(site.output.host)}"; the hosts are ${HOSTS.map((h) => `"${h}"`).join(', ')}` }]));
  const unknown = (site.output?.precompress ?? []).filter((e) => !ENCODINGS.includes(e));
  if (unknown.length) problems.push(new Problem('site/definition', { part: where }, 'names an encoding the engine cannot precompress', [{ path: 'output.precompress', message: `${unknown.map((e) => `"${String(e)}"`).join(', ')}; the encodings are ${ENCODINGS.map((e) => `"${e}"`).join(' and ')}` }]));
  if (site.pages.filter((p) => p.notFound).length > 1) problems.push(new Problem('site/definition', { part: where }, 'has more than one "not found" page', []));
  return problems;
}
