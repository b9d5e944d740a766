// RSS, Atom and JSON Feed of a list per locale, made by the `feed` package (escaping and format rules are its business),
// loaded only by a site that has a feed.
import { createRequire } from 'node:module';
import { absoluteUrl, canonicalPath } from '../routes/urls.ts';
import { escapeMarkup } from '../security/escape.ts';
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
      // RSS and Atom state titles and summaries as HTML, so text goes in escaped (never read as markup); JSON Feed's are text.
      // A page showing another locale's entry untranslated (a collection's fallback) is not in this locale's feed.
      const fallbacks = new Set(context.routes.filter((r) => r.fallback).map((r) => r.url));
      const feedOf = (locale: string, asHtml: (text: string) => string) => {
        // Spelt as the routes are ("/blog/caf%C3%A9"): an entry's path is written as its file is named.
        const url = (path: string) => canonicalPath(context.urls.localeUrl(locale, path));
        const abs = (path: string) => absoluteUrl(context.baseUrl, url(path));
        const items = [...options.items(context.content, locale)].filter((item) => !fallbacks.has(url(item.path))).sort((a, b) => momentOf(b.date).getTime() - momentOf(a.date).getTime()).slice(0, options.limit ?? 20);
        const title = options.title(context.content, locale);
        const description = options.description?.(context.content, locale);
        const feed = new Feed({
          // The feed's own title, description and rights the package writes as escaped text itself.
          title,
          description,
          id: abs(options.path),
          link: abs(options.path),
          language: context.site.locales[locale]?.intl ?? locale,
          updated: items.length ? momentOf(items[0]!.date) : context.now,
          copyright: `© ${context.now.getUTCFullYear()} ${title}`,
          generator: 'sitewright',
          feedLinks: { rss: abs(`/${FEED_FILES.rss}`), atom: abs(`/${FEED_FILES.atom}`), json: abs(`/${FEED_FILES.json}`) },
        });
        // A feed is read away from the site: its links and images need the site's origin.
        const origin = context.baseUrl.replace(/\/+$/, '');
        // Every "]]>" becomes "]]&gt;" (the same HTML): xml-js ends only the first in a CDATA body, so none can close its section.
        const content = (html: string | undefined) => html?.replaceAll(']]>', ']]&gt;').replace(/(\s(?:src|href|poster)=")\/(?!\/)/g, `$1${origin}/`).replace(/(\ssrcset=")([^"]*)"/g, (_, start: string, list: string) => `${start}${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${origin}/`)}"`);
        for (const item of items) feed.addItem({ title: asHtml(item.title), id: abs(item.path), link: abs(item.path), date: momentOf(item.date), description: item.summary === undefined ? undefined : asHtml(item.summary), content: content(item.html) });
        return feed;
      };
      for (const locale of context.locales) {
        const at = (file: string) => context.urls.localeUrl(locale, `/${file}`).slice(1);
        const html = feedOf(locale, escapeMarkup);
        files[at(FEED_FILES.rss)] = html.rss2();
        files[at(FEED_FILES.atom)] = html.atom1();
        files[at(FEED_FILES.json)] = feedOf(locale, (text) => text).json1();
      }
      return files;
    },
  };
}
