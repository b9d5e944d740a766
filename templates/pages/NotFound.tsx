// The 404 page of a locale. The bad path is logged to the console by the client script.
import { usePage } from '../context.ts';

export function NotFound() {
  const { text, href } = usePage();
  const page = text.pages['not-found'];
  return (
    <div className="not-found container">
      <h1 className="not-found__code">{page.heading}</h1>
      <p className="not-found__text">{page.text}</p>
      <a className="btn btn--primary btn--large" href={href('/')}>{page.link}</a>
    </div>
  );
}
