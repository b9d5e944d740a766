// Which pages dev re-renders after a content edit: exactly those whose render read something the
// edit changed, as recorded while they rendered (nothing is listed by hand).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affectedPages, type BuildState } from '../src/pipeline/state.ts';
import type { Route } from '../src/routes/routes.ts';
import { buildInto } from './helpers/fixtures.ts';

let state: BuildState;
let routes: Route[];
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const built = await buildInto({ track: true });
  state = built.result.state!;
  routes = built.result.routes;
  cleanup = built.cleanup;
});
afterAll(() => cleanup());

/** The URLs an edit of one content file affects: change(data) edits a copy of the file's data. */
function affected(rel: string, change: (data: any) => void): string[] {
  const files = new Map(state.files);
  const copy = structuredClone(files.get(rel));
  change(copy);
  files.set(rel, copy);
  return affectedPages(state, files).map((i) => routes[i]!.url);
}
const perLocale = (locale: string) => routes.filter((r) => r.locale === locale).length;

describe('pages re-rendered after an edit', () => {
  it('a key added to a content file: the pages that read that file', () => {
    const urls = affected('en/legal/privacy.md', (d) => (d.front.subtitle = 'A new subtitle'));
    expect(urls).toContain('/privacy');
    expect(urls.every((u) => !u.startsWith('/es'))).toBe(true);
  });

  it('a service\'s body or FAQs: only its own page', () => {
    expect(affected('en/services/vaccines.md', (d) => (d.html += '<p>More.</p>'))).toEqual(['/services/vaccines']);
    expect(affected('es/services/vaccines.md', (d) => (d.front.faqs[0].a = 'Otra respuesta.'))).toEqual(['/es/services/vaccines']);
  });

  it('a service\'s name: every page of that locale (it shows in the navigation)', () => {
    const urls = affected('es/services/vaccines.md', (d) => (d.front.name = 'Vacunación'));
    expect(urls).toHaveLength(perLocale('es'));
    expect(urls.every((u) => u.startsWith('/es/'))).toBe(true);
  });

  it('a page\'s own text: that page; its navigation label: every page of the locale', () => {
    expect(affected('en/pages/about.yaml', (d) => (d.hero.title = 'About our practice'))).toEqual(['/about']);
    expect(affected('en/pages/about.yaml', (d) => (d.navLabel = 'Who we are'))).toHaveLength(perLocale('en'));
  });

  it('the reviews: the pages that show them; a legal page: itself', () => {
    // One file for both languages, whose list every page showing reviews reads whole.
    expect(affected('reviews.yaml', (d) => (d[0].text.es = 'Excelente atención.'))).toEqual(['/', '/reviews', '/es/', '/es/reviews']);
    expect(affected('es/legal/hipaa.md', (d) => (d.html += '<p>Más.</p>'))).toEqual(['/es/hipaa']);
  });

  it('a fact every page shows: everything; a UI string: its locale', () => {
    expect(affected('site.yaml', (d) => (d.phone = '(407) 555-0199'))).toHaveLength(routes.length);
    expect(affected('en/ui.yaml', (d) => (d.emergency = 'In an emergency, call 911.'))).toHaveLength(perLocale('en'));
  });

  it('an edit that changes nothing: no page', () => {
    expect(affected('en/pages/about.yaml', () => {})).toEqual([]);
  });
});
