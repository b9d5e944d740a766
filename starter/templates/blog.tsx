// The blog: a list of posts five to a page (the paginate plugin plans its pages), a page per post,
// a page per tag and a page of every tag (the taxonomy plugin). Each template is given its data by
// the plugin that planned its pages.
import { Picture, taxonomy, usePage, type PageOfList, type TermList, type TermPage } from 'sitewright';
import { Article } from './Article.tsx';
import type { Content } from './schema.ts';

/** "Page {page} of {pages}" with its values. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** Posts newest first: what the list, the tag pages and the feed show. */
export function postsByDate(posts: Content['locales'][string]['posts']): string[] {
  return Object.keys(posts).sort((a, b) => posts[b]!.front.date.localeCompare(posts[a]!.front.date) || a.localeCompare(b));
}

/** A tag's name as an address: "Repostería" → "reposteria". */
const slugOf = (label: string) => label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * /blog/tags and /blog/tags/<tag> in English, /es/blog/etiquetas/<etiqueta> in Spanish: a page per tag
 * that has posts, named (and addressed) in each language by ui.yaml's tags. The site lists it among its
 * plugins; the templates ask it for a tag's address in their language.
 */
export const tags = taxonomy<Content>({
  page: 'tag', listPage: 'tags', path: { en: '/blog/tags', es: '/blog/etiquetas' },
  entries: (content, locale) => Object.fromEntries(postsByDate(content.locales[locale]!.posts).map((id) => [id, content.locales[locale]!.posts[id]])),
  terms: (post) => (post as { front: { tags: string[] } }).front.tags,
  label: (tag, locale, content) => content.locales[locale]!.ui.tags[tag] ?? tag,
  slug: (tag, locale, content) => slugOf(content.locales[locale]!.ui.tags[tag] ?? tag) || tag,
});

function PostList({ ids }: { ids: string[] }) {
  const { text, href, intl } = usePage<Content>();
  const day = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <ul className="posts">
      {ids.map((id) => {
        const post = text.posts[id]!.front;
        return (
          <li key={id}>
            <a href={href(`/blog/${text.posts[id]!.slug ?? id}`)}>{post.title}</a>
            <time dateTime={post.date}> · {day.format(new Date(`${post.date}T00:00:00Z`))}</time>
            <p>{post.description}</p>
          </li>
        );
      })}
    </ul>
  );
}

export function BlogList({ data }: { data: PageOfList<string> }) {
  const { text, href, locale, defaultLocale, intl } = usePage<Content>();
  // Numbers in the language's own digits, as its dates are ("١ من ٢" in Arabic).
  const number = new Intl.NumberFormat(intl);
  const pageOf = fill(text.ui.blog.pageOf, { page: number.format(data.page), pages: number.format(data.pages) });
  return (
    <>
      <h1>{text.ui.blog.title}</h1>
      <PostList ids={data.items} />
      <nav className="pager" aria-label={pageOf}>
        {data.previous && <a href={data.previous} rel="prev">{text.ui.blog.previous}</a>}
        <span>{pageOf}</span>
        {data.next && <a href={data.next} rel="next">{text.ui.blog.next}</a>}
      </nav>
      <p><a href={href(tags.listPathOf(locale, defaultLocale))}>{text.ui.blog.tagsTitle}</a> · <a href={href('/feed.xml')}>{text.ui.blog.feed}</a></p>
    </>
  );
}

export function Post({ slug }: { slug: string }) {
  const { text, href, intl, locale, content, defaultLocale } = usePage<Content>();
  const post = text.posts[slug]!;
  const day = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <Article>
      <h1>{post.front.title}</h1>
      <p className="meta">{text.ui.blog.published} <time dateTime={post.front.date}>{day.format(new Date(`${post.front.date}T00:00:00Z`))}</time></p>
      {post.front.cover && (post.front.cover.decorative ? <Picture src={post.front.cover.src} decorative sizes="(min-width: 44rem) 42rem, 100vw" main /> : <Picture src={post.front.cover.src} alt={post.front.cover.alt!} sizes="(min-width: 44rem) 42rem, 100vw" main />)}
      <div dangerouslySetInnerHTML={{ __html: post.html }} />
      {post.front.tags.length > 0 && (
        <p className="meta">{text.ui.blog.tagged}: {post.front.tags.map((tag, i) => <span key={tag}>{i ? ', ' : ''}<a href={href(tags.pathOf(tag, locale, content, defaultLocale))}>{text.ui.tags[tag] ?? tag}</a></span>)}</p>
      )}
    </Article>
  );
}

export function TagPage({ data }: { data: TermPage }) {
  const { text } = usePage<Content>();
  return (
    <>
      <h1>{fill(text.ui.blog.tagTitle, { tag: data.label })}</h1>
      <PostList ids={data.items} />
    </>
  );
}

export function TagList({ data }: { data: TermList }) {
  const { text } = usePage<Content>();
  return (
    <>
      <h1>{text.ui.blog.tagsTitle}</h1>
      <ul>{data.terms.map((t) => <li key={t.term}><a href={t.url}>{t.label}</a> ({t.count})</li>)}</ul>
    </>
  );
}
