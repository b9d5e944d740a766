// The current notices (content/notices.yaml, on the build's day): a banner under the header on every
// page, and a clinic's own on its card. The daily rebuild makes them appear and go.
import { usePage } from '../context.ts';
import { currentNotices } from '../site/notices.ts';
import { TriangleAlert } from './icons.ts';
import { Icon } from './Icon.tsx';

export function NoticeBanner() {
  const { content, text, locale } = usePage();
  const notices = currentNotices(content.notices, content.today);
  if (!notices.length) return null;
  return (
    <aside className="notices" aria-label={text.ui.notices.label}>
      <div className="container">
        {notices.map((notice, i) => (
          <p key={i} className="notices__item">
            <Icon icon={TriangleAlert} size={18} /> {notice.text[locale as 'en' | 'es']}
          </p>
        ))}
      </div>
    </aside>
  );
}

/** A clinic's current notices (its own, and those for every clinic), for its card. */
export function LocationNotices({ location }: { location: string }) {
  const { content, locale } = usePage();
  const notices = currentNotices(content.notices, content.today).filter((n) => !n.location || n.location === location);
  return notices.map((notice, i) => (
    <p key={i} className="location__notice">
      <Icon icon={TriangleAlert} size={16} /> {notice.text[locale as 'en' | 'es']}
    </p>
  ));
}
