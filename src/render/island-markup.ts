// What the server writes and the client reads to find islands: shared by both, importing nothing.

/** The element that wraps each island. */
export const ISLAND_TAG = 'site-island';

/** The element id of the JSON blob holding every island's props. */
export const ISLAND_PROPS_ID = 'island-props';
