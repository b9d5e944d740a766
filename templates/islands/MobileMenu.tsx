// The hamburger menu for small screens: a disclosure that opens onto the main tasks (Book, Call,
// Locations, Insurance), then the other pages, with the services folded in a group of their own
// (<details>: keyboard and screen-reader operable as it is). It closes when a link is chosen, on
// Escape (focus back on the button) and when focus leaves. Without JavaScript the button is a link
// to the footer's quick links.
import { useCallback, useRef, useState } from 'react';
import { CalendarCheck, ChevronDown, Menu, Phone, X } from '../components/icons.ts';
import { Icon } from '../components/Icon.tsx';
import type { NavLink, ServicesLinks } from './types.ts';
import { useDismiss } from './use-dismiss.ts';
import { useHydrated } from './use-hydrated.ts';

const PANEL_ID = 'mobile-menu';

export interface MobileMenuProps {
  labels: { menu: string; open: string; close: string; nav: string };
  /** Listed first, after Book and Call: where to go and what is covered. */
  tasks: NavLink[];
  /** The other pages, in navigation order; the services group stands where Services is. */
  links: NavLink[];
  services: ServicesLinks;
  /** Index in `links` after which the services group is listed. */
  servicesAfter: number;
  book: { href: string; label: string };
  call: { href: string; label: string };
  fallbackHref: string;
}

export function MobileMenu({ labels, tasks, links, services, servicesAfter, book, call, fallbackHref }: MobileMenuProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  const onKeyDown = useDismiss(open, close, root);

  if (!hydrated) {
    return (
      <a className="menu-toggle" href={fallbackHref}>
        <Icon icon={Menu} size={24} />
        <span>{labels.menu}</span>
      </a>
    );
  }
  const item = (link: NavLink) => (
    <li key={link.href}>
      <a href={link.href} aria-current={link.current ? 'page' : undefined} onClick={() => setOpen(false)}>{link.label}</a>
    </li>
  );
  return (
    <div className="mobile-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label={open ? labels.close : labels.open}
        onClick={() => setOpen(!open)}
      >
        {open ? <Icon icon={X} size={24} /> : <Icon icon={Menu} size={24} />}
        <span aria-hidden="true">{labels.menu}</span>
      </button>
      <nav id={PANEL_ID} className="mobile-menu__panel" aria-label={labels.nav} hidden={!open}>
        <ul className="mobile-menu__list">
          <li><a className="btn btn--accent btn--block" href={book.href} onClick={() => setOpen(false)}><Icon icon={CalendarCheck} size={18} /> {book.label}</a></li>
          <li><a className="btn btn--light btn--block" href={call.href} onClick={() => setOpen(false)}><Icon icon={Phone} size={18} /> {call.label}</a></li>
          {tasks.map(item)}
          {links.slice(0, servicesAfter + 1).map(item)}
          <li>
            <details className="mobile-menu__services">
              <summary>{services.label} <Icon icon={ChevronDown} size={18} className="mobile-menu__chevron" /></summary>
              <ul className="mobile-menu__sub">
                {item({ label: services.allLabel, href: services.href })}
                {services.primary.map(item)}
              </ul>
              <p className="mobile-menu__heading">{services.aestheticHeading}</p>
              <ul className="mobile-menu__sub">
                {services.aesthetic.map(item)}
              </ul>
            </details>
          </li>
          {links.slice(servicesAfter + 2).map(item)}
        </ul>
      </nav>
    </div>
  );
}
