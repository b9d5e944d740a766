// The site definition: its languages, its content (which files exist, and what each must hold), its
// pages and how they look. A new page is one Markdown file per language in content/<locale>/pages/.
import { defineSite } from 'sitewright';
import { islands } from './templates/islands.ts';
import { Head, Layout } from './templates/Layout.tsx';
import { Home, NotFound, Page } from './templates/pages.tsx';
import { pageSchema, siteSchema, uiSchema, type Content } from './templates/schema.ts';

export default defineSite<Content>({
  locales: { en: { intl: 'en-US' }, es: { intl: 'es-US' } },
  defaultLocale: 'en',
  content: {
    shared: { site: { file: 'site.yaml', schema: siteSchema, title: 'the site settings do not match their schema' } },
    perLocale: { ui: { file: 'ui.yaml', schema: uiSchema, label: 'UI strings' } },
    // No list of ids: every Markdown file in content/<locale>/pages/ is a page.
    collections: { pages: { folder: 'pages', ext: '.md', schema: pageSchema, label: 'page' } },
  },
  pages: [
    { id: 'home', path: '/', template: Home },
    { id: 'page', path: '/[slug]', collection: 'pages', template: Page },
    { id: 'not-found', path: '/404', template: NotFound, notFound: true },
  ],
  layout: Layout,
  head: Head,
  meta: ({ route, text }) => {
    if (route.page === 'page') return text.pages[route.params.slug!]!.front;
    return route.notFound ? text.ui.notFound : text.ui.home;
  },
  documentTitle: (meta, { content }) => (meta.title === content.site.name ? meta.title : `${meta.title} | ${content.site.name}`),
  islands: { registry: islands, module: new URL('./templates/islands.ts', import.meta.url) },
  styles: new URL('./templates/styles.css', import.meta.url),
  sources: [new URL('./templates/', import.meta.url), new URL(import.meta.url)],
  baseUrl: (content) => content.site.baseUrl,
});
