// Every internal link and asset reference resolves to a built page or file (a #fragment to an id there), or the build fails.
import { decodeHTMLAttribute } from 'entities';
import type { ContentLinks } from '../content/load-content.ts';
import { intern } from '../content/intern.ts';
import { closest } from '../content/suggest.ts';
import { inFile, Problem } from '../problems/problem.ts';
import type { Route } from '../routes/routes.ts';
import { canonicalPath, decodedSegment, type LocaleUrls } from '../routes/urls.ts';

export interface OutputIndex {
  /** URL → the page's ids: tens a page, as quick to search in a list as in a set, and lighter. */
  pages: Map<string, readonly string[]>;
  /** Public paths of every other file. */
  files: Set<string>;
  /** So "did you mean" offers pages of the link's own language. */
  localeOf?: (path: string) => string;
}

const REFERENCE = /\s(?:href|src)="([^"]*)"/g;
/** srcset: URLs each followed by a width or density ("/a-320.avif 320w, /a-640.avif 640w"). */
const SRCSET = /\ssrcset="([^"]*)"/gi;
const ID = /\sid="([^"]+)"/g;

/** Another origin or scheme ("https:", "//cdn…", "mailto:", "data:"): not the site's to check. */
const ELSEWHERE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** href/src on this site ("/…", "#…", and relative ones as Markdown from elsewhere writes them: "img/a.png"), without duplicates. */
export function referencesOf(html: string): string[] {
  const refs = new Set<string>();
  const candidates = [...Array.from(html.matchAll(REFERENCE), (m) => m[1]!), ...Array.from(html.matchAll(SRCSET), (m) => m[1]!.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '')).flat()];
  for (const raw of candidates) {
    // As the browser reads the attribute: "a&amp;b.png" is "a&b.png".
    const ref = raw.includes('&') ? decodeHTMLAttribute(raw) : raw;
    if (ref && !ELSEWHERE.test(ref)) refs.add(intern(ref));
  }
  return [...refs];
}

/**
 * A relative reference as the browser reads it on the page at `url` ("img/a.png" on /notes/guide: /notes/img/a.png); null when
 * the browser would leave the site ("\\other.example/", as "//other.example/"), undefined when it is no address at all.
 */
function absolute(ref: string, url: string): string | null | undefined {
  if ((ref.startsWith('/') && !ref.startsWith('//')) || ref.startsWith('#')) return ref;
  try {
    const { host, pathname, search, hash } = new URL(ref, `http://site${url}`);
    return host === 'site' ? pathname + search + hash : null;
  } catch {
    return undefined;
  }
}

/** decodeURI, or undefined for a "%" that starts no escape ("100%.png"). */
function decoded(path: string): string | undefined {
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}

export function idsOf(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(ID), (m) => intern(m[1]!)));
}

/** `kept` names a stretch that stands the same on many pages (read once). */
export interface Stretch {
  html: string;
  kept?: object;
}
const ofKept = new WeakMap<object, { refs: string[]; ids: string[] }>();

/** A repeated stretch is read once (no match spans two: they meet between tags). */
export function linksOf(parts: readonly Stretch[]): { refs: string[]; ids: string[] } {
  if (parts.length === 1) return { refs: referencesOf(parts[0]!.html), ids: [...idsOf(parts[0]!.html)] };
  const refs = new Set<string>();
  const ids = new Set<string>();
  for (const part of parts) {
    let found = part.kept && ofKept.get(part.kept);
    if (!found) {
      found = { refs: referencesOf(part.html), ids: [...idsOf(part.html)] };
      if (part.kept) ofKept.set(part.kept, found);
    }
    for (const ref of found.refs) refs.add(ref);
    for (const id of found.ids) ids.add(id);
  }
  return { refs: [...refs], ids: [...ids] };
}

interface Unresolved {
  code: 'link/broken' | 'file/missing-static';
  problem: string;
}

function resolves(ref: string, from: string, index: OutputIndex, staticDir: string, ownIds?: readonly string[]): Unresolved | undefined {
  const [pathAndQuery, fragment] = ref.split('#') as [string, string | undefined];
  const path = (pathAndQuery || from).split('?')[0]!;
  // "/c++" or "/c%2B%2B": the site's URLs are encoded once.
  const ids = pathAndQuery ? (index.pages.get(path) ?? index.pages.get(canonicalPath(path))) : (ownIds ?? index.pages.get(path));
  if (ids) {
    // An id is written as it is ("فريق"), a link to it percent-encoded or not.
    if (fragment && !ids.includes(fragment) && !ids.includes(decodedSegment(fragment))) return { code: 'link/broken', problem: `has no element with id "${fragment}" on ${path}` };
    return undefined;
  }
  const file = decoded(path);
  if (file === undefined) return { code: 'link/broken', problem: 'is not a valid address: a "%" starts an escape such as %20 (write %25 for a percent sign)' };
  if (index.files.has(file)) return undefined;
  // A link to a Markdown file (as another tool's docs link them) means its page.
  if (/\.md$/i.test(path)) return { code: 'link/broken', problem: `is a link to a Markdown file; link to its page's address instead (no ".md")` };
  // A path with a file extension is a file the site should have, not a page.
  if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) {
    return { code: 'file/missing-static', problem: `no such file; expected ${staticDir}${file}` };
  }
  const locale = index.localeOf?.(path);
  const hint = closest(path, locale === undefined ? index.pages.keys() : [...index.pages.keys()].filter((page) => index.localeOf!(page) === locale));
  return { code: 'link/broken', problem: `points at no page or file${hint ? ` (did you mean "${hint}"?)` : ''}` };
}

