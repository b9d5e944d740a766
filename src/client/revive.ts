// The island reviver: hydrates each <site-island> with its props from the page's JSON blob, using Preact (aliased for react).
// Browser code: imports nothing from Node.
import { h, hydrate, type ComponentType } from 'preact';
import { ISLAND_PROPS_ID, ISLAND_TAG } from '../render/island-markup.ts';

/** The site's islands by name; each is typed by the site with its own props, which the page's blob holds. */
export function revive(islands: Record<string, ComponentType<never>>): void {
  if (document.documentElement.dataset.notFound !== undefined) {
    console.error(`404: no page at ${location.pathname}`);
  }
  const blob = document.getElementById(ISLAND_PROPS_ID);
  const props: unknown[] = blob ? JSON.parse(blob.textContent || '[]') : [];
  for (const element of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    const Component = islands[element.dataset.island ?? ''] as ComponentType<object> | undefined;
    if (!Component) continue;
    hydrate(h(Component, props[Number(element.dataset.props)] as object), element);
  }
}
