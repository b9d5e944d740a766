// Feeds of a list, per locale: RSS 2.0 (feed.xml), Atom (atom.xml) and JSON Feed (feed.json) under
// each locale's root, with absolute URLs, made by the `feed` package (a well-kept one: escaping and
// the three formats' rules are its business). The package is loaded only by a site that has a feed.
import { createRequire } from 'node:module';
import { absoluteUrl } from '../routes/urls.ts';
import type { Plugin } from '../site/plugin.ts';

export interface FeedItem {
  /** The item's page, as a path in the feed's locale ("/blog/pan-cubano"). */
  path: string;
  title: string;
  /** The day it was published, YYYY-MM-DD (or a Date). */
  date: string | Date;
  summary?: string;
  /** The whole text as HTML. */
  html?: string;
}

export interface FeedOptions<C> {
  /** The page the feed follows, as the default locale shows it ("/blog"). */
  path: string;
  title(content: C, locale: string): string;
  description?(content: C, locale: string): string;
  /** A locale's items, in any order (newest first in the feed). */
  items(content: C, locale: string): readonly FeedItem[];
  /** At most this many items, newest first (default 20). */
  limit?: number;
}

export const FEED_FILES = { rss: 'feed.xml', atom: 'atom.xml', json: 'feed.json' } as const;

/** A content day as the moment the feed states: noon UTC, the same calendar day from UTC-11 to UTC+11. */
const momentOf = (date: string | Date) => (typeof date === 'string' ? new Date(`${date}T12:00:00Z`) : date);

export function feeds<C>(options: FeedOptions<C>): Plugin<C> {
  return {
    name: `feeds:${options.path}`,
    files(context) {
      const { Feed } = createRequire(import.meta.url)('feed') as typeof import('feed');
      const files: Record<string, string> = {};
      for (const locale of context.locales) {
        const abs = (path: string) => absoluteUrl(context.baseUrl, context.urls.localeUrl(locale, path));
        const items = [...options.items(context.content, locale)].sort((a, b) => momentOf(b.date).getTime() - momentOf(a.date).getTime()).slice(0, options.limit ?? 20);
        const title = options.title(context.content, locale);
        const feed = new Feed({
          title,
          description: options.description?.(context.content, locale),
          id: abs(options.path),
          link: abs(options.path),
          language: context.site.locales[locale]?.intl ?? locale,
          updated: items.length ? momentOf(items[0]!.date) : context.now,
          copyright: `© ${context.now.getUTCFullYear()} ${title}`,
          generator: 'sitewright',
          feedLinks: { rss: abs(`/${FEED_FILES.rss}`), atom: abs(`/${FEED_FILES.atom}`), json: abs(`/${FEED_FILES.json}`) },
        });
        for (const item of items) feed.addItem({ title: item.title, id: abs(item.path), link: abs(item.path), date: momentOf(item.date), description: item.summary, content: item.html });
        const at = (file: string) => context.urls.localeUrl(locale, `/${file}`).slice(1);
        files[at(FEED_FILES.rss)] = feed.rss2();
        files[at(FEED_FILES.atom)] = feed.atom1();
        files[at(FEED_FILES.json)] = feed.json1();
      }
      return files;
    },
  };
}
