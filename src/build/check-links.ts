// Every internal link and asset reference must resolve to a built file (and a #fragment on another
// page to an element id there), or the build fails naming the page and the link.
import { ContentError, InputErrors } from '../content/errors.ts';
import type { ContentLinks } from '../content/load-content.ts';
import { closest } from '../content/suggest.ts';
import type { Route } from '../routes/routes.ts';
import { localeOfPath } from '../routes/urls.ts';

export interface OutputIndex {
  /** URL → the ids on that page. */
  pages: Map<string, Set<string>>;
  /** Public paths of every other file ("/assets/site-AB12.css", "/favicon.svg"). */
  files: Set<string>;
}

const REFERENCE = /\s(?:href|src)="([^"]*)"/g;
const ID = /\sid="([^"]+)"/g;

/** The local references (href/src to "/..." or "#...") of an HTML page, without duplicates. */
export function referencesOf(html: string): string[] {
  const refs = new Set<string>();
  for (const [, ref] of html.matchAll(REFERENCE)) {
    if ((ref!.startsWith('/') && !ref!.startsWith('//')) || ref!.startsWith('#')) refs.add(ref!);
  }
  return [...refs];
}

/** The element ids of an HTML page. */
export function idsOf(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(ID), (m) => m[1]!));
}

function resolves(ref: string, from: string, index: OutputIndex, ownIds?: Set<string>): string | undefined {
  const [pathAndQuery, fragment] = ref.split('#') as [string, string | undefined];
  const path = (pathAndQuery || from).split('?')[0]!;
  const ids = pathAndQuery ? index.pages.get(path) : (ownIds ?? index.pages.get(path));
  if (ids) {
    if (fragment && !ids.has(fragment)) return `has no element with id "${fragment}" on ${path}`;
    return undefined;
  }
  if (index.files.has(decodeURI(path))) return undefined;
  const hint = closest(path, index.pages.keys());
  return `points at no page or file${hint ? ` (did you mean "${hint}"?)` : ''}`;
}

/** Checks the site-internal references of every rendered page. A link broken on many pages (from a
 * shared template) is reported once, with the pages it is on. */
export function checkOutputLinks(pages: { route: Route; refs: string[]; ids: string[] }[], index: OutputIndex): ContentError[] {
  const broken = new Map<string, { ref: string; problem: string; routes: Route[] }>();
  for (const { route, refs, ids } of pages) {
    const ownIds = new Set(ids);
    for (const ref of refs) {
      const problem = resolves(ref, route.url, index, ownIds);
      if (!problem) continue;
      const key = `${ref}\0${problem}`;
      const entry = broken.get(key) ?? { ref, problem, routes: [] };
      if (!entry.routes.includes(route)) entry.routes.push(route);
      broken.set(key, entry);
    }
  }
  const errors: ContentError[] = [];
  for (const { ref, problem, routes } of broken.values()) {
    if (routes.length <= 3) {
      for (const route of routes) errors.push(new ContentError(`page ${route.url} (${route.file})`, 'has a broken internal link', [{ path: `"${ref}"`, message: problem }]));
    } else {
      const shown = routes.slice(0, 3).map((r) => r.url).join(', ');
      errors.push(new ContentError(`${routes.length} pages (${shown}, ...)`, 'share a broken internal link, probably from a template', [{ path: `"${ref}"`, message: problem }]));
    }
  }
  return errors;
}

/** Checks the links written in Markdown content, with the file and line they were written on. */
export function checkContentLinks(links: ContentLinks, index: OutputIndex): void {
  const errors: ContentError[] = [];
  for (const { file, locale, links: found } of links) {
    for (const link of found) {
      const problem = resolves(link.href, '/', index);
      if (problem) {
        errors.push(new ContentError(file, 'links to a page that does not exist', [{ path: `"${link.href}"`, message: problem }], { line: link.line, col: 1 }));
      } else if (localeOfPath(link.href) !== locale && index.pages.has(link.href.split('#')[0]!)) {
        errors.push(new ContentError(file, `links to a page in another language (${localeOfPath(link.href)})`, [{ path: `"${link.href}"`, message: `a ${locale} page should link to ${locale} pages` }], { line: link.line, col: 1 }));
      }
    }
  }
  if (errors.length) throw new InputErrors(errors);
}
