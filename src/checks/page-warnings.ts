// What a browser will ignore or a search engine confuse in rendered pages: warnings, errors with --strict.
import type { Route } from '../routes/routes.ts';
import type { SiteDefinition, Warning } from '../site/definition.ts';

/** What these warnings need of a rendered page: its route's index, whether it has style="…", its title. */
interface RenderedPage {
  index: number;
  styled?: boolean;
  title?: string;
}

/** The site's headers option (its Content-Security-Policy among them). */
type Headers = NonNullable<SiteDefinition['output']>['headers'];

/** style="…" attributes while the site's policy allows no inline style (the browser ignores them): a warning per kind of page. */
export function inlineStyleWarnings(option: Headers, routes: readonly Route[], pages: readonly RenderedPage[]): Warning[] {
  if (option === false || typeof option === 'function') return [];
  const styleSrc = option?.csp?.['style-src'];
  if (styleSrc === false || styleSrc?.includes("'unsafe-inline'")) return [];
  const byPage = new Map<string, string[]>();
  for (const p of pages.filter((page) => page.styled)) byPage.set(routes[p.index]!.page, [...(byPage.get(routes[p.index]!.page) ?? []), routes[p.index]!.url]);
  return [...byPage].map(([page, urls]) => ({
    file: `page "${page}"`,
    message: `${urls.length} ${urls.length === 1 ? 'page has' : 'pages have'} style="…" attributes (${urls.slice(0, 2).join(', ')}${urls.length > 2 ? ', …' : ''}), which the Content-Security-Policy (style-src 'self') blocks: give the element a class in the stylesheet instead of a style={{…}} prop`,
  }));
}

/** One title on pages of different kinds in one locale: usually a meta() that does not know a page (a plugin's). */
export function sharedTitles(routes: readonly Route[], pages: readonly RenderedPage[]): Warning[] {
  const seen = new Map<string, Route>();
  const warned = new Set<string>();
  const warnings: Warning[] = [];
  for (const page of pages) {
    const route = routes[page.index]!;
    if (!page.title || route.notFound) continue;
    const key = `${route.locale}\0${page.title}`;
    const first = seen.get(key);
    if (!first) seen.set(key, route);
    else if (first.page !== route.page && !warned.has(`${key}\0${route.page}`)) {
      warned.add(`${key}\0${route.page}`);
      warnings.push({ file: `page "${route.page}"`, message: `${route.url} has the title of ${first.url} (page "${first.page}"): "${page.title}". The site's meta() may not know page "${route.page}": give it a title there, or the plugin's route its own meta` });
    }
  }
  return warnings;
}
