// Messages a developer can act on: a template that throws is named at its file and line (source maps,
// no engine or cache frames), in build and in dev; a template that does not compile shows a code
// frame; thousands of problems print as a page, with --report holding them all; GitHub Actions gets
// annotations; and each kind of failure has its exit code. On a copy of the project. In the slow set:
// a dozen runs of the CLI on the whole site and a dev server (~20 s alone).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type ProjectCopy } from './helpers/fixtures.ts';
import { startDev } from './helpers/dev.ts';

const INTERNAL = /\.cache\/|chunk-|node_modules\/|node:internal|src\/(render|pipeline)\//;

let project: ProjectCopy;
beforeAll(async () => {
  project = await projectCopy('messages');
});
afterAll(() => project.cleanup());

/** Runs `change` on a file of the copy for the length of `during`, then puts it back. */
async function whileEdited<T>(rel: string, change: (text: string) => string, during: () => Promise<T>): Promise<T> {
  const path = join(project.dir, rel);
  const original = await readFile(path, 'utf8');
  await writeFile(path, change(original));
  try {
    return await during();
  } finally {
    await writeFile(path, original);
  }
}

const throwingAbout = (text: string) => text.replace('  const { about } = text.pages;', "  const { about } = text.pages;\n  if (text.ui.languageName === 'Español') throw new Error('the values are missing');");
const lineOfThrow = async () => (await readFile(join(project.dir, 'templates/pages/About.tsx'), 'utf8')).split('\n').findIndex((l) => l.includes('the values are missing')) + 1;

describe('a template that throws', () => {
  it('is named at its file and line, with the page and locale, and no engine frames', async () => {
    const { code, stderr } = await whileEdited('templates/pages/About.tsx', throwingAbout, async () => {
      const result = await project.run(['build', '--out', join(project.dir, 'out')]);
      expect(result.stderr).toContain(`templates/pages/About.tsx:${await lineOfThrow()}:`);
      return result;
    });
    expect(code).toBe(1);
    expect(stderr).toContain('page /es/about (es): template About threw: the values are missing');
    expect(stderr).not.toMatch(INTERNAL);
  });

  it('shows every frame with --debug', async () => {
    const { stderr } = await whileEdited('templates/pages/About.tsx', throwingAbout, () => project.run(['build', '--out', join(project.dir, 'out'), '--debug']));
    expect(stderr).toContain('templates/pages/About.tsx:');
    expect(stderr).toMatch(/node_modules\/react-dom/);
  });
});

describe('a template that does not compile', () => {
  it('shows the file, line and column with a code frame, and nothing of the compile cache', async () => {
    const { code, stderr } = await whileEdited('templates/layout/Footer.tsx', (t) => t.replace('<footer className="site-footer">', '<footer className="site-footer" {>'), () => project.run(['build', '--out', join(project.dir, 'out')]));
    expect(code).toBe(1);
    expect(stderr).toMatch(/templates\/layout\/Footer\.tsx:\d+:\d+:/);
    expect(stderr).toContain('│');
    expect(stderr).not.toMatch(INTERNAL);
  });
});

describe('dev', () => {
  it("names the template's file and line on its error page, and shows a syntax error's code frame", async () => {
    const dev = await startDev(join(project.dir, 'bin/site'), ['--port', '0', '--out', join(project.dir, 'dev-out')], { cwd: project.dir, env: { ...process.env } });
    const waitFor = (check: (body: string) => boolean) => dev.waitFor('/es/about', check);
    try {
      const thrown = await whileEdited('templates/pages/About.tsx', throwingAbout, async () => {
        const body = await waitFor((b) => b.includes('the values are missing'));
        expect(body).toContain(`templates/pages/About.tsx:${await lineOfThrow()}:`);
        return body;
      });
      expect(thrown).not.toMatch(INTERNAL);
      await waitFor((b) => b.includes('<html lang="es"'));
      const syntax = await whileEdited('templates/layout/Footer.tsx', (t) => t.replace('<footer className="site-footer">', '<footer className="site-footer" {>'), () => waitFor((b) => b.includes('does not compile')));
      expect(syntax).toMatch(/templates\/layout\/Footer\.tsx:\d+:\d+:/);
      expect(syntax).toContain('│');
      expect(syntax).not.toMatch(INTERNAL);
    } finally {
      await dev.stop();
    }
  });
});

describe('many problems', () => {
  it('print as a page (the first 20 of a kind, then a count), and --report holds them all', async () => {
    const files = Array.from({ length: 2000 }, (_, i) => join(project.dir, 'content/en', `stray-${i}.yaml`));
    await Promise.all(files.map((file) => writeFile(file, 'x: 1\n')));
    try {
      const report = join(project.dir, 'problems.json');
      const { code, stderr } = await project.run(['build', '--out', join(project.dir, 'out'), '--report', report]);
      expect(code).toBe(1);
      expect(stderr.split('\n').length).toBeLessThan(100);
      expect(stderr).toContain("2,000 errors in the site's input:");
      expect(stderr).toContain(`… and 1,980 more problems like this (content/unknown-file): all are in ${report}`);
      const written = JSON.parse(await readFile(report, 'utf8')) as { problems: { code: string; file: string; message: string }[] };
      expect(written.problems).toHaveLength(2000);
      expect(written.problems[0]).toEqual({ code: 'content/unknown-file', file: expect.stringMatching(/content\/en\/stray-\d+\.yaml$/), message: expect.stringContaining('is not part of the site') });
      // A report inside a source folder is refused before the build starts.
      const refused = await project.run(['build', '--out', join(project.dir, 'out'), '--report', 'content/problems.json']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--report content/problems.json is inside the content folder');
    } finally {
      await Promise.all(files.map((file) => rm(file)));
    }
  });
});

describe('in GitHub Actions', () => {
  it('prints each problem as an annotation on its file and line', async () => {
    const { stdout, stderr } = await whileEdited('content/site.yaml', (t) => t.replace('foundedYear: 2018', 'foundedYear: "since 2018"'), () =>
      project.run(['build', '--out', join(project.dir, 'out')], project.dir, { GITHUB_ACTIONS: 'true' }),
    );
    expect(stdout).toMatch(/^::error file=content\/site\.yaml,line=\d+,col=\d+,title=content\/schema::the site configuration does not match its schema%0AfoundedYear: expected number, found "since 2018"$/m);
    expect(stderr).toContain('foundedYear: expected number');
  });
});

describe('exit codes', () => {
  it('are 0 for success, 1 for problems of the site, 2 for a mistake in the command', async () => {
    expect((await project.run(['build', '--out', join(project.dir, 'out'), '--quiet'])).code).toBe(0);
    const quiet = await project.run(['build', '--out', join(project.dir, 'out'), '--quiet']);
    expect(quiet.stdout).toBe('');
    const problem = await whileEdited('content/en/pages/about.yaml', (t) => t.replace(/^title: .*$/m, 'title:'), () => project.run(['build', '--out', join(project.dir, 'out')]));
    expect(problem.code).toBe(1);
    expect((await project.run(['build', '--no-such-flag'])).code).toBe(2);
    expect((await project.run(['serve', '--port', 'abc'])).code).toBe(2);
    expect((await project.run(['build', '--out', 'content'])).code).toBe(2);
  });
});
