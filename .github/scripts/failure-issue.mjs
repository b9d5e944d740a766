// When a change on main does not pass the site's checks, the person who made it is told in plain
// words, in an issue assigned to them (GitHub emails it): that patients still see the site as it
// was, what to fix (the file, and the entry and field as the editor names them) and that saving the
// fix publishes it. Made from the build's --report file and, when the build passed but a page check
// did not, from the page tests' JSON report. Content never reaches the issue as Markdown: file names
// are inline code and every message sits in a code block (no mention, link, image or HTML in them
// takes effect, whatever they hold).
// Usage: node .github/scripts/failure-issue.mjs problems.json <author login> <commit sha> <run URL> [checks.json]
//   → title on the first line, body after.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Text safe inside a Markdown code block or code span: no backtick to close it, no control character. */
const plain = (text) => String(text).replace(/`/g, 'ˋ').replace(/\r/g, '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '\ufffd');
/** A file name as inline code: never a link, mention or tag, whatever it holds. */
const code = (text) => `\`${plain(text).replace(/\n/g, ' ')}\``;
const block = (lines) => `   \`\`\`text\n${lines.map((l) => plain(l).split('\n').map((x) => `   ${x}`).join('\n')).join('\n')}\n   \`\`\``;
const login = (name) => (/^[A-Za-z0-9-]{1,39}$/.test(name ?? '') ? name : undefined);

/** The page checks that failed (vitest's JSON report): the check's name and the first lines of what it found. */
function failedChecks(checks) {
  const failed = [];
  for (const file of checks?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const found = String(test.failureMessages?.[0] ?? '').split('\n').filter((l) => l.trim() && !/^\s+at /.test(l)).slice(0, 6);
      failed.push({ name: [...(test.ancestorTitles ?? []), test.title].filter(Boolean).join(' › '), found });
    }
  }
  return failed;
}

export function failureIssue(report, { author, sha, runUrl, checks }) {
  const problems = (report?.problems ?? []).slice(0, 20);
  const failed = problems.length ? [] : failedChecks(checks).slice(0, 10);
  const files = [...new Set(problems.map((p) => p.file).filter(Boolean))];
  const who = login(author);
  const title = files.length === 1 ? `Your change was not published: ${plain(files[0]).replace(/\n/g, ' ')} needs a fix` : problems.length ? `Your change was not published: ${problems.length} problems to fix` : "Your change was not published: the site's checks did not pass";
  const items = problems.map((p, i) => {
    const where = p.file ? `**${code(p.file)}${p.line ? `, line ${Number(p.line) || ''}` : ''}**` : '**the site as a whole**';
    // In the editor's words where the build has them ("Locations › Miami › Opening hours: …").
    return `${i + 1}. ${where}\n\n${block(p.words?.length ? p.words : [p.message])}`;
  });
  const checkItems = failed.map((f, i) => `${i + 1}. **A check of the pages**: ${code(f.name)}\n\n${block(f.found.length ? f.found : ['(no details)'])}`);
  const count = problems.length || failed.length;
  const body = [
    `${who ? `@${who}, y` : 'Y'}our change (commit ${plain(String(sha).slice(0, 7))}) was saved, but **the website was not updated**: the site's checks found ${count === 1 ? 'a problem' : count ? `${count} problems` : 'a problem'}.`,
    '',
    'Patients still see the site as it was before this change: nothing is broken for them. Later changes wait until this is fixed.',
    '',
    '### What to fix',
    '',
    ...(items.length ? items : checkItems.length ? ['The content was read without errors, but a check of the built pages did not pass. The check and what it found:', '', ...checkItems] : ['The checks stopped before they could read the content (the checking machine, not your change, may be at fault). Reply here and a developer will look; saving again later may also work.']),
    '',
    '### What to do',
    '',
    '- Open the editor (`/admin/` on the site), find the page named above, correct it and save. The usual mistakes are a link to a page that does not exist, text missing in one of the two languages, or a placeholder left in.',
    '- Once the fix is saved, the site is checked again and published within a few minutes, and this issue closes by itself.',
    "- Not sure what is wrong? Reply here and a developer will help. To undo your change instead, see \"Undo a change\" in the editing guide.",
    '',
    `Details for developers: ${plain(runUrl ?? '')}`,
  ].join('\n');
  return { title, body, assignee: who };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let report = {};
  try {
    report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  } catch {
    // no report: the build stopped before checking
  }
  let checks;
  try {
    checks = JSON.parse(readFileSync(process.argv[6] ?? 'checks.json', 'utf8'));
  } catch {
    // no page checks ran
  }
  const issue = failureIssue(report, { author: process.argv[3], sha: process.argv[4], runUrl: process.argv[5], checks });
  console.log(`${issue.title}\n${issue.body}`);
}
