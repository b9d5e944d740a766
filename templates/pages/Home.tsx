// Home: hero, the clinics, services grid, free consultation form, about, insurance, reviews, and the map on request.
import { usePage } from '../context.ts';
import { BookButton, CallButton } from '../components/BookOrCall.tsx';
import { fill } from '../lib/format.ts';
import { LeadForm, MapCards } from '../components/Embeds.tsx';
import { ArrowRight, Check, ShieldCheck, Sparkles } from '../components/icons.ts';
import { Icon } from '../components/Icon.tsx';
import { LocationCards } from '../components/LocationCards.tsx';
import { ReviewCards } from '../components/Reviews.tsx';
import { Section } from '../components/Section.tsx';
import { ServiceImage } from '../components/ServiceImage.tsx';
import { teaserPlans } from '../site/insurance.ts';

export function Home() {
  const { content, text, href } = usePage();
  const { pages, services } = text;
  // The practice's figures, from content/site.yaml, for the highlights' {placeholders}.
  const { rating, experienceYears } = content.site;
  const figures = { years: experienceYears, rating: rating.value.toFixed(1), reviews: rating.count };
  const home = pages.home;
  return (
    <>
      <div className="hero">
        <div className="container hero__inner">
          <p className="hero__eyebrow">{home.hero.eyebrow}</p>
          <h1 className="hero__title">{home.hero.title}</h1>
          <p className="hero__text">{home.hero.text}</p>
          <div className="actions">
            <BookButton />
            <CallButton withNumber />
          </div>
        </div>
      </div>

      {/* The nearest clinic, with its hours, directions and a call button, within the first phone screens. */}
      <Section id="locations" className="section--tinted" title={home.locations.title} lead={home.locations.text}>
        <LocationCards compact />
        <a className="link-arrow" href={href('/locations')}>{home.locations.link} <Icon icon={ArrowRight} size={18} /></a>
      </Section>

      <Section id="services" title={home.servicesSection.title} lead={home.servicesSection.text}>
        <ul className="tiles">
          {content.servicesIndex.homeTiles.map((slug) => (
            <li key={slug} className="tile">
              <a href={href(`/services/${slug}`)}>
                <ServiceImage slug={slug} decorative width={120} height={80} />
                <span className="tile__name">{services[slug]!.front.name}</span>
              </a>
            </li>
          ))}
          <li className="tile tile--aesthetic">
            <a href={href('/services')}>
              <Icon icon={Sparkles} size={40} className="tile__icon" />
              <span className="tile__name">{home.aestheticsTile.name}</span>
              <span className="tile__text">{home.aestheticsTile.text}</span>
            </a>
          </li>
        </ul>
      </Section>

      <Section id="consultation" className="section--tinted" title={home.consultation.title} lead={home.consultation.text}>
        <LeadForm />
      </Section>

      <Section id="about" title={home.about.title} lead={home.about.text}>
        <ul className="checklist checklist--inline">
          {home.about.highlights.map((item) => (
            <li key={item}><Icon icon={Check} size={20} /> {fill(item, figures)}</li>
          ))}
        </ul>
        <a className="link-arrow" href={href('/about')}>{home.about.link} <Icon icon={ArrowRight} size={18} /></a>
      </Section>

      <Section id="insurance" className="section--tinted" title={home.insurance.title} lead={home.insurance.text}>
        <ul className="plans plans--teaser">
          {teaserPlans(content.insurance).map((plan) => (
            <li key={plan} className="plan"><Icon icon={ShieldCheck} size={20} /> {plan}</li>
          ))}
        </ul>
        <a className="link-arrow" href={href('/insurance')}>{home.insurance.link} <Icon icon={ArrowRight} size={18} /></a>
      </Section>

      <Section id="reviews" title={home.reviews.title} lead={home.reviews.text}>
        <ReviewCards reviews={content.reviews.slice(0, 3)} />
        <a className="link-arrow" href={href('/reviews')}>{home.reviews.link} <Icon icon={ArrowRight} size={18} /></a>
      </Section>

      {/* The spec's map, as on contact and locations: an address card first, the map only on request. */}
      <Section id="map" className="section--tinted" title={home.map.title} lead={home.map.text}>
        <MapCards />
      </Section>

    </>
  );
}
