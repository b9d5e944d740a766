// The site's code as the command line loads it (src/loader/site-code.ts): through module hooks in
// this process (Node's own require goes through them as import does; vitest's imports do not), and in
// a Node process of its own as bin/site runs it: what it compiled is kept for the next start, never
// once a file changed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSiteCode, keptSiteCode, siteCodeCompiled, siteCodeLoaded, siteCodeMap, useSiteCode } from '../../src/loader/site-code.ts';
import { ROOT } from '../helpers/fixtures.ts';

// Inside the checkout, where its node_modules (and so the cache folder) are found.
const dir = join(ROOT, 'test/scratch', `site-code-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Loads the definition as the command line does, in a new process, and returns what it rendered. */
function start(): { out: string; err: string } {
  const script = `const { loadSite } = await import(${JSON.stringify(join(ROOT, 'src/pipeline/load-site.ts'))});
    const site = await loadSite(${JSON.stringify(join(dir, 'site.config.ts'))});
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    console.log(renderToStaticMarkup(createElement(site.pages[0].template)));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  return { out: run.stdout.trim(), err: run.stderr };
}

const page = (word: string) => `export function Page() {\n  return <p>${word}</p>;\n}\n`;

describe("the site's compiled code", () => {
  it('is used again while every file is as it was, and made again when one changed', () => {
    mkdirSync(join(dir, 'templates'), { recursive: true });
    writeFileSync(join(dir, 'site.config.ts'), "import { Page } from './templates/Page.tsx';\nexport default { locales: { en: { intl: 'en-US' } }, defaultLocale: 'en', content: { shared: {}, perLocale: {}, collections: {} }, pages: [{ id: 'home', path: '/', template: Page }] };\n");
    writeFileSync(join(dir, 'templates/Page.tsx'), page('first'));
    expect(start()).toEqual({ out: '<p>first</p>', err: '' });
    expect(start().out).toBe('<p>first</p>');
    // Edited to the same length, in the same second: its bytes, not its size or time, say it changed.
    writeFileSync(join(dir, 'templates/Page.tsx'), page('again'));
    expect(start().out).toBe('<p>again</p>');
    // A new file the code starts importing is compiled too.
    writeFileSync(join(dir, 'templates/Word.ts'), "export const word = 'imported';\n");
    writeFileSync(join(dir, 'templates/Page.tsx'), `import { word } from './Word.ts';\n${page('{word}')}`);
    expect(start().out).toBe('<p>imported</p>');
  });

  it('is kept for the files as they were read: the same bytes again find it, other bytes or a file gone do not', async () => {
    // A folder of its own each run: a run must compile, not find what an earlier run kept.
    mkdirSync(dir, { recursive: true });
    const kept = mkdtempSync(join(dir, 'kept-'));
    writeFileSync(join(kept, 'entry.tsx'), "import { word } from './word.ts';\nexport const Tag = () => <b>{word}</b>;\n");
    writeFileSync(join(kept, 'word.ts'), "export const word: string = 'one';\n");
    const entry = join(kept, 'entry.tsx');
    await compileSiteCode(entry);
    const code = keptSiteCode(entry)!;
    expect(code.map(([file]) => file).sort()).toEqual([entry, join(kept, 'word.ts')]);
    expect(code.every(([, made]) => !made.code.includes('<b>') && !made.code.includes(': string') && made.map.includes('"mappings"'))).toBe(true);
    const before = readFileSync(join(kept, 'word.ts'), 'utf8');
    writeFileSync(join(kept, 'word.ts'), before.replace('one', 'two'));
    expect(keptSiteCode(entry)).toBeUndefined();
    writeFileSync(join(kept, 'word.ts'), before);
    expect(keptSiteCode(entry)).toEqual(code);
    rmSync(join(kept, 'word.ts'));
    expect(keptSiteCode(entry)).toBeUndefined();
    // Files in sibling folders (a definition beside its templates/) are compiled each to its own text.
    const beside = `${kept}-beside`;
    mkdirSync(beside, { recursive: true });
    writeFileSync(join(beside, 'near.ts'), "export const near: string = 'beside';\n");
    writeFileSync(join(kept, 'far.tsx'), `import { near } from '../${basename(beside)}/near.ts';\nexport const Far = () => <i>{near}</i>;\n`);
    await compileSiteCode(join(kept, 'far.tsx'));
    const far = new Map(keptSiteCode(join(kept, 'far.tsx')));
    expect([...far.keys()].sort()).toEqual([join(kept, 'far.tsx'), join(beside, 'near.ts')].sort());
    expect(far.get(join(beside, 'near.ts'))!.code).toContain('"beside"');
    expect(far.get(join(kept, 'far.tsx'))!.code).toContain(`../${basename(beside)}/near.ts`);
    expect([...far.values()].some((made) => made.code.includes('sourceMappingURL'))).toBe(false); // its map is kept beside it, not pointed at
    expect(keptSiteCode(join(kept, 'never-compiled.tsx'))).toBeUndefined();
  });

  it('that does not compile is told with its file, line and code frame', () => {
    writeFileSync(join(dir, 'templates/Page.tsx'), page('broken</b>'));
    const { err } = start();
    expect(err).toContain('A template or source file does not compile');
    expect(err).toMatch(/templates\/Page\.tsx:2:\d+:\n.*│.*<\/b>/);
  });
});

