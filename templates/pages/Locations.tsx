// Locations: a card per clinic with address, phone, hours, directions and call.
import { usePage } from '../context.ts';
import { BookOrCallSection } from '../components/BookOrCall.tsx';
import { LocationCards } from '../components/LocationCards.tsx';
import { PageHero } from '../components/Section.tsx';

export function Locations() {
  const { text } = usePage();
  const page = text.pages.locations;
  return (
    <>
      <PageHero title={page.hero.title} text={page.hero.text} />
      <section className="section" aria-label={page.hero.title}>
        <div className="container">
          <LocationCards detailed headingLevel={2} />
        </div>
      </section>
      <BookOrCallSection />
    </>
  );
}
