// One URL per page, as Netlify's and Cloudflare's pretty URLs do: "/about/" and "/about.html" are
// permanent redirects to "/about", "/index.html" to "/", and "/es" to "/es/" (the locale homes keep their slash). Only
// to a page that exists, and only ever to a path of this site.
import type { ServedFiles } from './files.ts';

/** Where a request path should move to, or undefined when it is already the page's one URL. */
export function canonicalPath(files: ServedFiles, pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return files.has(pathname) ? pathname.slice(0, -'index.html'.length) : undefined;
  if (pathname.endsWith('.html') && !pathname.endsWith('/404.html')) {
    const page = pathname.slice(0, -'.html'.length);
    return files.has(`${page}.html`) ? page : undefined;
  }
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const page = pathname.slice(0, -1);
    // A folder with its own index (a locale home, "/es/") keeps its slash.
    if (files.has(`${pathname}index.html`)) return undefined;
    return files.has(`${page}.html`) ? page : undefined;
  }
  // A folder with an index asked for without its slash ("/es"): its URL has one.
  if (pathname.length > 1 && !files.has(pathname) && !files.has(`${pathname}.html`) && files.has(`${pathname}/index.html`)) return `${pathname}/`;
  return undefined;
}

/**
 * A Location header for a path of this site: one leading slash (never "//host" or "/\host", which a
 * browser reads as another site), each segment percent-encoded, the query kept.
 */
export function sameSiteLocation(path: string, query: string): string {
  const encoded = path.replace(/\/+/g, '/').split('/').map(encodeURIComponent).join('/');
  return `/${encoded.replace(/^\/+/, '')}${query}`;
}
