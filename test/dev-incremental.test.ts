// Which pages dev re-renders after a content edit: only those that depend on the changed file.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/load-content.ts';
import type { SiteContent } from '../src/content/types.ts';
import { affectedRoutes } from '../src/dev/incremental.ts';
import { planRoutes, type Route } from '../src/routes/routes.ts';
import { CONTENT } from './helpers/fixtures.ts';

let content: SiteContent;
let routes: Route[];
beforeAll(async () => {
  ({ content } = await loadContent(CONTENT));
  routes = planRoutes(content);
});

const urls = (changed: string[], after = content) => affectedRoutes(routes, changed, content, after).map((r) => r.url);

describe('pages re-rendered after an edit', () => {
  it('a service\'s body or FAQs: only its own page', () => {
    expect(urls(['en/services/vaccines.md'])).toEqual(['/services/vaccines']);
  });

  it('a service\'s name: every page of that locale (it shows in the navigation)', () => {
    const renamed = structuredClone(content);
    renamed.locales.es.services['vaccines']!.front.name = 'Vacunación';
    const affected = urls(['es/services/vaccines.md'], renamed);
    expect(affected).toHaveLength(33);
    expect(affected.every((u) => u.startsWith('/es/'))).toBe(true);
  });

  it('a page\'s text: that page; the reviews: home and reviews', () => {
    expect(urls(['en/pages/about.yaml'])).toEqual(['/about']);
    expect(urls(['es/reviews.yaml'])).toEqual(['/es/', '/es/reviews']);
    expect(urls(['es/legal/hipaa.md'])).toEqual(['/es/hipaa']);
  });

  it('site-wide files and UI strings: everything', () => {
    expect(urls(['site.yaml'])).toHaveLength(66);
    expect(urls(['en/ui.yaml'])).toHaveLength(66);
  });
});
