// Privacy, terms, accessibility and HIPAA: title, effective date, intro and titled sections.
import type { LegalId } from '../schema.ts';
import { usePage } from '../context.ts';
import { fill, formatDate } from '../lib/format.ts';
import { Address, CallLink, EmailLink, locationName } from '../components/Contact.tsx';
import { withHelpNumbersHtml } from '../lib/phones.ts';

export function Legal({ id }: { id: LegalId }) {
  const { content, text, intl } = usePage();
  const { front, html } = text.legal[id]!;
  return (
    <article className="legal">
      <div className="page-hero">
        <div className="container">
          <h1>{front.title}</h1>
          {front.subtitle && <p className="page-hero__eyebrow">{front.subtitle}</p>}
          <p className="legal__date">{fill(text.ui.legal.effective, { date: formatDate(intl, front.effective) })}</p>
        </div>
      </div>
      <div className="container container--narrow prose">
        <p className="legal__intro">{front.intro}</p>
        {front.commitment && (
          <section className="callout" aria-labelledby="commitment">
            <h2 id="commitment">{front.commitment.title}</h2>
            <p>{front.commitment.text}</p>
          </section>
        )}
        <div dangerouslySetInnerHTML={{ __html: withHelpNumbersHtml(html) }} />
        <h2>{text.ui.footer.contact}</h2>
        <p><CallLink icon={false} /> · <EmailLink /></p>
        {/* Every clinic: a notice that applies at all of them names all of them. */}
        <ul className="contact-list">
          {content.locations.map((location) => (
            <li key={location.id}>
              <strong>{locationName(text.ui.location.name, location)}</strong>
              <Address location={location} />
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
