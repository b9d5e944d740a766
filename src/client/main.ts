// The island reviver: hydrates each <site-island> with its props from the page's JSON blob, using
// Preact (aliased for react in the client bundle). Browser code: imports nothing from Node.
import { h, hydrate, type ComponentType } from 'preact';
import { ISLAND_PROPS_ID, ISLAND_TAG } from '../render/island-markup.ts';
import { islands } from '../../templates/islands/index.ts';

function revive(): void {
  const blob = document.getElementById(ISLAND_PROPS_ID);
  const props: unknown[] = blob ? JSON.parse(blob.textContent || '[]') : [];
  for (const element of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    const Component = islands[element.dataset.island as keyof typeof islands] as unknown as ComponentType<object> | undefined;
    if (!Component) continue;
    hydrate(h(Component, props[Number(element.dataset.props)] as object), element);
  }
}

if (document.documentElement.dataset.page === 'not-found') {
  console.error(`404: no page at ${location.pathname}`);
}
revive();
