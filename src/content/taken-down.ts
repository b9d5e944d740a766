// A date never breaks a build (an expiryDate passes on a day nobody edits): a link to an expiring entry is a warning
// while it is up, and once it is down is shown as its words alone, with a warning. Worked out once, as the content loads.
import { fillPath, paramsOf } from '../routes/routes.ts';
import type { LocaleUrls } from '../routes/urls.ts';
import type { SiteDefinition, Warning } from '../site/definition.ts';
import type { EngineContent } from '../site/page-data.ts';
import type { LifecycleRecord } from './lifecycle.ts';
import type { ContentLinks } from './load-content.ts';

/** Each expiring entry's expiryDate, by its URL. */
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

/** A link to an entry taken down is unlinked and not checked; to one still up, from a page that stays longer, a warning. */
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
