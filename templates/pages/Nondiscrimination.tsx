// The Section 1557 notice of nondiscrimination and the language-assistance taglines, each tagline
// marked with its own language.
import { usePage } from '../context.ts';
import { CallLink, EmailLink } from '../components/Contact.tsx';
import { Relay } from '../components/HelpNumbers.tsx';
import { PageHero } from '../components/Section.tsx';
import { linkify } from '../lib/linkify.tsx';

export function Nondiscrimination() {
  const { content, text } = usePage();
  const page = text.pages.nondiscrimination;
  // Mailed grievances go to one clinic's address until the practice names another.
  const mailTo = content.locations.find((l) => l.id === content.site.civilRights.mailingLocation)!;
  return (
    <>
      <PageHero title={page.title} text={page.intro} />
      <div className="container container--narrow prose">
        {page.sections.map((section) => (
          <section key={section.title} aria-label={section.title}>
            <h2>{section.title}</h2>
            {section.paragraphs.map((p) => <p key={p}>{linkify(p)}</p>)}
            {section.items && <ul>{section.items.map((item) => <li key={item}>{linkify(item)}</li>)}</ul>}
          </section>
        ))}
        <section aria-labelledby="coordinator">
          <h2 id="coordinator">{page.coordinator.title}</h2>
          <p>{page.coordinator.role}</p>
          <p className="coordinator__name"><strong>{content.site.civilRights.coordinatorName ?? page.coordinator.namePending}</strong>, {page.coordinator.title}</p>
          <p><span className="label">{text.ui.location.phone}: </span><CallLink icon={false} /> <Relay label={text.ui.location.relay} /> · <span className="label">{text.ui.location.email}: </span><EmailLink /></p>
          <p><span className="label">{page.coordinator.mail}: </span></p>
          <address className="address">
            {content.site.name}
            <br />
            {page.coordinator.attention}
            <br />
            {mailTo.street}
            <br />
            {`${mailTo.city}, ${mailTo.region} ${mailTo.postalCode}`}
          </address>
        </section>
        <section aria-labelledby="practice-contact">
          <h2 id="practice-contact">{page.practiceContact}</h2>
          <p><CallLink icon={false} /> <Relay label={text.ui.location.relay} /> · <EmailLink /></p>
        </section>
        <h2 id="taglines">{page.taglinesTitle}</h2>
        <ul className="taglines" aria-labelledby="taglines">
          {content.taglines.map((tagline) => (
            <li key={tagline.lang} lang={tagline.lang} dir={tagline.dir}>
              {/* As HHS's model taglines: the number to call and TTY 711 after each (numbers read left to right). */}
              <strong>{tagline.language}</strong>: {tagline.text} <span dir="ltr" className="nowrap"><CallLink icon={false} /> (<Relay label="TTY" />)</span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
