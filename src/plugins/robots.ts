// robots.txt: every crawler welcome, pointed at the sitemap when there is one.
import { absoluteUrl } from '../routes/urls.ts';

export function robots(baseUrl: string, withSitemap: boolean): string {
  return `User-agent: *\nAllow: /\n${withSitemap ? `\nSitemap: ${absoluteUrl(baseUrl, '/sitemap.xml')}\n` : ''}`;
}
