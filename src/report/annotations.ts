// In GitHub Actions each problem is also an ::error workflow command (warnings ::warning), shown on the pull request's line.
import { randomBytes } from 'node:crypto';
import { inert } from '../problems/inert.ts';
import type { Problem } from '../problems/problem.ts';
import type { Warning } from '../site/definition.ts';

/** Escapes as GitHub's workflow commands require: the message, and (stricter) a property value. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function inGitHubActions(): boolean {
  return process.env.GITHUB_ACTIONS === 'true';
}

export function annotations(problems: Problem[], warnings: Warning[] = []): string[] {
  const lines = problems.map((p) => {
    const where = [p.file && `file=${property(p.file)}`, p.position && `line=${p.position.line}`, p.position && `col=${p.position.col}`, `title=${property(p.code)}`].filter(Boolean).join(',');
    const message = p.file ? [p.title, ...p.details.map((d) => `${d.path ? `${d.path}: ` : ''}${d.message}`)].join('\n') : p.format();
    return `::error ${where}::${data(message)}`;
  });
  for (const w of warnings) lines.push(`::warning file=${property(inert(w.file))}::${data(inert(w.message))}`);
  return lines;
}

/** Untrusted text between ::stop-commands:: and its token (GitHub's advice): no line of it is read as a workflow command. */
export function untrustedLog(text: string): string {
  const token = randomBytes(16).toString('hex');
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}
