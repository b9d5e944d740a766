// Reviews: the rating, six sample cards, leave-a-review and view-on-maps links, and the box where a
// live reviews widget will go.
import { usePage } from '../context.ts';
import { BookOrCallSection } from '../components/BookOrCall.tsx';
import { fill } from '../lib/format.ts';
import { ExternalLink } from '../components/ExternalLink.tsx';
import { ReviewCards, Stars } from '../components/Reviews.tsx';
import { PageHero, Section } from '../components/Section.tsx';
import { oneLineAddress } from '../components/Contact.tsx';

export function Reviews() {
  const { content, text } = usePage();
  const page = text.pages.reviews;
  const { site } = content;
  const review = new URL(site.maps.reviewUrl);
  review.searchParams.set('placeid', site.maps.placeId);
  const view = new URL(site.maps.directionsUrl);
  view.searchParams.set('query', oneLineAddress(content.locations[0]!));
  view.searchParams.set('query_place_id', site.maps.placeId);
  return (
    <>
      <PageHero title={page.hero.title} text={page.hero.text}>
        <p className="rating">
          <Stars rating={site.rating.value} />
          <span>{fill(page.ratingLabel, { rating: site.rating.value.toFixed(1), count: site.rating.count })}</span>
        </p>
        <div className="actions">
          <ExternalLink className="btn btn--primary" href={review.toString()} newTabHint={text.ui.opensInNewTab}>{page.leaveReview}</ExternalLink>
          <ExternalLink className="btn btn--light" href={view.toString()} newTabHint={text.ui.opensInNewTab}>{page.viewOnMaps}</ExternalLink>
        </div>
      </PageHero>
      <Section id="reviews-list" title={page.listTitle} lead={text.ui.reviews.sampleNote}>
        <ReviewCards reviews={content.reviews} />
      </Section>
      <Section id="reviews-widget" className="section--tinted" title={page.widget.title}>
        <div className="placeholder-box"><p>{page.widget.text}</p></div>
      </Section>
      <BookOrCallSection />
    </>
  );
}
