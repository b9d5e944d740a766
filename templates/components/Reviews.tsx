// Review cards and the star rating, with a text equivalent for screen readers.
import type { Review } from '../schema.ts';
import { fill } from '../lib/format.ts';
import { usePage } from '../context.ts';
import { Star } from './icons.ts';
import { Icon } from './Icon.tsx';

export function Stars({ rating }: { rating: number }) {
  const { text } = usePage();
  return (
    <span className="stars" role="img" aria-label={fill(text.ui.reviews.stars, { rating })}>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} icon={Star} size={18} className={i < Math.round(rating) ? 'star star--on' : 'star'} />
      ))}
    </span>
  );
}

/** Review cards; a sample review says so on the card itself, wherever it is shown (FTC 16 CFR 465). */
export function ReviewCards({ reviews }: { reviews: Review[] }) {
  const { text, locale } = usePage();
  return (
    <ul className="cards cards--3 review-cards">
      {reviews.map((review) => (
        <li key={review.name} className="card review">
          {review.sample && <p className="review__sample">{text.ui.reviews.sampleLabel}</p>}
          <Stars rating={review.rating} />
          <blockquote className="review__text">
            <p>{review.text}</p>
          </blockquote>
          {/* Honest about the words: a review the patient wrote in the other language is a translation here. */}
          {review.writtenIn !== locale && <p className="review__translated">{text.ui.reviews.translatedFrom[review.writtenIn]}</p>}
          <p className="review__meta">
            <span className="review__name">{review.name}</span>
            <span className="review__date">{review.date}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
