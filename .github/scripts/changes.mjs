// Which checks a change needs. A change to content only (the staff's edits: content/ and the editor's
// uploads) runs the build's checks and the page tests; anything else, the whole suite. Every job
// still reports (a job skipped by its `if:` counts as passed), so required checks never hang.
// Usage: node .github/scripts/changes.mjs <changed path>... → prints "code=true" or "code=false".
import { pathToFileURL } from 'node:url';

/** Paths the office staff change through the editor: nothing in them is code. */
const CONTENT = [/^content\//, /^static\/images\/uploads\//];

/** Whether a change needs the whole suite: any path outside content, or no list at all (unknown). */
export function needsWholeSuite(paths) {
  const list = paths.filter(Boolean);
  return list.length === 0 || list.some((path) => !CONTENT.some((pattern) => pattern.test(path)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`code=${needsWholeSuite(process.argv.slice(2))}`);
}
