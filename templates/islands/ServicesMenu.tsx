// The header's Services dropdown: opens on hover, click, Enter/Space or ArrowDown; arrow keys move
// through the links; Escape and focus leaving close it. Without JavaScript it is a link to /services.
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from '../components/icons.ts';
import { Icon } from '../components/Icon.tsx';
import type { ServicesLinks } from './types.ts';
import { useDismiss } from './use-dismiss.ts';
import { useHydrated } from './use-hydrated.ts';

const PANEL_ID = 'services-menu';

export function ServicesMenu({ services, current }: { services: ServicesLinks; current: boolean }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // A pointer that hovers opens the menu; its click right after must not close it again.
  const openedByHover = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  const onKeyDown = useDismiss(open, close, root);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>(`#${PANEL_ID} a`) ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const target = event.key === 'ArrowUp' ? -1 : 0;
      if (open) focusLink(target);
      else {
        setOpen(true);
        // The links appear with the next render.
        setTimeout(() => focusLink(target));
      }
    }
  };
  const onClick = () => {
    if (openedByHover.current) {
      openedByHover.current = false;
      setOpen(true);
    } else setOpen(!open);
  };
  const hover = (entering: boolean) => {
    openedByHover.current = entering && !open;
    setOpen(entering);
  };
  const onPanelKey = (event: KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusLink(moves[event.key]!);
    }
  };

  if (!hydrated) {
    return (
      <a className="nav__link" href={services.href} aria-current={current ? 'page' : undefined}>
        {services.label}
      </a>
    );
  }
  return (
    <div className="dropdown" ref={root} onKeyDown={onKeyDown} onMouseEnter={() => hover(true)} onMouseLeave={() => hover(false)}>
      <button
        ref={button}
        type="button"
        className={current ? 'nav__link dropdown__toggle is-current' : 'nav__link dropdown__toggle'}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={onClick}
        onKeyDown={onButtonKey}
      >
        {services.label}
        <Icon icon={ChevronDown} size={16} className="dropdown__chevron" />
      </button>
      <div id={PANEL_ID} className="dropdown__panel" hidden={!open} onKeyDown={onPanelKey}>
        <a className="dropdown__all" href={services.href}>{services.allLabel}</a>
        <ul className="dropdown__list">
          {services.primary.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={link.current ? 'page' : undefined}>{link.label}</a>
            </li>
          ))}
        </ul>
        <p className="dropdown__heading" id={`${PANEL_ID}-aesthetic`}>{services.aestheticHeading}</p>
        <ul className="dropdown__list" aria-labelledby={`${PANEL_ID}-aesthetic`}>
          {services.aesthetic.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={link.current ? 'page' : undefined}>{link.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
