// Every page of the built site passes the W3C Nu HTML Checker (vnu.jar) with no error, in one run.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject, it } from 'vitest';
import { htmlFiles } from './lib/site.ts';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  hiliteStart?: number;
  hiliteLength?: number;
}

/**
 * Runs vnu once over the given files. It writes its JSON report to stderr and, with --verbose, the
 * name of each file it checked to stdout.
 */
function runVnu(files: string[]): Promise<{ checked: string[]; messages: VnuMessage[] }> {
  const args = ['-jar', VNU_JAR, '--skip-non-html', '--errors-only', '--verbose', '--format', 'json', ...files];
  return new Promise((resolve, reject) => {
    // vnu exits 1 when it reports errors: that is a result, not a failure to run.
    execFile('java', args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
        resolve({ checked: stdout.split('\n').filter(Boolean), messages });
      } catch {
        reject(new Error(`vnu did not print its JSON report (${error?.message ?? 'exit 0'}):\n${(stderr || stdout).slice(0, 2000)}`));
      }
    });
  });
}

function format(dist: string, m: VnuMessage): string {
  const file = m.url ? relative(dist, fileURLToPath(m.url)) : '(no file)';
  const line = m.firstLine ?? m.lastLine ?? '?'; // vnu gives firstLine only when it differs from lastLine
  const col = m.firstColumn ?? m.lastColumn ?? '?';
  // The extract is the offending markup with some context; the highlighted part is the markup itself.
  const hilite = m.extract && m.hiliteLength ? m.extract.slice(m.hiliteStart ?? 0, (m.hiliteStart ?? 0) + m.hiliteLength) : m.extract;
  const extract = (hilite ?? '').replace(/\s+/g, ' ').trim();
  return `${file}:${line}:${col} ${m.message}${extract ? ` — ${extract}` : ''}`;
}

it('every page of dist/ is valid HTML according to the Nu HTML Checker', { timeout: 180_000 }, async () => {
  const dist = inject('distDir');
  // Listed explicitly: dist/ also holds .html.br and .html.gz twins, which are not pages.
  const pages = htmlFiles(dist);
  expect(pages.length, 'pages found in dist/').toBeGreaterThan(0);
  const files = pages.map((f) => join(dist, f));
  const { checked, messages } = await runVnu(files);
  expect(checked.sort(), 'the files vnu says it checked').toEqual(files.sort());
  const errors = messages.filter((m) => m.type !== 'info').map((m) => format(dist, m));
  expect(errors.length, `${errors.length} HTML error(s) found by the Nu HTML Checker:\n${errors.join('\n')}\n`).toBe(0);
});
