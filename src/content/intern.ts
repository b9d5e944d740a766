// Texts a build keeps until its checks, one copy of each (checks/links.ts, markdown.ts, render-pool.ts).
/** Interned copies; cleared past this many, so a long `dev` session cannot grow it without end. */
const INTERNED_MAX = 100_000;
const interned = new Map<string, string>();

/** One flat copy of a text kept until the checks: a match is a slice that would keep its whole page alive; most repeat per page. */
export function intern(text: string, own = false): string {
  let kept = interned.get(text);
  if (kept === undefined) {
    if (interned.size >= INTERNED_MAX) interned.clear();
    // Parsing makes a new string, not a slice; a string of its own (`own`: a message's) is kept as it is.
    kept = own ? text : (JSON.parse(JSON.stringify(text)) as string);
    interned.set(kept, kept);
  }
  return kept;
}
