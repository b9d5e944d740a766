// --report FILE: every problem and warning of a build as JSON. Written whole (a temporary file renamed), never into the
// output or source folders, nor over a file it did not write (package.json, /dev/null): only a report of ours is replaced.
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ENGINE } from '../files/about.ts';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Problem } from '../problems/problem.ts';
import { shown } from '../problems/shown.ts';
import { UsageError } from '../problems/usage-error.ts';
import type { Warning } from '../site/definition.ts';

const inside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
};

/** Refuses, before the build, a report path in a folder the build owns or reads, or over a file not a report of ours. */
export function checkReportPath(file: string, folders: { path: string; name: string }[]): void {
  const path = resolve(file);
  for (const folder of folders) {
    if (inside(path, resolve(folder.path))) throw new UsageError(`--report ${file} is inside the ${folder.name} folder (${shown(folder.path)}); write the report elsewhere, such as problems.json beside the site definition.`);
  }
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return; // a new file
  }
  const elsewhere = 'write the report to a new file, such as problems.json beside the site definition';
  if (!stat.isFile()) throw new UsageError(`--report ${file} is ${stat.isSymbolicLink() ? 'a symbolic link' : stat.isDirectory() ? 'a folder' : 'not a regular file'}; ${elsewhere}.`);
  if (!isOurReport(path)) throw new UsageError(`--report ${file} exists and is not a report this tool wrote, so it is not replaced; ${elsewhere}, or remove that file first.`);
}

/** Whether a file is a report written by writeReport (small, JSON, naming this engine). */
function isOurReport(path: string): boolean {
  try {
    if (lstatSync(path).size > 64 * 1024 * 1024) return false;
    return (JSON.parse(readFileSync(path, 'utf8')) as { generator?: unknown }).generator === ENGINE.name;
  } catch {
    return false;
  }
}

export interface ReportEntry {
  code: string;
  file?: string;
  line?: number;
  col?: number;
  page?: string;
  message: string;
  /** The problem in editors' words, a line each. */
  words?: string[];
}

export function writeReport(file: string, problems: Problem[], warnings: Warning[]): void {
  const entry = (p: Problem): ReportEntry => ({
    code: p.code,
    file: p.file,
    line: p.position?.line,
    col: p.position?.col,
    page: 'page' in p.where ? p.where.page : 'pages' in p.where ? p.where.pages.join(', ') : undefined,
    message: [p.title, ...p.details.map((d) => `${d.path ? `${d.path}: ` : ''}${d.message}`)].join('\n'),
    // The same in the words of the people who edit, where the problem has them (each line once).
    ...(p.details.some((d) => d.words) ? { words: [...new Set(p.details.map((d) => d.words ?? `${d.path ? `${d.path}: ` : ''}${d.message}`))] } : {}),
  });
  const report = { generator: ENGINE.name, problems: problems.map(entry), warnings: warnings.map((w) => ({ file: w.file, message: w.message })) };
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(report, null, 2)}\n`);
  renameSync(temp, path);
}
