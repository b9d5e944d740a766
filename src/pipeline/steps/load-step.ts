// The load step: the content (load-content.ts), the base URL, the context later hooks see, the plugins' contentLoaded hooks.
import { dirname, join, resolve } from 'node:path';
import { cacheRoot, sha256 } from '../../files/cache.ts';
import { forgetOthers, loadData } from '../../content/data.ts';
import { inEditorWords } from '../../content/field-words.ts';
import type { MarkedExtension } from 'marked';
import type { Plugin } from '../../site/plugin.ts';
import type { BuildRun } from '../run.ts';
import type { SiteDefinition } from '../../site/definition.ts';
import { callPlugin } from '../../plugins/run.ts';
import { BuildFailure, Problem } from '../../problems/problem.ts';
import { inert } from '../../problems/inert.ts';
import { originOf } from '../../routes/urls.ts';
import { shown } from '../../problems/shown.ts';
import { callHook } from '../../site/hooks.ts';
import type { EngineContent } from '../../site/page-data.ts';
import { contentCacheFor } from '../../content/content-cache.ts';
import { buildMoment, dayIn, publishedAhead, publishedOnly, type HeldBack } from '../../content/lifecycle.ts';
import { loadContent, type LoadedContent } from '../../content/load-content.ts';
import { datedUrls, takeDownLinks } from '../../content/taken-down.ts';
import { blockedImages, strictCsp, withChanges } from '../../security/csp.ts';
import { headersPolicyOf } from '../../plugins/defaults.ts';
import { withFallbacks } from '../../content/fallback.ts';
import type { FileToParse, SharedParse } from '../../content/parse-share.ts';

/** Kept per list of plugins, so the parser made for it is reused. */
const extensionLists = new WeakMap<readonly Plugin[], MarkedExtension[]>();
function markdownOf(plugins: readonly Plugin[]): MarkedExtension[] {
  let list = extensionLists.get(plugins);
  if (!list) extensionLists.set(plugins, (list = plugins.flatMap((p) => [...(p.markdown ?? [])])));
  return list;
}

export async function loadStep(run: BuildRun): Promise<LoadedContent & { held: HeldBack }> {
  const { site, options } = run;
  const now = buildMoment(options.now, site.timeZone ?? 'UTC'); // first: a --now that is no day fails before any work
  // dev keeps its parses in memory (reuse): the kept file read and rewritten on every save would cost more.
  for (const plugin of run.plugins.filter((p) => p.prepare)) await callPlugin(plugin, 'prepare', undefined, () => plugin.prepare!({ siteDir: dirname(run.siteFile), staticDir: run.dirs.static, staticFiles: run.staticSources }));
  const markdown = markdownOf(run.plugins);
  const kept = options.track ? undefined : contentCacheFor(run.dirs.content, dirname(run.siteFile));
  const keys = run.plugins.map((p) => p.cacheKey?.() ?? '').join('');
  const cache = kept && keys ? { ...kept, version: `${kept.version}-${keys}` } : kept;
  // The workers parse beside this thread, then load the templates.
  const pool = run.pool;
  const parseElsewhere = pool && { threads: pool.size, parse: (next: () => FileToParse[] | undefined, took: (parsed: SharedParse[]) => void) => pool.parse(next, took), finished: () => pool.loadSite() };
  const loaded = await loadContent<EngineContent>(site as SiteDefinition<EngineContent>, run.dirs.content, { track: options.track, reuse: options.track, cache, markdown, parseElsewhere });
  const given = options.baseUrl ?? callHook('baseUrl()', undefined, () => site.baseUrl(loaded.content));
  const origin = originOf(given);
  if ('why' in origin) throw new BuildFailure([new Problem('site/definition', { part: options.baseUrl === undefined ? "the site's baseUrl()" : 'the base URL (--base-url)' }, 'is not an address the site can be published at', [{ path: inert(String(given)), message: origin.why }])]);
  const baseUrl = origin.origin;
  const folders = { site: dirname(run.siteFile), content: run.dirs.content, static: run.dirs.static, out: run.dirs.out };
  run.context = { site, locales: run.locales, defaultLocale: site.defaultLocale, urls: run.urls, baseUrl, now, dev: !!options.track, contentDir: shown(run.dirs.content), folders };
  // As of the build's day in the site's time zone.
  const today = dayIn(run.context.now, site.timeZone ?? 'UTC');
  const published = publishedOnly(loaded.content, loaded.lifecycle, today, { drafts: options.drafts });
  const ahead = publishedAhead(published.content, loaded.lifecycle, today, site.defaultLocale, (locale, collection, id) => {
    const def = site.content.collections[collection]!;
    return `${run.context.contentDir}/${locale}/${def.folder}/${id}${def.ext}`;
  });
  const down = takeDownLinks(published.content, published.leftOut.size ? loaded.links.filter((l) => !published.leftOut.has(l.file)) : loaded.links, datedUrls(site as SiteDefinition, run.urls, loaded.lifecycle, loaded.slugs, published.content), loaded.lifecycle, today);
  const links = down.links;
  let content: EngineContent = withFallbacks(site as SiteDefinition, down.content);
  // Data sources run before any plugin sees the content, kept in a folder of the site's own: sites in one folder share the cache
  // root, and each removes the results it no longer keeps; any kept in the root itself go.
  const dataRoot = join(cacheRoot(dirname(run.siteFile)), 'data');
  const dataDir = join(dataRoot, sha256(resolve(run.siteFile)).slice(0, 16));
  forgetOthers(dataRoot);
  if (site.data && Object.keys(site.data).length) content = { ...content, data: await loadData(site.data, run.context.now, dataDir) };
  else forgetOthers(dataDir);
  const context = { ...run.context, files: loaded.sources };
  try {
    for (const plugin of run.plugins) {
      if (plugin.contentLoaded) content = (callPlugin(plugin, 'contentLoaded', undefined, () => plugin.contentLoaded!(content, context)) as EngineContent | undefined) ?? content;
    }
  } catch (error) {
    // A plugin's check names the entry and field as the editor does.
    throw error instanceof BuildFailure ? new BuildFailure(inEditorWords(error.problems, loaded.spoken, site.content.labels)) : error;
  }
  // Every body is dropped now, not held through the render; names and body lines stay for the link check's problems.
  const spoken = new Map([...loaded.spoken].map(([file, { name, bodyLine }]) => [file, { name, bodyLine }]));
  // An image from another site the pages' policy blocks: known once the policy is (it may depend on content).
  const policy = loaded.elsewhere.length ? headersPolicyOf(site as SiteDefinition<EngineContent>, content) : undefined;
  const blocked = policy ? blockedImages(loaded.elsewhere, withChanges(strictCsp(), policy.csp)) : [];
  return { ...loaded, content, links, sources: new Map(), spoken, held: published.held, warnings: [...loaded.warnings, ...down.warnings, ...ahead, ...blocked] };
}
