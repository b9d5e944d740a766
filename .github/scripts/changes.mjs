// Which checks a change needs. A change to content only (the staff's edits: content/ and the editor's
// uploads) runs the build's checks and the page tests; anything else, the whole suite. Every job
// still reports (a job skipped by its `if:` counts as passed), so required checks never hang.
// Usage: git diff --name-only --no-renames -z A B | node .github/scripts/changes.mjs
//   → prints "code=true" or "code=false". Names come NUL-separated on standard input, as git writes
//   them with -z: a name with a space, a newline or a glob character is one name, never split or
//   expanded by a shell. --no-renames lists both sides of a rename (git mv src/x.ts content/x.ts is
//   a change to src/ as well as content/). Names given as arguments are read too (for tests by hand).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Paths the office staff change through the editor: nothing in them is code. */
const CONTENT = [/^content\//, /^static\/images\/uploads\//];

/** Whether a change needs the whole suite: any path outside content, or no list at all (unknown). */
export function needsWholeSuite(paths) {
  const list = paths.filter(Boolean);
  return list.length === 0 || list.some((path) => path.split('/').includes('..') || !CONTENT.some((pattern) => pattern.test(path)));
}

/** The names of git's -z output: NUL-separated, the last one NUL-terminated. */
export function namesOf(output) {
  return output.split('\0').filter(Boolean);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const names = args.length ? args : namesOf(process.stdin.isTTY ? '' : readFileSync(0, 'utf8'));
  console.log(`code=${needsWholeSuite(names)}`);
}
