// The site's part of every page's <head>: social cards, theme colour, icons and the locale's web app
// manifest. The engine writes the rest (title, description, canonical, hreflang, assets).
import type { PageMeta } from 'sitewright';
import { usePage } from '../context.ts';

/** "es-US" → "es_US", as Open Graph writes locales. */
const ogLocale = (intl: string) => intl.replace('-', '_');

export function SocialHead({ meta, title }: { meta: PageMeta; title: string }) {
  const page = usePage();
  const { site } = page.content;
  const image = page.absolute('/images/og-image.png');
  const others = page.locales.filter((l) => l !== page.locale);
  return (
    <>
      {/* Without JavaScript, the lines a script fills (open now) take no room (static/no-script.css). */}
      <noscript><link rel="stylesheet" href="/no-script.css" /></noscript>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={page.absolute(page.route.url)} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:locale" content={ogLocale(page.intl)} />
      {others.map((l) => <meta key={l} property="og:locale:alternate" content={ogLocale(page.intlOf(l))} />)}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      <meta name="theme-color" content={site.themeColor} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href={page.href('/manifest.webmanifest')} />
    </>
  );
}

