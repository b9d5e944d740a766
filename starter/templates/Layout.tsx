// Around every page: a skip link, the header with the site's name, its pages and the other
// languages, and the footer.
import type { ReactNode } from 'react';
import { usePage } from 'sitewright';
import type { Content } from './schema.ts';

export function Layout({ children }: { children: ReactNode }) {
  const { content, text, locale, locales, route, href, alternate, dir, dirOf, year } = usePage<Content>();
  return (
    <>
      <a className="skip" href="#main">{text.ui.skipToContent}</a>
      <header className="header">
        <a className="brand" href={href('/')}>{content.site.name}</a>
        <nav aria-label={text.ui.home.pagesTitle}>
          {Object.entries(text.articles).map(([slug, page]) => (
            <a key={slug} href={href(`/${slug}`)} aria-current={route.path === `/${slug}` ? 'page' : undefined}>{page.front.title}</a>
          ))}
          <a href={href('/blog')} aria-current={route.path === '/blog' ? 'page' : undefined}>{text.ui.blog.title}</a>
          {locales.filter((other) => other !== locale).map((other) => (
            // This page in the other language, or its home when the page is in this language only.
            <a key={other} href={(!route.notFound && alternate(other)) || href('/', other)} hrefLang={other} lang={other} dir={dirOf(other) === dir ? undefined : dirOf(other)}>{content.locales[other]!.ui.languageName}</a>
          ))}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>{children}</main>
      <footer className="footer">© {year} {content.site.name}</footer>
    </>
  );
}

/** What the site adds to every page's <head> (the engine writes the title, description, links and assets). */
export function Head() {
  const { href, text } = usePage<Content>();
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="alternate" type="application/rss+xml" title={text.ui.blog.feed} href={href('/feed.xml')} />
    </>
  );
}
