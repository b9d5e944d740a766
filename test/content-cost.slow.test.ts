// Content costs what its size says, whatever it holds: each input an attacker with a staff login
// found to cost minutes or gigabytes ends, built or refused with a message naming the file, in a
// child process limited to 512 MB, before a 10 s timeout. And what content puts on a terminal or a
// CI log is printed inert.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, ROOT, type SiteCopy } from './helpers/fixtures.ts';

let copy: SiteCopy;
let cache: string;
beforeAll(async () => {
  copy = await fixtureCopy('content-cost');
  cache = await mkdtemp(join(tmpdir(), 'site-cost-cache-'));
  // Compiled once, outside the timed runs.
  expect((await build()).code).toBe(0);
});
afterAll(async () => {
  await copy.cleanup();
  await rm(cache, { recursive: true, force: true });
});

function build(env: Record<string, string> = {}, timeout = 60_000): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'bin/site'), ['build', '--site', copy.site, '--out', join(copy.dir, 'dist')], {
      cwd: copy.dir,
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=512', GITHUB_ACTIONS: '', ...env },
      timeout,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

const ABOUT = 'content/en/pages/about.yaml';
const NOTE = 'content/en/notes/welcome.md';
const front = '---\ntitle: Hello\ndate: 2025-11-01\n---\n';

/** Twelve levels of aliases, each ten of the one before: 10^12 values once expanded. */
const aliasBomb = () => {
  const lines = ['title: About', 'description: About.', 'heading: About', 'l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 12; i++) lines.push(`l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
};

const CASES: { name: string; file: string; text: () => string; told: RegExp }[] = [
  { name: 'a YAML alias bomb (2 KB, 10^12 values)', file: ABOUT, text: aliasBomb, told: /content\/en\/pages\/about\.yaml:4:\d+ {2}is not valid content YAML\n {2}&l0: anchors and aliases \(&name, \*name\) are not used in content/ },
  { name: '100,000 "*a" pairs of Markdown', file: NOTE, text: () => `${front}${'*a'.repeat(100_000)}\n`, told: /content\/en\/notes\/welcome\.md:5:1 {2}is too complex to read safely\n {2}this paragraph holds more than 2000 emphasis markers/ },
  { name: '140,000 "[[a](b)" of Markdown (1 MB, just under the size limit)', file: NOTE, text: () => `${front}${'[[a](b)'.repeat(140_000)}\n`, told: /content\/en\/notes\/welcome\.md:5:1 {2}is too complex to read safely\n {2}this paragraph holds more than 2000 link brackets/ },
  { name: '"[[a](b)" after a line that only looks like a fence ("```a`")', file: NOTE, text: () => `${front}\`\`\`a\`\n${'[[a](b)'.repeat(140_000)}\n`, told: /content\/en\/notes\/welcome\.md:5:1 {2}is too complex to read safely\n {2}this paragraph holds more than 2000 link brackets/ },
  { name: 'a 4 MB nested list', file: NOTE, text: () => `${front}${Array.from({ length: 60_000 }, (_, i) => `${' '.repeat((i % 60) * 2)}- item`).join('\n')}\n`, told: /content\/en\/notes\/welcome\.md {2}is too large\n {2}\d+ KB; a content file may hold at most 1024 KB/ },
  { name: 'a heading of 1 MB of spaces in a file with no front matter', file: NOTE, text: () => `# a${' '.repeat(1_000_000)}b\n`, told: /content\/en\/notes\/welcome\.md:1:1 {2}.* does not match its schema\n/ },
  { name: 'YAML of 60,000 keys, the first given again last (yaml\'s own check compared every key with every other)', file: ABOUT, text: () => `title: About\ndescription: About.\nheading: About\n${Array.from({ length: 60_000 }, (_, i) => `k${i}: 1`).join('\n')}\nk0: 2\n`, told: /content\/en\/pages\/about\.yaml:60004:1 {2}is not valid YAML\n {2}"k0" is given twice \(first on line 4\): keep one/ },
  { name: '2 KB of ">"', file: NOTE, text: () => `${front}${'>'.repeat(2048)} x\n`, told: /content\/en\/notes\/welcome\.md:5:1 {2}is too complex to read safely\n {2}lists or quotes nest more than 32 levels deep/ },
  { name: '1 MB of a nested list, just under the size limit', file: NOTE, text: () => `${front}${Array.from({ length: 12_000 }, (_, i) => `${' '.repeat((i % 40) * 2)}- item`).join('\n')}\n`, told: /content\/en\/notes\/welcome\.md:\d+:1 {2}is too complex to read safely\n {2}lists or quotes nest more than 32 levels deep/ },
  { name: 'YAML nested 100 levels deep', file: ABOUT, text: () => `title: About\ndescription: About.\nheading: About\ndeep: ${'['.repeat(100)}${']'.repeat(100)}\n`, told: /content\/en\/pages\/about\.yaml:1:1 {2}is nested too deeply\n {2}its data nests more than 32 levels deep/ },
  { name: 'YAML nested 5,000 levels deep (past the parser\'s own stack)', file: ABOUT, text: () => `title: About\ndescription: About.\nheading: About\ndeep: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, told: /content\/en\/pages\/about\.yaml:\d+:\d+ {2}is not valid YAML\n {2}Maximum call stack size exceeded/ },
];

describe('content that would cost minutes', () => {
  for (const { name, file, text, told } of CASES) {
    it(`${name}: refused in seconds, naming the file`, async () => {
      const path = join(copy.dir, file);
      const original = await readFile(path, 'utf8');
      await writeFile(path, text());
      try {
        const result = await build({}, 10_000);
        expect(result.code, `${result.ms} ms\n${result.stderr}`).toBe(1);
        expect(result.stderr).toMatch(told);
        expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      } finally {
        await writeFile(path, original);
      }
    });
  }

  it('a byte order mark before the front matter is not text: the file builds', async () => {
    const path = join(copy.dir, NOTE);
    const original = await readFile(path, 'utf8');
    await writeFile(path, `\uFEFF${original}`);
    try {
      const result = await build();
      expect(result.code, result.stderr).toBe(0);
    } finally {
      await writeFile(path, original);
    }
  });
});

describe('what content prints', () => {
  it('a content file whose name holds a line break is refused, its name shown escaped', async () => {
    const evil = join(copy.dir, 'content/en/notes/x\n::error::owned.md');
    await writeFile(evil, `${front}x\n`);
    try {
      const result = await build();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('content/en/notes/x\\n::error::owned.md  has a name the site cannot use\n  its name holds a control character');
      expect(result.stderr.split('\n').some((line) => line.startsWith('::'))).toBe(false);
    } finally {
      await rm(evil);
    }
  });

  it('shows escape sequences and line breaks escaped; in GitHub Actions, no line of it is read as a command', async () => {
    const path = join(copy.dir, ABOUT);
    const original = await readFile(path, 'utf8');
    // An unknown key whose name holds an escape sequence and a line that would be a workflow command.
    await writeFile(path, `${original}"x\\e[2J\\n::error file=.github/workflows/site.yml,line=1::owned": 1\n`);
    try {
      const local = await build();
      expect(local.code).toBe(1);
      expect(local.stderr).not.toMatch(/\u001b/);
      expect(local.stderr).toContain('x\\u001b[2J\\n::error file=.github/workflows/site.yml,line=1::owned');
      const ci = await build({ GITHUB_ACTIONS: 'true' });
      const lines = `${ci.stdout}\n${ci.stderr}`.split('\n');
      const token = /^::stop-commands::([0-9a-f]{32})$/m.exec(ci.stderr)?.[1];
      expect(token).toBeDefined();
      // Commands: our own annotations on stdout (content escaped as GitHub specifies), and the pair that fences the rest.
      const commands = lines.filter((line) => line.startsWith('::'));
      expect(commands.filter((line) => !line.startsWith('::error file=') && !line.startsWith('::stop-commands::') && line !== `::${token}::`)).toEqual([]);
      for (const line of commands.filter((l) => l.startsWith('::error'))) expect(line).toMatch(/^::error file=content\/en\/pages\/about\.yaml,line=\d+,col=\d+,title=content\/schema::/);
      expect(`${ci.stdout}${ci.stderr}`).not.toMatch(/\u001b/);
    } finally {
      await writeFile(path, original);
    }
  });
});
