// One page in one locale, as the route table plans it: part of the engine's contract with templates.

export interface Route {
  /** The registry id of the page ("about", "service"). */
  page: string;
  /** Values of the path's [params]: { slug: "vaccines" }. */
  params: Record<string, string>;
  /** The path, the same in every locale: "/services/vaccines". */
  path: string;
  locale: string;
  /** The public URL: "/es/services/vaccines". */
  url: string;
  /** The output file, relative to dist: "es/services/vaccines.html". */
  file: string;
  /** Left out of the sitemap and marked noindex, nofollow. */
  noindex: boolean;
  /** The locale's 404 page. */
  notFound: boolean;
}
