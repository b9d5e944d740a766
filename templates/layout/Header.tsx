// The sticky header: logo, main navigation with the Services dropdown, language toggle, call button
// and, on small screens, the hamburger menu. All but the language toggle (this page's address in the
// other language) depends on the page only through which link is current: those parts are <Shared>,
// kept once per language and current link.
import { island, Shared } from 'sitewright';
import { usePage } from '../context.ts';
import { fill, telHref } from '../lib/format.ts';
import { Phone } from '../components/icons.ts';
import { Icon } from '../components/Icon.tsx';
import { MobileMenu } from '../islands/MobileMenu.tsx';
import { ServicesMenu } from '../islands/ServicesMenu.tsx';
import type { NavLink } from '../islands/types.ts';
import { Logo } from './Logo.tsx';
import { mainNav, otherLocales, servicesIndex, servicesLinks } from './navigation.ts';

const ServicesMenuIsland = island('ServicesMenu', ServicesMenu);
/** Listed right after Book and Call in the phone menu. */
const MENU_TASKS = ['locations', 'insurance'];
/** An island's props travel to the browser: page ids are not for it (nor for the language check). */
const withoutId = ({ id: _id, ...link }: NavLink): NavLink => link;
const MobileMenuIsland = island('MobileMenu', MobileMenu);

export function Header() {
  const page = usePage();
  const { route, content } = page;
  const others = otherLocales(page);
  // Everything of the page the shared parts show: which links are marked current (worked out from the
  // route alone; the parts themselves are built only where they are rendered).
  const slug = route.path.startsWith('/services/') ? route.path.slice('/services/'.length) : undefined;
  const listed = slug !== undefined && [...content.servicesIndex.primary, ...content.servicesIndex.aesthetic].includes(slug);
  const current = JSON.stringify([page.navigation.filter((p) => p.path === route.path).map((p) => p.id), listed ? slug : null, route.path.startsWith('/services')]);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Shared id="header-nav" vary={current}>
          <HeaderNav />
        </Shared>
        <div className="site-header__actions">
          {others.map((other) => (
            // The name starts with the visible code (WCAG 2.5.3: "click ES" works) and says the language in that language.
            <a key={other.locale} className="lang-toggle" href={other.href} hrefLang={other.locale} lang={other.locale}>
              {other.locale.toUpperCase()}<span className="visually-hidden"> – {other.name}</span>
            </a>
          ))}
          <Shared id="header-actions" vary={current}>
            <HeaderActions />
          </Shared>
        </div>
      </div>
    </header>
  );
}

/** The logo and the main navigation, with the Services dropdown. */
function HeaderNav() {
  const page = usePage();
  const { text, content, route, href } = page;
  const { ui } = text;
  const nav = mainNav(page);
  const services = servicesLinks(page);
  const servicesAt = servicesIndex(page);
  return (
    <>
      <a className="logo" href={href('/')} aria-label={fill(ui.logoLabel, { name: content.site.name })}>
        <Logo />
        <span className="logo__name">{content.site.name}</span>
      </a>
      <nav className="nav" aria-label={ui.nav.label}>
        <ul className="nav__list">
          {nav.map((link, i) => (
            <li key={link.href}>
              {i === servicesAt ? (
                <ServicesMenuIsland services={services} current={route.path.startsWith('/services')} />
              ) : (
                <a className="nav__link" href={link.href} aria-current={link.current ? 'page' : undefined}>{link.label}</a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** The call button and, on small screens, the hamburger menu. */
function HeaderActions() {
  const page = usePage();
  const { text, content, href } = page;
  const { ui } = text;
  const nav = mainNav(page);
  const services = servicesLinks(page);
  // The phone menu: the main tasks first, then the other pages; Services stands in as a group.
  const menuLinks = nav.filter((link) => !MENU_TASKS.includes(link.id!));
  return (
    <>
      <a className="btn btn--light btn--call" href={telHref(content.site.phone.e164)}>
        <Icon icon={Phone} size={18} />
        <span>{ui.actions.callNow}</span>
      </a>
      <MobileMenuIsland
        labels={{ menu: ui.nav.menu, open: ui.nav.openMenu, close: ui.nav.closeMenu, nav: ui.nav.label }}
        tasks={MENU_TASKS.flatMap((id) => nav.filter((link) => link.id === id)).map(withoutId)}
        links={menuLinks.map(withoutId)}
        services={services}
        servicesAfter={menuLinks.findIndex((link) => link.id === 'services') - 1}
        book={{ href: href('/contact#appointment'), label: ui.actions.bookAppointment }}
        call={{ href: telHref(content.site.phone.e164), label: ui.actions.callNow }}
        fallbackHref="#footer-nav"
      />
    </>
  );
}
