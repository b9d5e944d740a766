// The three clinics as cards: address, tap-to-call phone, hours, directions and call buttons.
import { usePage } from '../context.ts';
import { Address, CallLink, directionsUrl, HoursList, locationName, oneLineAddress } from './Contact.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { MapPin, Navigation, Phone } from './icons.ts';
import { Relay } from './HelpNumbers.tsx';
import { Icon } from './Icon.tsx';
import { island, Picture } from 'sitewright';
import { OpenNow } from '../islands/OpenNow.tsx';
import { closuresOf } from '../site/notices.ts';
import { formatTime } from '../lib/format.ts';
import type { Hours } from '../schema.ts';
import { LocationNotices } from './Notices.tsx';

const OpenNowIsland = island('OpenNow', OpenNow);

/** Every opening and closing time of some hours, as the page's language writes it. */
const timesOf = (hours: Hours, intl: string) => Object.fromEntries(hours.flatMap((h) => [h.opens, h.closes]).map((t) => [t, formatTime(intl, t)]));

/** Three cards a row from 58rem (each at most 23rem), two from 40rem, one on a phone. */
const CARD_SIZES = '(min-width: 58rem) 23rem, (min-width: 40rem) 50vw, 100vw';

/**
 * detailed: with phone line, hours and a call button (the locations page). compact: city, address on
 * one line, hours, Directions and Call, small enough that all three fit the first phone screens (home).
 */
export function LocationCards({ detailed = false, compact = false, headingLevel = 3 }: { detailed?: boolean; compact?: boolean; headingLevel?: 2 | 3 }) {
  const { content, text, intl } = usePage();
  const { ui } = text;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={`cards cards--3 location-cards${compact ? ' location-cards--compact' : ''}`}>
      {content.locations.map((location) => {
        // Said after Directions, so a list of the page's links tells the three clinics' apart (Call dials the one number).
        const which = <span className="visually-hidden">, {locationName(ui.location.name, location)}</span>;
        return (
          <li key={location.id} id={location.id} className="card location">
            {location.photo && (
              // The entrance, so patients know the door when they arrive; on the home page's compact cards it shows from tablet width up.
              <div className="location__photo">
                {location.photo.decorative ? (
                  <Picture src={location.photo.src} decorative sizes={CARD_SIZES} />
                ) : (
                  <Picture src={location.photo.src} alt={location.photo.alt!} sizes={CARD_SIZES} />
                )}
              </div>
            )}
            <Heading className="card__title">
              <Icon icon={MapPin} size={20} /> {locationName(ui.location.name, location)}
            </Heading>
            <LocationNotices location={location.id} />
            <OpenNowIsland hours={location.hours ?? content.site.hours} closures={closuresOf(content.notices, location.id, content.today)} times={timesOf(location.hours ?? content.site.hours, intl)} labels={{ ...ui.openNow, days: ui.hours.days }} />
            {compact ? <p className="location__address">{oneLineAddress(location)}</p> : <Address location={location} />}
            {compact && <HoursList hours={location.hours} />}
            {detailed && (
              <>
                <p className="location__phone">
                  <span className="label">{ui.location.phone}: </span>
                  <CallLink icon={false} /> <Relay label={ui.location.relay} />
                </p>
                <p className="location__hours-title">{ui.hours.title}</p>
                <HoursList hours={location.hours} />
              </>
            )}
            <div className="card__actions">
              <ExternalLink className="btn btn--primary" href={directionsUrl(content.site.maps.directionsUrl, location)} newTabHint={ui.opensInNewTab}>
                <Icon icon={Navigation} size={18} /> {ui.actions.getDirections}{which}
              </ExternalLink>
              {(detailed || compact) && (
                <a className="btn btn--light" href={`tel:${content.site.phone.e164}`}>
                  <Icon icon={Phone} size={18} /> {ui.actions.call}
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
