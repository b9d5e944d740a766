// The README as a newcomer reads it: every command the CLI has, every option of each in its row of
// the commands table, and every value the package exports in "the public contract", checked against
// the CLI's own help and the package's exports, so neither can grow without the README saying so.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers/fixtures.ts';

let readme: string;
let commands: string[];
beforeAll(async () => {
  readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const help = (await runCli(['--help'])).stdout;
  commands = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]!).filter((c) => c !== 'help');
});

describe('the README', () => {
  it('lists every command where it tells people who install the engine what they can run', () => {
    expect(commands.length).toBeGreaterThanOrEqual(6);
    const bullet = readme.slice(readme.indexOf('- **Commands:**'), readme.indexOf('\n- **', readme.indexOf('- **Commands:**') + 1));
    for (const command of commands) expect(bullet, command).toContain(`\`site ${command}`);
  });

  it('gives every option of every command in its row of the commands table', async () => {
    for (const command of commands) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${command}`));
      expect(row, `no row for ${command}`).toBeDefined();
      const options = [...(await runCli([command, '--help'])).stdout.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]!).filter((o) => o !== '--help');
      for (const option of options) expect(row, `${command} ${option}`).toContain(option.replace(/^--no-/, '--no-'));
    }
  });

  it('names every value the package exports in the public contract', async () => {
    const index = await readFile(join(ROOT, 'src/index.ts'), 'utf8');
    const values = [...index.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')));
    expect(values.length).toBeGreaterThan(10);
    const contract = readme.slice(readme.indexOf('- **The public contract**'), readme.indexOf('\n- **', readme.indexOf('- **The public contract**') + 1));
    for (const name of values) expect(contract, name).toContain(`\`${name}\``);
  });

  it('starts a new site from any checkout folder, in a shell that cannot answer questions', () => {
    const block = readme.slice(readme.indexOf('## Start your own site'), readme.indexOf('### For people who install it'));
    expect(block).not.toMatch(/\.\.\/main\b/);
    for (const line of block.split('\n').filter((l) => /^npm exec /.test(l))) expect(line).toMatch(/ --yes /);
  });
});
