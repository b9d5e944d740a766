// A date never breaks a build (an expiryDate passes on a day nobody edits): a link to an expiring entry is a warning
// while it is up, and once it is down is shown as its words alone, with a warning; a link to an entry not yet published
// (its publishDate ahead) is its words alone until that day. Worked out once, as the content loads.
import { fillPath, paramsOf } from '../routes/routes.ts';
import type { LocaleUrls } from '../routes/urls.ts';
import type { SiteDefinition, Warning } from '../site/definition.ts';
import type { EngineContent } from '../site/page-data.ts';
import type { LifecycleRecord } from './lifecycle.ts';
import type { ContentLinks } from './load-content.ts';

export interface DatedUrls {
  /** Each expiring entry's expiryDate, by its URL. */
  expiring: Map<string, string>;
  /** Each entry's publishDate, by its URL. */
  scheduled: Map<string, string>;
}

/**
 * The URLs of entries with dates, in their own locale and in each locale that shows them untranslated (`fallback`), from
 * the content as published today. A translation's own dates never take its address down where the original shows there.
 */
export function datedUrls(site: SiteDefinition, urls: LocaleUrls, lifecycle: ReadonlyMap<string, LifecycleRecord>, slugs: ReadonlyMap<string, string>, content: EngineContent): DatedUrls {
  const dated: DatedUrls = { expiring: new Map(), scheduled: new Map() };
  for (const [key, record] of lifecycle) {
    if (record.draft || !(record.expiryDate || record.publishDate)) continue;
    const [locale, collection, id] = key.split('/') as [string, string, string];
    if (locale !== site.defaultLocale && site.content.collections[collection]?.fallback) continue;
    // A locale without its own entry shows the default locale's under the entry's name.
    const shownIn = [{ locale, slug: slugs.get(key) ?? id }];
    if (locale === site.defaultLocale && site.content.collections[collection]?.fallback) {
      for (const other of Object.keys(site.locales)) {
        if (other !== locale && !Object.hasOwn((content.locales[other]?.[collection] ?? {}) as object, id)) shownIn.push({ locale: other, slug: id });
      }
    }
    for (const page of site.pages.filter((p) => p.collection === collection && !p.generated)) {
      const [param] = paramsOf(page.path);
      for (const { locale: at, slug } of shownIn) {
        const url = urls.localeUrl(at, fillPath(page.path, { [param!]: slug }));
        if (record.expiryDate) dated.expiring.set(url, record.expiryDate);
        if (record.publishDate) dated.scheduled.set(url, record.publishDate);
      }
    }
  }
  return dated;
}

/** A link to an entry taken down or not yet up is unlinked and not checked; to one still up, from a page that stays longer, a warning. */
export function takeDownLinks(content: EngineContent, links: ContentLinks, { expiring, scheduled }: DatedUrls, lifecycle: ReadonlyMap<string, LifecycleRecord>, today: string): { content: EngineContent; links: ContentLinks; warnings: Warning[] } {
  const gone = new Map<string, string>();
  for (const [url, from] of scheduled) if (from > today) gone.set(url, `published from ${from} (its publishDate): until then the link is shown as its words alone`);
  for (const [url, until] of expiring) if (until < today) gone.set(url, `taken down after ${until} (its expiryDate): the link is shown as its words alone; remove it, or point it at a page that stays`);
  const warnings: Warning[] = [];
  const down = gone.size ? withoutGone(content, links, gone, warnings) : { content, links };
  return { ...down, warnings: [...warnings, ...stillUp(down.links, expiring, lifecycle)] };
}

function withoutGone(content: EngineContent, links: ContentLinks, gone: ReadonlyMap<string, string>, warnings: Warning[]): { content: EngineContent; links: ContentLinks } {
  const kept = links.map(({ file, locale, links: found }) => ({
    file,
    locale,
    links: found.filter((link) => {
      const why = gone.get(link.href.split('#')[0]!);
      if (why && !link.image) warnings.push({ file: `${file}:${link.line}`, message: `links to "${link.href}", ${why}` });
      return !why;
    }),
  }));
  const unlink = (html: string) => html.replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (whole, href: string, words: string) => (gone.has(href.split('#')[0]!) ? words : whole));
  const locales = Object.fromEntries(Object.entries(content.locales).map(([locale, text]) => [locale, Object.fromEntries(Object.entries(text).map(([name, value]) => [name, withoutLinks(value, unlink)]))]));
  return { content: { ...content, locales } as EngineContent, links: kept };
}

function stillUp(links: ContentLinks, expiring: ReadonlyMap<string, string>, lifecycle: ReadonlyMap<string, LifecycleRecord>): Warning[] {
  if (!expiring.size) return [];
  const stays = new Map([...lifecycle.values()].map((r) => [r.file, r.expiryDate]));
  const warnings: Warning[] = [];
  for (const { file, links: found } of links) {
    const own = stays.get(file);
    for (const link of found) {
      const until = expiring.get(link.href.split('#')[0]!);
      if (!until || (own && own <= until)) continue;
      warnings.push({ file: `${file}:${link.line}`, message: `links to "${link.href}", which is published until ${until} (its expiryDate), and this page ${own ? `until ${own}` : 'stays'}: after that day the link is shown as its words alone. Link to it from pages that expire with it, or give it a later expiryDate` });
    }
  }
  return warnings;
}

/** Each Markdown body's HTML passed through unlink; other values as they are. */
function withoutLinks(value: unknown, unlink: (html: string) => string): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.some(([, entry]) => entry && typeof entry === 'object' && typeof (entry as { html?: unknown }).html === 'string')) return value;
  return Object.fromEntries(entries.map(([id, entry]) => {
    const html = (entry as { html?: unknown } | null)?.html;
    if (typeof html !== 'string') return [id, entry];
    const after = unlink(html);
    return [id, after === html ? entry : { ...(entry as object), html: after }];
  }));
}
