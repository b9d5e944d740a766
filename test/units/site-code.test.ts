// The site's code as the command line loads it (src/loader/site-code.ts), in a Node process of its
// own as bin/site runs it: what it compiled is kept for the next start, never once a file changed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

  it('that does not compile is told with its file, line and code frame', () => {
    writeFileSync(join(dir, 'templates/Page.tsx'), page('broken</b>'));
    const { err } = start();
    expect(err).toContain('A template or source file does not compile');
    expect(err).toMatch(/templates\/Page\.tsx:2:\d+:\n.*│.*<\/b>/);
  });
});
