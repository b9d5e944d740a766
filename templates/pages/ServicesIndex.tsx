// Services index: the primary and the aesthetic services, each linking to its page, with both
// groups one tap away from the top.
import { usePage } from '../context.ts';
import { BookOrCallSection } from '../components/BookOrCall.tsx';
import { firstSentence } from '../lib/format.ts';
import { PageHero, Section } from '../components/Section.tsx';
import { ServiceImage } from '../components/ServiceImage.tsx';

function ServiceList({ slugs }: { slugs: string[] }) {
  const { text, href } = usePage();
  return (
    <ul className="cards cards--3 service-cards">
      {slugs.map((slug) => {
        const service = text.services[slug]!;
        return (
          <li key={slug} className="card service-card">
            <ServiceImage slug={slug} decorative width={240} height={160} />
            <h3 className="card__title">
              <a className="card__link" href={href(`/services/${slug}`)}>{service.front.name}</a>
            </h3>
            <p>{firstSentence(service.front.description)}</p>
          </li>
        );
      })}
    </ul>
  );
}

export function ServicesIndex() {
  const { content, text } = usePage();
  const page = text.pages.services;
  return (
    <>
      <PageHero title={page.hero.title} text={page.hero.text}>
        {/* Both groups one tap away: on a phone the list is long. */}
        <nav className="jump" aria-label={page.jump}>
          <a className="btn btn--light" href="#primary">{page.primary.title}</a>
          <a className="btn btn--light" href="#aesthetic">{page.aesthetic.title}</a>
        </nav>
      </PageHero>
      <Section id="primary" title={page.primary.title} lead={page.primary.text}>
        <ServiceList slugs={content.servicesIndex.primary} />
      </Section>
      <Section id="aesthetic" className="section--tinted" title={page.aesthetic.title} lead={page.aesthetic.text}>
        <ServiceList slugs={content.servicesIndex.aesthetic} />
      </Section>
      <BookOrCallSection />
    </>
  );
}
