// The commit the scheduled rebuild builds: the newest commit on main whose checks passed (a
// successful push run of this workflow), so dated content appears and expires on time even while a
// later commit is red. Input: the JSON of GitHub's "list workflow runs" answer.
// Usage: node .github/scripts/last-good.mjs runs.json → prints "sha=<commit>" (nothing when none passed).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function lastGoodCommit(answer) {
  const runs = (answer?.workflow_runs ?? []).filter((run) => run.conclusion === 'success' && run.event === 'push' && run.head_branch === 'main' && /^[0-9a-f]{40}$/.test(run.head_sha ?? ''));
  runs.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return runs[0]?.head_sha;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sha = lastGoodCommit(JSON.parse(readFileSync(process.argv[2], 'utf8')));
  if (sha) console.log(`sha=${sha}`);
}
