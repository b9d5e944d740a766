// The two third-party frames: the lead form and the map. Both lazy, titled and sized up front so
// they cause no layout shift. Sandboxed without allow-same-origin: with it, a framed page that also
// runs scripts could lift its own sandbox (the HTML checker rejects the pair), so the frames run
// scripts, forms and popups in an opaque origin.
import { fill } from '../lib/format.ts';
import { usePage } from '../context.ts';
import { oneLineAddress } from './Contact.tsx';

export const FORM_HEIGHT = 600;

/** The lead-management provider's form, loaded by id. */
export function LeadForm({ id }: { id?: string }) {
  const { content, text } = usePage();
  const { host, formId } = content.site.leadForm;
  return (
    <iframe
      id={id}
      className="embed embed--form"
      src={new URL(encodeURIComponent(formId), host).toString()}
      title={text.ui.form.title}
      height={FORM_HEIGHT}
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-forms allow-scripts allow-popups allow-popups-to-escape-sandbox"
    />
  );
}

/** A map of one location (the first, Kissimmee, unless told otherwise). */
export function MapEmbed({ index = 0 }: { index?: number }) {
  const { content, text } = usePage();
  const location = content.locations[index]!;
  const url = new URL(content.site.maps.embedUrl);
  url.searchParams.set('q', oneLineAddress(location));
  return (
    <iframe
      className="embed embed--map"
      src={url.toString()}
      title={fill(text.ui.map.title, { place: oneLineAddress(location) })}
      height={360}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
    />
  );
}
