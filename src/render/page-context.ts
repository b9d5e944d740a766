// The React context through which templates read the page being rendered.
import { useContext } from 'react';
import { PageContext } from '../site/page-context.ts';
import type { PageData } from '../site/page-data.ts';

export type { PageData };
export { PageContext };

/** The page being rendered; the site types it with its content: usePage<SiteContent>(). */
export function usePage<C>(): PageData<C> {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside a page render');
  return page as PageData<C>;
}
