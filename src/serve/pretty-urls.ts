// One URL per page, as hosts' pretty URLs ("/about/", "/about.html" → "/about", "/es" → "/es/"): only to a page that exists,
// only ever to a path of this site.
import type { ServedFiles } from './files.ts';

/** Where a path should move to, or undefined when it is already the page's one URL. */
export function canonicalPath(files: ServedFiles, pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return files.has(pathname) ? pathname.slice(0, -'index.html'.length) : undefined;
  if (pathname.endsWith('.html') && !pathname.endsWith('/404.html')) {
    const page = pathname.slice(0, -'.html'.length);
    return files.has(`${page}.html`) ? page : undefined;
  }
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const page = pathname.slice(0, -1);
    if (files.has(`${pathname}index.html`)) return undefined;
    return files.has(`${page}.html`) ? page : undefined;
  }
  if (pathname.length > 1 && !files.has(pathname) && !files.has(`${pathname}.html`) && files.has(`${pathname}/index.html`)) return `${pathname}/`;
  return undefined;
}

/** One leading slash (a browser reads "//host" or "/\host" as another site), each segment percent-encoded, the query kept. */
export function sameSiteLocation(path: string, query: string): string {
  const encoded = path.replace(/\/+/g, '/').split('/').map(encodeURIComponent).join('/');
  return `/${encoded.replace(/^\/+/, '')}${query}`;
}
