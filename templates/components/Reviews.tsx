// Review cards and the star rating, with a text equivalent for screen readers.
import type { Review } from '../schema.ts';
import { fill, formatMonth } from '../lib/format.ts';
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

/**
 * Review cards; a sample review says so on the card itself, wherever it is shown (FTC 16 CFR 465).
 * Honest about the words: a review the patient wrote in another language is shown translated and
 * marked as a translation, or, with no translation, in the patient's own words, marked with their
 * language (and `lang`, so a screen reader speaks them in it).
 */
export function ReviewCards({ reviews }: { reviews: Review[] }) {
  const { text, locale, intl } = usePage();
  return (
    <ul className="cards cards--3 review-cards">
      {reviews.map((review) => {
        const translated = review.text[locale as keyof Review['text']];
        const words = translated ?? review.text[review.writtenIn]!;
        const mark = review.writtenIn === locale ? undefined : translated ? text.ui.reviews.translatedFrom[review.writtenIn] : text.ui.reviews.writtenIn[review.writtenIn];
        return (
          <li key={review.name} className="card review">
            {review.sample && <p className="review__sample">{text.ui.reviews.sampleLabel}</p>}
            <Stars rating={review.rating} />
            <blockquote className="review__text" lang={translated ? undefined : review.writtenIn}>
              <p>{words}</p>
            </blockquote>
            {mark && <p className="review__translated">{mark}</p>}
            <p className="review__meta">
              <span className="review__name">{review.name}</span>
              <time className="review__date" dateTime={review.date}>{formatMonth(intl, review.date)}</time>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
