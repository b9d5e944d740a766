// The site definition: its languages, its content (which files exist, and what each must hold), its
// pages and how they look. A new page is one Markdown file per language in content/<locale>/pages/.
import { defineSite, feeds, images, paginate } from 'sitewright';
import { BlogList, Post, postsByDate, TagList, tags, TagPage } from './templates/blog.tsx';
import { islands } from './templates/islands.ts';
import { Note, noteProps } from './templates/Note.tsx';
import { Head, Layout } from './templates/Layout.tsx';
import { Home, NotFound, Page } from './templates/pages.tsx';
import { pageSchema, postSchema, siteSchema, uiSchema, type Content } from './templates/schema.ts';

export default defineSite<Content>({
  locales: { en: { intl: 'en-US' }, es: { intl: 'es-US' } },
  defaultLocale: 'en',
  // Content dates (a post's publishDate and expiryDate) are days in this time zone.
  timeZone: 'UTC',
  content: {
    shared: { site: { file: 'site.yaml', schema: siteSchema, title: 'the site settings do not match their schema' } },
    perLocale: { ui: { file: 'ui.yaml', schema: uiSchema, label: 'UI strings' } },
    // No list of ids: every Markdown file in content/<locale>/pages/ is a page.
    collections: {
      // The Markdown pages (content/<locale>/pages/*.md). Not named "pages": content.<locale>.pages holds the
      // content of the registry's pages, should the site add one with a content file of its own.
      articles: { folder: 'pages', ext: '.md', schema: pageSchema, label: 'page' },
      // Blog posts: one Markdown file per post and language in content/<locale>/posts/.
      // localizedSlugs: a post may give its address per language (slug: pan-cubano); partial: a post may be in one language only.
      posts: { folder: 'posts', ext: '.md', schema: postSchema, label: 'post', localizedSlugs: true, partial: true },
    },
  },
  pages: [
    { id: 'home', path: '/', template: Home },
    { id: 'page', path: '/[slug]', collection: 'articles', template: Page },
    { id: 'post', path: '/blog/[slug]', collection: 'posts', template: Post },
    // Pages planned by the plugins below (generated: true), each given its data.
    { id: 'blog', path: '/blog', template: BlogList, generated: true },
    { id: 'tags', path: '/blog/tags', template: TagList, generated: true },
    { id: 'tag', path: '/blog/tags/[tag]', template: TagPage, generated: true },
    { id: 'not-found', path: '/404', template: NotFound, notFound: true },
  ],
  plugins: [
    // Photos in static/images/ become AVIF, WebP and JPEG at several widths (sharp), used by Markdown
    // images (![A loaf](/images/loaf.jpg)) and a post's cover; the originals are not published.
    images<Content>({ folders: ['images'], markdownSizes: '(min-width: 44rem) 42rem, 100vw' }),
    // /blog, /blog/page/2, … (/es/blog/pagina/2 in Spanish): five posts a page, newest first.
    paginate<Content>({ page: 'blog', path: '/blog', segment: { en: 'page', es: 'pagina' }, size: 5, items: (content, locale) => postsByDate(content.locales[locale]!.posts) }),
    // A page per tag, addressed in each language (templates/blog.tsx).
    tags,
    // /feed.xml, /atom.xml, /feed.json (and under /es/): the twenty newest posts.
    feeds<Content>({
      path: '/blog',
      title: (content, locale) => `${content.site.name}: ${content.locales[locale]!.ui.blog.title}`,
      description: (content, locale) => content.locales[locale]!.ui.blog.description,
      items: (content, locale) => Object.entries(content.locales[locale]!.posts).map(([id, post]) => ({ path: `/blog/${post.slug ?? id}`, title: post.front.title, date: post.front.date, summary: post.front.description, html: post.html })),
    }),
  ],
  // Components a post may show: `::note{text="…"}` on a line of its own.
  markdownComponents: { note: { component: Note, props: noteProps } },
  // An old address that now leads to the blog, in every language.
  redirects: [{ from: '/news', to: '/blog' }],
  layout: Layout,
  head: Head,
  meta: ({ route, text }) => {
    if (route.page === 'page') return text.articles[route.params.slug!]!.front;
    if (route.page === 'post') return text.posts[route.params.slug!]!.front;
    if (route.page === 'blog') return text.ui.blog;
    if (route.page === 'tags') return { title: text.ui.blog.tagsTitle, description: text.ui.blog.tagsDescription };
    if (route.page === 'tag') {
      const label = String((route.data as { label?: string } | undefined)?.label ?? '');
      return { title: text.ui.blog.tagTitle.replace('{tag}', label), description: text.ui.blog.description };
    }
    return route.notFound ? text.ui.notFound : text.ui.home;
  },
  documentTitle: (meta, { content }) => (meta.title === content.site.name ? meta.title : `${meta.title} | ${content.site.name}`),
  islands: { registry: islands, module: new URL('./templates/islands.ts', import.meta.url) },
  styles: new URL('./templates/styles.css', import.meta.url),
  sources: [new URL('./templates/', import.meta.url), new URL(import.meta.url)],
  baseUrl: (content) => content.site.baseUrl,
});
