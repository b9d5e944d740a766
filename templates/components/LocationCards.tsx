// The three clinics as cards: address, tap-to-call phone, hours, directions and call buttons.
import { usePage } from '../context.ts';
import { Address, CallLink, directionsUrl, HoursList, locationName } from './Contact.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { MapPin, Navigation, Phone } from './icons.ts';
import { Icon } from './Icon.tsx';

export function LocationCards({ detailed = false, headingLevel = 3 }: { detailed?: boolean; headingLevel?: 2 | 3 }) {
  const { content, text } = usePage();
  const { ui } = text;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cards cards--3 location-cards">
      {content.locations.map((location) => (
        <li key={location.id} id={location.id} className="card location">
          <Heading className="card__title">
            <Icon icon={MapPin} size={20} /> {locationName(ui.location.name, location)}
          </Heading>
          <Address location={location} />
          {detailed && (
            <>
              <p className="location__phone">
                <span className="label">{ui.location.phone}: </span>
                <CallLink icon={false} />
              </p>
              <p className="location__hours-title">{ui.hours.title}</p>
              <HoursList hours={location.hours} />
            </>
          )}
          <div className="card__actions">
            <ExternalLink className="btn btn--primary" href={directionsUrl(content.site.maps.directionsUrl, location)} newTabHint={ui.opensInNewTab}>
              <Icon icon={Navigation} size={18} /> {ui.actions.getDirections}
            </ExternalLink>
            {detailed && (
              <a className="btn btn--outline" href={`tel:${content.site.phone.e164}`}>
                <Icon icon={Phone} size={18} /> {ui.actions.call}
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
