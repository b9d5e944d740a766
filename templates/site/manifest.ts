// The web app manifest of each locale.
import type { SiteContent } from '../content-types.ts';

export function manifest(content: SiteContent, locale: string, startUrl: string): string {
  const { site } = content;
  return JSON.stringify({
    name: site.name,
    short_name: site.shortName,
    lang: locale,
    start_url: startUrl,
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: site.themeColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }, null, 2);
}
