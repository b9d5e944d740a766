// A date never breaks a build. An entry's expiryDate takes it down by itself on a day nobody edits
// anything (the daily rebuild): a link written to it elsewhere is a warning while it is up, naming the
// day, and once it is down the link is shown as its words alone (a warning says so), not a failure.
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
 * Links written in content to entries whose expiryDate has passed: taken out of the entries' HTML (the
 * link's words stay) and out of the links the build checks, each named in a warning.
 */
export function takeDownLinks(content: EngineContent, links: ContentLinks, expiring: ReadonlyMap<string, string>, today: string): { content: EngineContent; links: ContentLinks; warnings: Warning[] } {
  const gone = new Map([...expiring].filter(([, until]) => until < today));
  if (!gone.size) return { content, links, warnings: [] };
  const warnings: Warning[] = [];
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
  return { content: { ...content, locales } as EngineContent, links: kept, warnings };
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
