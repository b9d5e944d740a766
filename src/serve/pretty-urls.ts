// One URL per page, as Netlify's and Cloudflare's pretty URLs do: "/about/" and "/about.html" are
// permanent redirects to "/about", and "/index.html" to "/" (the locale homes keep their slash).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where a request path should move to, or undefined when it is already the page's one URL. */
export function canonicalPath(dir: string, pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html') && !pathname.endsWith('/404.html')) {
    const page = pathname.slice(0, -'.html'.length);
    return existsSync(join(dir, `${page}.html`)) ? page : undefined;
  }
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const page = pathname.slice(0, -1);
    // A folder with its own index (a locale home, "/es/") keeps its slash.
    if (existsSync(join(dir, pathname, 'index.html'))) return undefined;
    return existsSync(join(dir, `${page}.html`)) ? page : undefined;
  }
  return undefined;
}
