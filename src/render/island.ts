// Server side of islands: each renders inside a <site-island> marker and records its props, in one JSON blob per page that
// src/client/revive.ts reads to hydrate just these elements. Pages without islands ship no script.
import { createContext, createElement as h, useContext, type ComponentType } from 'react';
import { ISLAND_PROPS_ID } from './island-markup.ts';

export interface IslandRecord {
  name: string;
  props: unknown;
}

/** Collects the islands of one page render. */
export const IslandCollector = createContext<IslandRecord[] | null>(null);


/** Wraps an island component so that the server marks it for hydration. */
export function island<P extends object>(name: string, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const collected = useContext(IslandCollector);
    if (!collected) throw new Error(`island "${name}" rendered outside a page render`);
    const index = collected.push({ name, props }) - 1;
    return h('site-island', { 'data-island': name, 'data-props': index }, h(Component, props));
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/** Each record's props as JSON, made once: the islands of a shared part (shared.ts) appear on every page. */
const jsonOf = new WeakMap<IslandRecord, string>();
function propsJson(island: IslandRecord): string {
  let json = jsonOf.get(island);
  if (json === undefined) jsonOf.set(island, (json = JSON.stringify(island.props) ?? 'null'));
  return json;
}

/** The JSON blob (an array of each island's props); "<" is escaped so no string can close the script element. */
export function IslandProps({ islands }: { islands: IslandRecord[] }) {
  const json = `[${islands.map(propsJson).join(',')}]`.replace(/</g, '\\u003c');
  return h('script', { type: 'application/json', id: ISLAND_PROPS_ID, dangerouslySetInnerHTML: { __html: json } });
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'site-island': { 'data-island': string; 'data-props': number; children?: React.ReactNode };
    }
  }
}
