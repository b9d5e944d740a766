// Markup the same on every page of a locale (<Shared id="…">: a footer, a help widget) is rendered once per locale and build,
// then spliced into each page: React's work on a page's frame is often most of its work. The output is byte for byte that
// of a full render (test/splice.test.ts), island indexes included. Not used in dev, where each page must read what it shows.
import { createContext, createElement as h, useContext, type ReactNode } from 'react';
import { IslandCollector, type IslandRecord } from './island.ts';
import { PageContext } from './page-context.ts';

/** A kept part: its markup cut where island indexes stand (counted from 0 in `indexes`), and those islands' records. */
export interface SharedPart {
  pieces: string[];
  indexes: number[];
  islands: IslandRecord[];
}

/** The parts kept during one build (one thread), by locale and id. */
export type SharedParts = Map<string, SharedPart>;

/** One <Shared> of the page being rendered: where it stands in the island order, and its kept part when there is one. */
interface Placement {
  key: string;
  id: string;
  offset: number;
  kept?: SharedPart;
}

/** The sharing state of one page render: absent for a full render. */
export interface Sharing {
  parts: SharedParts;
  placed: Placement[];
}

export const SharingContext = createContext<Sharing | null>(null);
const InsideShared = createContext<string | null>(null);

const open = (id: string) => `<site-shared data-id="${id}">`;
const CLOSE = '</site-shared>';

/** Keeps a part's markup cut at its island indexes, so that placing it is a join, not a search. */
function keep(html: string, offset: number, islands: IslandRecord[]): SharedPart {
  const pieces: string[] = [];
  const indexes: number[] = [];
  let last = 0;
  // An island's index as React writes it (island.ts).
  for (const match of html.matchAll(/(<site-island data-island="[^"]*" data-props=")(\d+)"/g)) {
    const at = match.index + match[1]!.length;
    pieces.push(html.slice(last, at));
    indexes.push(Number(match[2]) - offset);
    last = at + match[2]!.length;
  }
  pieces.push(html.slice(last));
  return { pieces, indexes, islands: islands.slice(offset, offset + indexes.length) };
}

/** A kept part's markup with its islands numbered from `offset`. */
function place(part: SharedPart, offset: number): string {
  let html = part.pieces[0]!;
  for (let i = 0; i < part.indexes.length; i++) html += String(part.indexes[i]! + offset) + part.pieces[i + 1]!;
  return html;
}

/**
 * Markup the same on every page of a locale: rendered on the first page, reused on the others. It may depend on the locale
 * and content, never on the page (route, own content, a "current" link), unless `vary` says how: then one is kept per
 * locale and value. A site's splice test proves it.
 */
export function Shared({ id, vary, children }: { id: string; vary?: string; children: ReactNode }) {
  const sharing = useContext(SharingContext);
  const outer = useContext(InsideShared);
  const collected = useContext(IslandCollector);
  const page = useContext(PageContext);
  if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new Error(`<Shared id="${id}">: an id is lower-case letters, digits and hyphens, starting with a letter`);
  if (outer) throw new Error(`<Shared id="${id}"> is inside <Shared id="${outer}">: shared parts do not nest`);
  const inner = h(InsideShared.Provider, { value: id }, children);
  if (!sharing || !collected || !page) return inner;
  const key = vary === undefined ? `${page.locale}\0${id}` : `${page.locale}\0${id}\0${vary}`;
  if (sharing.placed.some((p) => p.id === id)) throw new Error(`<Shared id="${id}"> is used twice on one page: give each part its own id`);
  const kept = sharing.parts.get(key);
  sharing.placed.push({ key, id, offset: collected.length, kept });
  if (!kept) return h('site-shared', { 'data-id': id }, inner);
  // Its islands take their places in the page's order now, so the islands after it are numbered right.
  collected.push(...kept.islands);
  return h('site-shared', { 'data-id': id });
}

/** A stretch of a page's markup: a kept shared part where it was placed, or markup of the page's own. */
export interface PagePart {
  html: string;
  /** The kept part this stretch is (the same object on every page of the locale). */
  kept?: SharedPart;
}

/**
 * The page's markup with each marker replaced, as stretches: a first rendering is unwrapped and kept, an empty marker gets
 * the kept markup, its islands renumbered. Whatever reads every page (the link check) reads a kept part once.
 */
export function splice(html: string, sharing: Sharing, islands: IslandRecord[]): PagePart[] {
  const parts: PagePart[] = [];
  let from = 0;
  for (const { key, id, offset, kept } of sharing.placed) {
    const start = html.indexOf(open(id), from);
    if (start < 0) throw new Error(`<Shared id="${id}">: its marker is missing from the page`);
    const bodyStart = start + open(id).length;
    const end = html.indexOf(CLOSE, bodyStart);
    let part = kept;
    let body: string;
    if (part) body = place(part, offset);
    else sharing.parts.set(key, (part = keep((body = html.slice(bodyStart, end)), offset, islands)));
    parts.push({ html: html.slice(from, start) }, { html: body, kept: part });
    from = end + CLOSE.length;
  }
  parts.push({ html: html.slice(from) });
  return parts;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'site-shared': { 'data-id': string; children?: React.ReactNode };
    }
  }
}
