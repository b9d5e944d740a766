// Pagination of any list per locale: page 1 at the list's path, page N at "<path>/page/N", with rel="prev"/"next" links.
// No placeholder files: the number of pages follows the items.
import { BuildFailure, Problem } from '../problems/problem.ts';
import type { Plugin } from '../site/plugin.ts';

export interface PaginateOptions<C> {
  /** The registry page that shows a page of the list (in `pages`, with `generated: true`). */
  page: string;
  /** The list's path as the default locale shows it ("/blog"), or one per locale ({ en: '/blog', es: '/entradas' }). */
  path: string | Readonly<Record<string, string>>;
  /** The word before a page's number ("page": /blog/page/2), or one per locale ({ es: 'pagina' }: /es/blog/pagina/2). */
  segment?: string | Readonly<Record<string, string>>;
  /** A locale's items in the order they are listed (ids, or other plain data: it goes to the template). */
  items(content: C, locale: string): readonly unknown[];
  /** Items per page. */
  size: number;
}

/** What a page of the list receives as `data`. */
export interface PageOfList<T = unknown> {
  items: T[];
  /** 1-based. */
  page: number;
  pages: number;
  /** URLs in the page's locale, when there is a page before or after. */
  previous?: string;
  next?: string;
}

export const pagePath = (path: string, n: number, segment = 'page') => (n === 1 ? path : `${path === '/' ? '' : path}/${segment}/${n}`);

/** A setting given once or per locale, in a locale: its own, else the default locale's, else the first given. */
export function inLocale<T>(value: T | Readonly<Record<string, T>>, locale: string, defaultLocale: string, fallback?: T): T {
  if (typeof value !== 'object' || value === null) return value as T;
  const map = value as Readonly<Record<string, T>>;
  return map[locale] ?? map[defaultLocale] ?? fallback ?? Object.values(map)[0]!;
}

/** A per-locale setting whose keys name a locale the site lacks (copied from another site): refused, not ignored. */
export function checkLocaleKeys(plugin: string, settings: Record<string, unknown>, locales: readonly string[]): void {
  const problems = Object.entries(settings).flatMap(([name, value]) => {
    const unknown = value && typeof value === 'object' ? Object.keys(value).filter((key) => !locales.includes(key)) : [];
    return unknown.length ? [new Problem('site/definition', { part: `the ${plugin} plugin` }, `gives ${name} for a locale the site does not have`, [{ path: name, message: `${unknown.map((key) => `"${key}"`).join(', ')}: the site's locales are ${locales.join(', ')}` }])] : [];
  });
  if (problems.length) throw new BuildFailure(problems);
}

export function paginate<C>(options: PaginateOptions<C>): Plugin<C> {
  if (!Number.isInteger(options.size) || options.size < 1) throw new Error(`paginate: size must be a whole number of items, at least 1 (got ${options.size})`);
  return {
    name: `paginate:${options.page}`,
    routes(content, context) {
      checkLocaleKeys(`paginate (${options.page})`, { path: options.path, segment: options.segment }, context.locales);
      return context.locales.flatMap((locale) => {
        const items = [...options.items(content, locale)];
        const pages = Math.max(1, Math.ceil(items.length / options.size));
        const path = (n: number) => pagePath(inLocale(options.path, locale, context.defaultLocale), n, inLocale(options.segment ?? 'page', locale, context.defaultLocale, 'page'));
        const url = (n: number) => context.urls.localeUrl(locale, path(n));
        return Array.from({ length: pages }, (_, i) => {
          const data: PageOfList = { items: items.slice(i * options.size, (i + 1) * options.size), page: i + 1, pages };
          if (i > 0) data.previous = url(i);
          if (i + 1 < pages) data.next = url(i + 2);
          return { page: options.page, locale, path: path(i + 1), key: String(i + 1), data: data as unknown as Record<string, unknown> };
        });
      });
    },
    pageRendered(html, route) {
      if (route.page !== options.page || !route.data) return undefined;
      const { previous, next } = route.data as Partial<PageOfList>;
      const links = `${previous ? `<link rel="prev" href="${previous}"/>` : ''}${next ? `<link rel="next" href="${next}"/>` : ''}`;
      return links ? html.replace('</head>', `${links}</head>`) : undefined;
    },
  };
}
