// When a change on main does not pass the site's checks, the person who made it is told in plain
// words, in an issue assigned to them (GitHub emails it): that patients still see the site as it
// was, what to fix (file, line, what is wrong) and that saving the fix publishes it. Made from the
// build's --report file. Content never reaches the issue as Markdown: each message is quoted as
// plain text (no mention, link, image or HTML in it takes effect).
// Usage: node .github/scripts/failure-issue.mjs problems.json <author login> <commit sha> <run URL> → title on the first line, body after.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Text safe inside a Markdown code block: no fence can close it. */
const plain = (text) => String(text).replace(/`/g, 'ˋ').replace(/\r/g, '');
const login = (name) => (/^[A-Za-z0-9-]{1,39}$/.test(name ?? '') ? name : undefined);

export function failureIssue(report, { author, sha, runUrl }) {
  const problems = (report?.problems ?? []).slice(0, 20);
  const files = [...new Set(problems.map((p) => p.file).filter(Boolean))];
  const who = login(author);
  const title = files.length === 1 ? `Your change was not published: ${plain(files[0])} needs a fix` : problems.length ? `Your change was not published: ${problems.length} problems to fix` : "Your change was not published: the site's checks did not pass";
  const items = problems.map((p, i) => {
    const where = p.file ? `**${plain(p.file)}${p.line ? `, line ${p.line}` : ''}**` : '**the site as a whole**';
    return `${i + 1}. ${where}\n\n   \`\`\`text\n${plain(p.message).split('\n').map((l) => `   ${l}`).join('\n')}\n   \`\`\``;
  });
  const body = [
    `${who ? `@${who}, y` : 'Y'}our change (commit ${plain(String(sha).slice(0, 7))}) was saved, but **the website was not updated**: the site's checks found ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}.`,
    '',
    'Patients still see the site as it was before this change: nothing is broken for them. Later changes wait until this is fixed.',
    '',
    '### What to fix',
    '',
    ...(items.length ? items : ['The checks stopped before naming a file. A developer needs to look: reply here to ask.']),
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
  const issue = failureIssue(report, { author: process.argv[3], sha: process.argv[4], runUrl: process.argv[5] });
  console.log(`${issue.title}\n${issue.body}`);
}
