// The 404 page of a locale: the spec's heading, text and way home, then the main tasks (book, find
// a clinic, call). The bad path is logged to the console by the client script.
import { usePage } from '../context.ts';
import { CallLink } from '../components/Contact.tsx';

export function NotFound() {
  const { text, href } = usePage();
  const page = text.pages['not-found'];
  return (
    <div className="not-found container">
      {/* One heading: the code, and under it the message, read together ("404, Page not found"). */}
      <h1>
        <span className="not-found__code">{page.heading}</span>
        <span className="not-found__text">{page.text}</span>
      </h1>
      <a className="btn btn--primary btn--large" href={href('/')}>{page.link}</a>
      <ul className="not-found__tasks">
        <li><a className="btn btn--accent" href={href('/contact#appointment')}>{text.ui.actions.bookAppointment}</a></li>
        <li><a className="btn btn--outline" href={href('/locations')}>{text.pages.locations.navLabel}</a></li>
        <li><CallLink className="btn btn--outline" /></li>
      </ul>
    </div>
  );
}
