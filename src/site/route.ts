// One page in one locale, as the route table plans it: part of the engine's contract with templates.

export interface Route {
  /** The registry id of the page ("about", "service"). */
  page: string;
  /** Values of the path's [params]: { slug: "hello" }. */
  params: Record<string, string>;
  /** The path, the same in every locale: "/notes/hello". */
  path: string;
  locale: string;
  /** The public URL: "/<locale>/notes/hello" (no prefix in the default locale). */
  url: string;
  /** The output file, relative to the output folder: "<locale>/notes/hello.html". */
  file: string;
  /** Left out of the sitemap and marked noindex, nofollow. */
  noindex: boolean;
  /** The locale's 404 page. */
  notFound: boolean;
  /** What the plugin that planned the page gave its template (generated pages only). */
  data?: Record<string, unknown>;
  /** The page's path in each locale that has it, when not `path` in every locale (a slug per locale, or some locales only). */
  alternates?: Record<string, string>;
  /** A plugin page's own title and description (its PluginRoute's meta). */
  meta?: { title: string; description: string };
  /** The locale whose entry this collection page shows, not yet translated (the collection's `fallback`). */
  fallback?: string;
}

/** A page's path in a locale, or undefined when the page is not in that locale. */
export function pathIn(route: Pick<Route, 'path' | 'alternates'>, locale: string): string | undefined {
  return route.alternates ? route.alternates[locale] : route.path;
}

/** The URLs of a site's locales: the default at the root, the others under /<code>/. */
export interface LocaleUrls {
  /** The public URL of a path ("/about") in a locale: "/es/about". */
  localeUrl(locale: string, path: string): string;
  /** The locale a request path belongs to: "/<code>" or "/<code>/..." is that locale, anything else the default. */
  localeOfPath(urlPath: string): string;
  /** A link to a path in a locale, keeping any "#fragment". */
  href(locale: string, path: string): string;
  /** The path a locale's URL shows ("/<code>/about#x" → "/about#x"): the same page in every locale. */
  pathOf(url: string): string;
}
