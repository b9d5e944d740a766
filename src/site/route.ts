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
}
