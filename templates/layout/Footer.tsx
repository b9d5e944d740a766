// The footer: the three addresses, phone, e-mail, hours, quick links, legal links, social links and
// the copyright line with the build year.
import { usePage } from '../context.ts';
import { fill } from '../lib/format.ts';
import { Address, CallLink, directionsUrl, EmailLink, HoursList, locationName } from '../components/Contact.tsx';
import { HelpNumbers, Relay } from '../components/HelpNumbers.tsx';
import { ExternalLink } from '../components/ExternalLink.tsx';
import { mainNav } from './navigation.ts';
import { Logo } from './Logo.tsx';

const LEGAL = ['privacy', 'terms', 'accessibility', 'hipaa', 'good-faith-estimate', 'nondiscrimination'] as const;

export function Footer() {
  const page = usePage();
  const { content, text, year, href } = page;
  const { ui } = text;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <Logo size={36} />
            <span>{content.site.name}</span>
          </p>
          <p>{ui.footer.about}</p>
          <p className="site-footer__heading" id="footer-follow">{ui.footer.follow}</p>
          <ul className="social" aria-labelledby="footer-follow">
            {content.site.social.map((s) => (
              <li key={s.network}>
                <ExternalLink href={s.url} newTabHint={ui.opensInNewTab}>{s.network}</ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">{ui.footer.locations}</h2>
          <ul className="site-footer__locations">
            {content.locations.map((location) => (
              <li key={location.id}>
                <strong>{locationName(ui.location.name, location)}</strong>
                {/* The address is the way there: it opens the clinic's directions. */}
                <ExternalLink className="site-footer__address" href={directionsUrl(content.site.maps.directionsUrl, location)} newTabHint={`${fill(ui.help.directions, { city: location.city })} ${ui.opensInNewTab}`}>
                  <Address location={location} />
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">{ui.footer.contact}</h2>
          <p className="site-footer__phone"><CallLink /> <Relay label={ui.location.relay} /></p>
          <p><EmailLink /></p>
          <h3 className="site-footer__subheading">{ui.hours.title}</h3>
          <HoursList />
        </div>
        <nav id="footer-nav" aria-labelledby="footer-nav-title">
          <h2 className="site-footer__heading" id="footer-nav-title">{ui.footer.quickLinks}</h2>
          <ul className="site-footer__links">
            {mainNav(page).map((link) => (
              <li key={link.href}><a href={link.href}>{link.label}</a></li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal-title">
          <h2 className="site-footer__heading" id="footer-legal-title">{ui.footer.legal}</h2>
          <ul className="site-footer__links">
            {LEGAL.map((key) => (
              <li key={key}><a href={href(`/${key}`)}>{ui.footer.legalLinks[key]}</a></li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>{fill(ui.footer.copyright, { year, name: content.site.name })}</p>
        <p><HelpNumbers text={ui.emergency} /></p>
      </div>
    </footer>
  );
}