describe("the site's module hooks", () => {
  // A folder with no node_modules above it: the site has no packages of its own.
  // Made as the tests start, not as the file is read: a run that skips them all (a filter) leaves nothing behind.
  let site = '';
  beforeAll(() => {
    site = mkdtempSync(join(tmpdir(), 'site-hooks-'));
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const load = createRequire(import.meta.url);
  const file = (name: string, text: string) => {
    writeFileSync(join(site, name), text);
    return join(site, name);
  };
  const failure = (path: string) => {
    try {
      load(path);
    } catch (error) {
      return error as Error;
    }
    throw new Error(`${path} loaded`);
  };

  it("give the site's code the engine running now, and the engine's React where the site has none", async () => {
    const entry = file('site.tsx', "import { useState } from 'react';\nimport * as engine from 'sitewright';\nexport const engineNames = Object.keys(engine);\nexport const hook = typeof useState;\nexport const Tag = () => <b>x</b>;\n");
    await compileSiteCode(entry);
    const loaded = load(entry) as { engineNames: string[]; hook: string; Tag: () => { type: string } };
    expect(loaded.engineNames).toEqual(expect.arrayContaining(['defineSite', 'island', 'usePage']));
    expect(loaded.hook).toBe('function');
    expect(loaded.Tag().type).toBe('b'); // JSX compiled for React's runtime
    expect(siteCodeLoaded().get(entry)).toContain('<b>x</b>');
    expect(siteCodeMap(entry)).toBeDefined();
    expect(siteCodeCompiled().map(([path]) => path)).toContain(entry);
  });

  it('name a package the site imports but has not installed, where it is imported, and how to install it', () => {
    // The site's import statements, written out in parts: this test file itself imports no such package.
    const importOf = (name: string, specifier: string) => ['import', name, 'from', `'${specifier}';`].join(' ');
    const plain = file('plain.ts', `export const a = 1;\n${importOf('pad', 'left-pad-never-installed/sub')}\nexport const b = pad;\n`);
    expect(failure(plain).message).toBe(`A template or source file does not compile:\n\n${plain}:2:17: "left-pad-never-installed/sub" is not installed for this site.\n  Install it in the site's folder: npm install left-pad-never-installed (this adds "left-pad-never-installed" to the dependencies in its package.json).`);
    const scoped = file('scoped.ts', `${importOf('x', '@never/installed/deep')}\nexport const b = x;\n`);
    expect(failure(scoped).message).toContain('npm install @never/installed (this adds "@never/installed"');
    // A relative import that is missing is Node's own error, not a package to install.
    const relative = file('relative.ts', "import x from './missing.ts';\nexport const b = x;\n");
    expect(failure(relative).message).not.toContain('npm install');
  });

  it('tell every mistake the compile finds before anything is loaded', async () => {
    const entry = file('entry-broken.tsx', "import './broken-too.tsx';\nexport const a = <p>a</b>;\n");
    file('broken-too.tsx', 'export const b = <i>b</u>;\n');
    const error = await compileSiteCode(entry).then(() => undefined, (e: unknown) => e as Error);
    expect(error?.name).toBe('SiteCodeError');
    expect(error?.message).toMatch(/^A template or source file does not compile:\n\n/);
    expect(error?.message).toContain('entry-broken.tsx:2:');
    expect(error?.message).toContain('Unexpected closing "b" tag');
    // Both files' mistakes, each told from its own line, in plain text (no terminal colours).
    expect(error?.message).toMatch(/\n✘ \[ERROR\] Unexpected closing "u" tag[^\n]*\n[\s\S]*broken-too\.tsx:1:/);
    expect(error?.message).not.toMatch(/\x1b/);
    // One blank line between two mistakes, as within one, and none after the last.
    expect(error?.message).toMatch(/\^\n\n✘ \[ERROR\] Unexpected closing/);
    expect(error?.message).toMatch(/\^$/);
  });

  it('compile a file no compile reached as it loads, its mistakes told with file and line', () => {
    const broken = file('broken.tsx', 'export const y = <p>a</b>;\n');
    const error = failure(broken);
    expect(error.name).toBe('SiteCodeError');
    expect(error.message).toContain(`${broken}:1:`);
    expect(error.message).toContain('Unexpected closing "b" tag does not match opening "p" tag');
    expect(error.stack).toBe(error.message); // the engine's frames say nothing of where the mistake is
  });

  it("leave what is not the site's own code to Node: a package's files, plain JavaScript", () => {
    mkdirSync(join(site, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(site, 'node_modules/pkg/index.ts'), 'export const typed: number = 1;\n');
    expect((failure(join(site, 'node_modules/pkg/index.ts')) as NodeJS.ErrnoException).code).toBe('ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING');
    expect(failure(file('plain.js', 'export const y = <p>a</p>;\n')).name).toBe('SyntaxError');
    // JSX in a .jsx file is the site's, and compiled.
    expect((load(file('view.jsx', 'export const view = <p>a</p>;\n')) as { view: { type: string } }).view.type).toBe('p');
  });

  it('use code another thread compiled as their own', () => {
    const given = join(site, 'given.ts');
    writeFileSync(given, 'export const from = "the file";\n');
    useSiteCode([[given, { code: 'export const from = "the other thread";\n', map: '{"version":3,"sources":[],"mappings":""}' }]]);
    expect((load(given) as { from: string }).from).toBe('the other thread');
  });
});
