// Small pieces of the practice's contact details, read from site configuration.
import type { ReactNode } from 'react';
import { fill, hoursRows, telHref } from '../lib/format.ts';
import { usePage } from '../context.ts';
import type { Hours, Location } from '../schema.ts';
import { Phone } from './icons.ts';
import { Icon } from './Icon.tsx';

/** A tap-to-call link with the practice's one phone number. */
export function CallLink({ className, label, icon = true }: { className?: string; label?: ReactNode; icon?: boolean }) {
  const { content } = usePage();
  const { phone } = content.site;
  return (
    <a className={className} href={telHref(phone.e164)}>
      {icon && <Icon icon={Phone} size={18} />}
      <span>{label ?? <span className="nowrap">{phone.display}</span>}</span>
    </a>
  );
}

export function EmailLink() {
  const { content } = usePage();
  return <a href={`mailto:${content.site.email}`}>{content.site.email}</a>;
}

/** A postal address in the order US mail expects. */
export function Address({ location }: { location: Location }) {
  return (
    <address className="address">
      {location.street}
      <br />
      {`${location.city}, ${location.region} ${location.postalCode}`}
    </address>
  );
}

export function locationName(pattern: string, location: Location): string {
  return fill(pattern, { city: location.city });
}

/** Opening hours as a description list; hours default to the practice's. */
export function HoursList({ hours }: { hours?: Hours }) {
  const { content, intl, text } = usePage();
  return (
    <dl className="hours">
      {hoursRows(intl, hours ?? content.site.hours, text.ui).map((row) => (
        <div key={row.days} className={row.closed ? 'hours__row hours__row--closed' : 'hours__row'}>
          <dt>{row.days}</dt>
          <dd>{row.time}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The full address on one line, for map queries and structured data. */
export function oneLineAddress(location: Location): string {
  return `${location.street}, ${location.city}, ${location.region} ${location.postalCode}`;
}

/** A maps search for a location, opened in a new tab for directions. */
export function directionsUrl(base: string, location: Location): string {
  const url = new URL(base);
  url.searchParams.set('query', oneLineAddress(location));
  return url.toString();
}
