// The two third-party frames: the lead form (lazy, titled, sized up front so it causes no layout
// shift, with a way to book beside it when it cannot load) and the maps (loaded only on request). Sandboxed without allow-same-origin: with it, a framed page that also
// runs scripts could lift its own sandbox (the HTML checker rejects the pair), so the frames run
// scripts, forms and popups in an opaque origin.
import { island } from 'sitewright';
import { fill } from '../lib/format.ts';
import { usePage } from '../context.ts';
import { MapFrame } from '../islands/MapFrame.tsx';
import { Address, CallLink, directionsUrl, locationName, oneLineAddress } from './Contact.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { MapPin, Navigation } from './icons.ts';
import { Icon } from './Icon.tsx';

const MapFrameIsland = island('MapFrame', MapFrame);

export const FORM_HEIGHT = 600;

/** The lead-management provider's form, loaded by id, with a way to book that needs no frame beside it. */
export function LeadForm({ id }: { id?: string }) {
  const { content, text, locale } = usePage();
  const { host, formId } = content.site.leadForm;
  // The form in the page's language (the site has a form per locale; the schema names them).
  const src = new URL(encodeURIComponent(formId[locale as keyof typeof formId]), host).toString();
  const [before, after] = text.ui.form.alternative.split('{phone}') as [string, string];
  return (
    <div className="booking">
      <p className="booking__alt">
        {before}<CallLink icon={false} />{after}{' '}
        <ExternalLink href={src} newTabHint={text.ui.opensInNewTab}>{text.ui.form.openInNewTab}</ExternalLink>.
      </p>
      <iframe
        id={id}
        className="embed embed--form"
        src={src}
        title={text.ui.form.title}
        height={FORM_HEIGHT}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-forms allow-scripts allow-popups allow-popups-to-escape-sandbox"
      />
    </div>
  );
}

/** Each clinic as an address card with "Get directions"; its map loads only when asked for. */
export function MapCards() {
  const { content, text, locale } = usePage();
  const { ui } = text;
  return (
    <ul className="cards cards--3 map-cards">
      {content.locations.map((location) => {
        const src = new URL(content.site.maps.embedUrl);
        src.searchParams.set('q', oneLineAddress(location));
        src.searchParams.set('hl', locale); // the map's own words in the page's language, not the browser's
        return (
          <li key={location.id} className="card map-card">
            <h3 className="card__title"><Icon icon={MapPin} size={20} /> {locationName(ui.location.name, location)}</h3>
            <Address location={location} />
            <ExternalLink className="btn btn--primary" href={directionsUrl(content.site.maps.directionsUrl, location)} newTabHint={ui.opensInNewTab}>
              <Icon icon={Navigation} size={18} /> {ui.actions.getDirections}
              <span className="visually-hidden">, {locationName(ui.location.name, location)}</span>
            </ExternalLink>
            <MapFrameIsland src={src.toString()} title={fill(ui.map.title, { place: oneLineAddress(location) })} label={ui.map.show} />
          </li>
        );
      })}
    </ul>
  );
}
