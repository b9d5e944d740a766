// Contact: the booking form (anchor #appointment), contact details (TTY 711 beside the phone), hours,
// the emergency note (911, 988, Poison Control) and a map.
import { usePage } from '../context.ts';
import { Address, CallLink, EmailLink, HoursList, locationName } from '../components/Contact.tsx';
import { LeadForm, MapCards } from '../components/Embeds.tsx';
import { TriangleAlert } from '../components/icons.ts';
import { HelpNumbers, Relay } from '../components/HelpNumbers.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero, Section } from '../components/Section.tsx';

export function Contact() {
  const { content, text } = usePage();
  const page = text.pages.contact;
  const { ui } = text;
  return (
    <>
      <PageHero title={page.hero.title} text={page.hero.text} />
      <div className="container contact-grid">
        <section id="appointment" className="contact-grid__form" aria-labelledby="appointment-title">
          <h2 id="appointment-title">{page.form.title}</h2>
          <p>{page.form.text}</p>
          <LeadForm />
        </section>
        <aside className="contact-grid__info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">{page.info.title}</h2>
          <ul className="contact-list">
            {content.locations.map((location) => (
              <li key={location.id}>
                <strong>{locationName(ui.location.name, location)}</strong>
                <Address location={location} />
              </li>
            ))}
          </ul>
          <p><span className="label">{ui.location.phone}: </span><CallLink icon={false} /> <Relay label={ui.location.relay} /></p>
          <p><span className="label">{ui.location.email}: </span><EmailLink /></p>
          <h3>{ui.hours.title}</h3>
          <HoursList />
          <p className="emergency" role="note"><Icon icon={TriangleAlert} size={20} /> <HelpNumbers text={ui.emergency} /></p>
        </aside>
      </div>
      <Section id="map" title={page.map.title} lead={page.map.text}>
        <MapCards />
      </Section>
    </>
  );
}
