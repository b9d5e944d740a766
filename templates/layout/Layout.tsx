// The frame of every page: skip link, header, main content, footer and the floating widgets. The
// footer and the widgets are the same on every page of a language: <Shared> renders them once.
import type { ReactNode } from 'react';
import { island, Shared } from 'sitewright';
import { usePage } from '../context.ts';
import { fill, telHref } from '../lib/format.ts';
import { directionsUrl } from '../components/Contact.tsx';
import { Phone } from '../components/icons.ts';
import { Icon } from '../components/Icon.tsx';
import { HelpWidget } from '../islands/HelpWidget.tsx';
import { NoticeBanner } from '../components/Notices.tsx';
import { currentNotices } from '../site/notices.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

const HelpWidgetIsland = island('HelpWidget', HelpWidget);

export function Layout({ children }: { children: ReactNode }) {
  const { text } = usePage();
  return (
    <>
      <a className="skip-link" href="#main">{text.ui.skipToContent}</a>
      <Header />
      <NoticeBanner />
      <main id="main" tabIndex={-1}>{children}</main>
      <Shared id="footer-and-widgets">
        <FooterAndWidgets />
      </Shared>
    </>
  );
}

/** Worked out only where it is rendered: once per language, not on every page that reuses it. */
function FooterAndWidgets() {
  const { text, content, href, locale } = usePage();
  const { ui } = text;
  const tel = telHref(content.site.phone.e164);
  return (
    <>
      <Footer />
      <HelpWidgetIsland
        labels={{ ...ui.help, emergency: ui.emergency, newTab: ui.opensInNewTab }}
        notices={currentNotices(content.notices, content.today).map((n) => n.text[locale as 'en' | 'es'])}
        links={{
          book: href('/contact#appointment'),
          insurance: href('/insurance'),
          directions: content.locations.map((location) => ({
            label: fill(ui.help.directions, { city: location.city }),
            href: directionsUrl(content.site.maps.directionsUrl, location),
          })),
          call: tel,
        }}
        phone={content.site.phone.display}
      />
      {/* In a landmark of its own: a screen reader listing landmarks finds it (it floats outside the footer). */}
      <aside className="call-fab-region" aria-label={ui.actions.callNow}>
        <a className="call-fab" href={tel}>
          <Icon icon={Phone} size={22} />
          <span>{ui.actions.callNow}</span>
        </a>
      </aside>
    </>
  );
}