const TITLES = { 'link/broken': 'has a broken internal link', 'file/missing-static': 'refers to a missing static file' } as const;

/** A reference broken on many pages (a shared template) is reported once, with the pages it is on. */
export function checkOutputLinks(pages: { route: Route; refs: string[]; ids: string[] }[], index: OutputIndex, staticDir: string): Problem[] {
  const broken = new Map<string, Unresolved & { shown: string; routes: Route[]; relative: boolean }>();
  // A path resolves the same from every page: the header's and footer's are on all of them.
  const withPath = new Map<string, Unresolved | undefined>();
  for (const { route, refs, ids } of pages) {
    for (const written of refs) {
      let found: Unresolved | undefined;
      const ref = absolute(written, route.url);
      if (ref === null) continue; // another site's
      if (ref === undefined) found = { code: 'link/broken', problem: 'is not a valid address' };
      else if (ref.startsWith('#')) found = resolves(ref, route.url, index, staticDir, ids);
      else if (withPath.has(ref)) found = withPath.get(ref);
      else withPath.set(ref, (found = resolves(ref, route.url, index, staticDir)));
      if (!found) continue;
      const key = `${ref ?? written}\0${found.problem}`;
      // A relative reference is named as written, and where it leads from the page; a file, with an address that leads the same from every page.
      const relative = ref !== written && ref !== undefined;
      // A picture goes in images/; any other file at the static folder's top (a script in images/ reads as a mistake).
      const name = (ref ?? '').split(/[?#]/)[0]!.split('/').pop()!;
      const folder = /\.(avif|gif|jpe?g|png|svg|webp)$/i.test(name) ? 'images/' : '';
      const fromRoot = relative && found.code === 'file/missing-static' ? `; or put it in ${staticDir}/${folder} and write /${folder}${name}, the same from every page` : '';
      const entry = broken.get(key) ?? { ...found, problem: found.problem + fromRoot, shown: relative ? `"${written}" (${ref})` : `"${written}"`, routes: [], relative };
      if (!entry.routes.includes(route)) entry.routes.push(route);
      broken.set(key, entry);
    }
  }
  const problems: Problem[] = [];
  for (const { code, shown, problem, routes, relative } of broken.values()) {
    const detail = [{ path: shown, message: problem }];
    if (routes.length <= 3) {
      for (const route of routes) problems.push(new Problem(code, { page: route.url, output: route.file }, TITLES[code], detail));
    } else {
      // A template writes an address the same on every page; a relative one shared by a folder's pages is as likely their text.
      const title = code !== 'link/broken' ? 'refer to a missing static file' : relative ? 'share a broken relative link, from their text or a template' : 'share a broken internal link, probably from a template';
      problems.push(new Problem(code, { pages: routes.slice(0, 3).map((r) => r.url), total: routes.length }, title, detail));
    }
  }
  return problems;
}

/** `sources`: static/ files a plugin turns into others (photos): an image may show one. */
export function checkContentLinks(links: ContentLinks, index: OutputIndex, urls: LocaleUrls, staticDir: string, sources: ReadonlySet<string> = new Set()): Problem[] {
  const problems: Problem[] = [];
  for (const { file, locale, links: found } of links) {
    for (const link of found) {
      const at = { line: link.line, col: 1 };
      const unresolved = link.image && sources.has(decoded(link.href) ?? link.href) ? undefined : resolves(link.href, '/', index, staticDir);
      if (unresolved) {
        const title = link.image ? 'shows an image that does not exist' : 'links to a page that does not exist';
        problems.push(inFile(unresolved.code, file, title, [{ path: `"${link.href}"`, message: unresolved.problem }], at));
      } else if (urls.localeOfPath(link.href) !== locale && index.pages.has(link.href.split('#')[0]!)) {
        const other = urls.localeOfPath(link.href);
        // Most likely a link copied from the other locale's file: name this locale's page.
        const meant = urls.href(locale, urls.pathOf(link.href));
        const hint = index.pages.has(meant.split('#')[0]!) ? `; did you mean "${meant}", the same page in "${locale}"?` : '';
        problems.push(inFile('link/cross-locale', file, `links to a page in another language (${other})`, [{ path: `"${link.href}"`, message: `pages in "${locale}" should link to pages in "${locale}"${hint}` }], at));
      }
    }
  }
  return problems;
}
