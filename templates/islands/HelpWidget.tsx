// The floating help button (bottom right) and its panel: the notices, the emergency numbers, then the
// links. The panel follows its button, so the next Tab after opening it reaches its links. The icon switches between open and close; Escape closes and returns focus. Without JavaScript
// the button links to the booking form.
import { useCallback, useRef, useState } from 'react';
import { CalendarCheck, MessageCircle, Navigation, Phone, ShieldCheck, TriangleAlert, X } from '../components/icons.ts';
import { HelpNumbers } from '../components/HelpNumbers.tsx';
import { Icon } from '../components/Icon.tsx';
import { useDismiss } from './use-dismiss.ts';
import { useFirstScreenMark } from './use-first-screen.ts';
import { useHydrated } from './use-hydrated.ts';

const PANEL_ID = 'help-panel';

export interface HelpWidgetProps {
  labels: { open: string; close: string; title: string; greeting: string; book: string; insurance: string; directions: string; call: string; emergency: string; newTab: string };
  /** Directions: one link per clinic, named by its city. */
  links: { book: string; insurance: string; directions: { label: string; href: string }[]; call: string };
  /** The practice's number as written, shown beside "Call us" (the link dials it). */
  phone: string;
  /** The current notices (a closure), shown first. */
  notices?: string[];
}

export function HelpWidget({ labels, links, phone, notices = [] }: HelpWidgetProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  const onKeyDown = useDismiss(open, close, root);
  useFirstScreenMark();

  if (!hydrated) {
    return (
      <div className="help">
        <a className="help__toggle" href={links.book} aria-label={labels.book}>
          <Icon icon={MessageCircle} size={26} />
        </a>
      </div>
    );
  }
  return (
    <div className="help" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="help__toggle"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label={open ? labels.close : labels.open}
        onClick={() => setOpen(!open)}
      >
        {open ? <Icon icon={X} size={26} /> : <Icon icon={MessageCircle} size={26} />}
      </button>
      <div id={PANEL_ID} className="help__panel" role="region" aria-labelledby={`${PANEL_ID}-title`} hidden={!open}>
        <p className="help__title" id={`${PANEL_ID}-title`}>{labels.title}</p>
        {notices.map((notice, i) => <p key={i} className="help__notice"><Icon icon={TriangleAlert} size={18} /> {notice}</p>)}
        {/* Before the links: on a small phone with a notice posted, it is in view without scrolling the panel. */}
        <p className="help__emergency"><Icon icon={TriangleAlert} size={18} /> <HelpNumbers text={labels.emergency} /></p>
        <p>{labels.greeting}</p>
        <ul className="help__links">
          <li><a href={links.book}><Icon icon={CalendarCheck} size={18} /> {labels.book}</a></li>
          <li><a href={links.insurance}><Icon icon={ShieldCheck} size={18} /> {labels.insurance}</a></li>
          {links.directions.map((place) => (
            <li key={place.href}>
              <a href={place.href} target="_blank" rel="noopener noreferrer">
                <Icon icon={Navigation} size={18} /> {place.label}
                <span className="visually-hidden">{` ${labels.newTab}`}</span>
              </a>
            </li>
          ))}
          <li><a href={links.call}><Icon icon={Phone} size={18} /> <span>{labels.call}: <span className="nowrap" dir="ltr">{phone}</span></span></a></li>
        </ul>
      </div>
    </div>
  );
}
