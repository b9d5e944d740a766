// The page templates: the home page, a Markdown page, and the page for addresses that do not exist.
import { island, usePage } from 'sitewright';
import { Article } from './Article.tsx';
import { Counter } from './Counter.tsx';
import type { Content } from './schema.ts';

// An island: rendered here, then made interactive in the browser. Pages without one ship no script.
const CounterIsland = island('Counter', Counter);

export function Home() {
  const { text, href } = usePage<Content>();
  return (
    <>
      <h1>{text.ui.home.title}</h1>
      <p>{text.ui.home.intro}</p>
      <h2>{text.ui.home.pagesTitle}</h2>
      <ul>
        {Object.entries(text.articles).map(([slug, page]) => (
          <li key={slug}><a href={href(`/${slug}`)}>{page.front.title}</a>: {page.front.description}</li>
        ))}
      </ul>
      <CounterIsland label={text.ui.counter} />
    </>
  );
}

export function Page({ slug }: { slug: string }) {
  const { text } = usePage<Content>();
  const page = text.articles[slug]!;
  return (
    <Article>
      <h1>{page.front.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </Article>
  );
}

export function NotFound() {
  const { text, href } = usePage<Content>();
  return (
    <>
      <h1>{text.ui.notFound.title}</h1>
      <p>{text.ui.notFound.text}</p>
      <a href={href('/')}>{text.ui.notFound.back}</a>
    </>
  );
}
