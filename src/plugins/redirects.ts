// _redirects (Netlify): each locale's paths get its 404 page, everything else the default locale's,
// with status 404.
import type { PluginContext } from '../site/plugin.ts';

type SiteShape = Pick<PluginContext, 'locales' | 'defaultLocale' | 'urls' | 'baseUrl'>;

export function redirectsFile(shape: Pick<SiteShape, 'locales' | 'defaultLocale'>): string {
  const others = shape.locales.filter((l) => l !== shape.defaultLocale).map((l) => `/${l}/*  /${l}/404.html  404`);
  return `${others.join('\n')}\n/*  /404.html  404\n`;
}
