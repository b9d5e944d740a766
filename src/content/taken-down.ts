// A date never breaks a build. An entry's expiryDate takes it down by itself on a day nobody edits
// anything (the daily rebuild): a link written to it elsewhere is a warning while it is up, naming the
// day, and once it is down the link is shown as its words alone (a warning says so), not a failure.
// Both are worked out here, once, as the content loads.
import { fillPath, paramsOf } from '../routes/routes.ts';
import type { LocaleUrls } from '../routes/urls.ts';
import type { SiteDefinition, Warning } from '../site/definition.ts';
import type { EngineContent } from '../site/page-data.ts';
import type { LifecycleRecord } from './lifecycle.ts';
import type { ContentLinks } from './load-content.ts';

/** The URL of each entry with an expiryDate, and that day, by URL: where links to it lead. */
export function expiringUrls(site: SiteDefinition, urls: LocaleUrls, lifecycle: ReadonlyMap<string, LifecycleRecord>, slugs: ReadonlyMap<string, string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, record] of lifecycle) {
    if (!record.expiryDate || record.draft) continue;
    const [locale, collection, id] = key.split('/') as [string, string, string];
    for (const page of site.pages.filter((p) => p.collection === collection && !p.generated)) {
      const [param] = paramsOf(page.path);
      found.set(urls.localeUrl(locale, fillPath(page.path, { [param!]: slugs.get(key) ?? id })), record.expiryDate);
    }
  }
  return found;
}

/**
 * The content's links against the entries' expiryDates, as of today. To an entry taken down: out of the
 * entries' HTML (the link's words stay) and out of the links the build checks, each named in a warning.
 * To an entry still up, from a page that stays longer: a warning naming the day it goes.
 */
export function takeDownLinks(content: EngineContent, links: ContentLinks, expiring: ReadonlyMap<string, string>, lifecycle: ReadonlyMap<string, LifecycleRecord>, today: string): { content: EngineContent; links: ContentLinks; warnings: Warning[] } {
  const gone = new Map([...expiring].filter(([, until]) => until < today));
  const warnings: Warning[] = [];
  const down = gone.size ? withoutGone(content, links, gone, warnings) : { content, links };
  return { ...down, warnings: [...warnings, ...stillUp(down.links, expiring, lifecycle)] };
}

function withoutGone(content: EngineContent, links: ContentLinks, gone: ReadonlyMap<string, string>, warnings: Warning[]): { content: EngineContent; links: ContentLinks } {
  const kept = links.map(({ file, locale, links: found }) => ({
    file,
    locale,
    links: found.filter((link) => {
      const until = gone.get(link.href.split('#')[0]!);
      if (until && !link.image) warnings.push({ file: `${file}:${link.line}`, message: `links to "${link.href}", taken down after ${until} (its expiryDate): the link is shown as its words alone; remove it, or point it at a page that stays` });
      return !until;
    }),
  }));
  const unlink = (html: string) => html.replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (whole, href: string, words: string) => (gone.has(href.split('#')[0]!) ? words : whole));
  const locales = Object.fromEntries(Object.entries(content.locales).map(([locale, text]) => [locale, Object.fromEntries(Object.entries(text).map(([name, value]) => [name, withoutLinks(value, unlink)]))]));
  return { content: { ...content, locales } as EngineContent, links: kept };
}

/** A link to an entry that expires, from a page that stays longer: it will be taken down with it. */
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

/** A collection's entries (or any value) with each Markdown body's HTML passed through unlink; others as they are. */
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
