// Book and Call, looking the same on every page: Book is the primary action (warm accent), Call the
// secondary one (white with the brand's outline). BookOrCallSection ends every page that has no
// booking section of its own.
import { usePage } from '../context.ts';
import { CallLink } from './Contact.tsx';
import { CalendarCheck } from './icons.ts';
import { Icon } from './Icon.tsx';
import { Section } from './Section.tsx';

export function BookButton({ large = true }: { large?: boolean }) {
  const { text, href } = usePage();
  return (
    <a className={`btn btn--accent${large ? ' btn--large' : ''}`} href={href('/contact#appointment')}>
      <Icon icon={CalendarCheck} size={20} /> {text.ui.actions.bookAppointment}
    </a>
  );
}

export function CallButton({ withNumber = false, large = true }: { withNumber?: boolean; large?: boolean }) {
  const { text, content } = usePage();
  // With the number, the short verb: "Llamar: (407) 555-0142" stays on one line on a 360 px phone.
  const label = withNumber ? <>{text.ui.actions.call}: <span className="nowrap">{content.site.phone.display}</span></> : text.ui.actions.callNow;
  return <CallLink className={`btn btn--light${large ? ' btn--large' : ''}`} label={label} />;
}

export function BookOrCall({ withNumber = false }: { withNumber?: boolean }) {
  return (
    <div className="actions">
      <BookButton />
      <CallButton withNumber={withNumber} />
    </div>
  );
}

/** The short closing section: book online, or call. */
export function BookOrCallSection() {
  const { text } = usePage();
  return (
    <Section id="book" className="section--cta" title={text.ui.bookOrCall.title} lead={text.ui.bookOrCall.text}>
      <BookOrCall withNumber />
    </Section>
  );
}
