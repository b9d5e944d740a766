// How a bug in a site's code is told: only the frames in the site's own files (never the engine's,
// a library's or Node's), mapped to its TypeScript, named as the site's paths, or the whole stack with
// --debug; and how paths are shown (relative below the current folder, whole elsewhere).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { compileSiteCode, siteCodeCompiled } from '../../src/loader/site-code.ts';
import { describeCause, mappedStack, siteFrames } from '../../src/loader/stack.ts';
import { shown } from '../../src/problems/shown.ts';
import { ENGINE_ROOT } from '../../src/files/about.ts';

const here = process.cwd();
// A site no test compiles (a compiled file's frames are mapped: below).
const site = join(here, 'test/scratch/stack-site');
const stack = [
  'Error: no front matter here',
  `    at ServiceDetail (${join(site, 'templates/pages/ServiceDetail.tsx')}:42:7)`,
  `    at renderPage (${ENGINE_ROOT}src/render/render-page.ts:10:3)`,
  `    at async Layout (file://${join(site, 'templates/layout/Layout.tsx')}:5:9)`,
  '    at Object.render (/x/node_modules/react-dom/server.js:1:1)',
  '    at node:internal/process/task_queues:95:5',
  '    at chunk (/x/node_modules/.cache/sitewright/compiled/chunk-ABC.mjs:3:1)',
  `    at ${join(site, 'site.config.ts')}:7:2`,
  'not a frame at all',
].join('\n');

describe('the frames of a bug', () => {
  it('keep the site\'s own files only, with their function, async dropped', () => {
    expect(siteFrames(stack)).toEqual([
      'test/scratch/stack-site/templates/pages/ServiceDetail.tsx:42:7 (ServiceDetail)',
      'test/scratch/stack-site/templates/layout/Layout.tsx:5:9 (Layout)',
      'test/scratch/stack-site/site.config.ts:7:2',
    ]);
    expect(siteFrames(undefined)).toEqual([]);
  });

  it('are told under the message, or the whole stack with --debug, or a hint when none is the site\'s', () => {
    const error = Object.assign(new Error('boom'), { stack });
    expect(describeCause(error, false)).toBe('    at test/scratch/stack-site/templates/pages/ServiceDetail.tsx:42:7 (ServiceDetail)\n    at test/scratch/stack-site/templates/layout/Layout.tsx:5:9 (Layout)\n    at test/scratch/stack-site/site.config.ts:7:2');
    expect(describeCause(error, true)).toBe(stack);
    expect(describeCause(Object.assign(new Error('x'), { stack: 'Error: x\n    at node:fs:1:1' }), false)).toBe("    (no frame in the site's own files: run with --debug for the whole stack)");
    expect(describeCause('a string thrown', false)).toBe('a string thrown');
  });
});

describe("frames in the site's compiled code", () => {
  it('are told at the source file and line the compiled code came from', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stack-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const source = join(dir, 'Boom.tsx');
    await writeFile(source, 'type N = { n: number };\nexport function Boom(props: N) {\n  const twice: number = props.n * 2;\n  throw new Error(`boom ${twice}`);\n}\n');
    await compileSiteCode(source);
    const code = siteCodeCompiled().find(([file]) => file === source)![1].code.split('\n');
    const row = code.findIndex((l) => l.includes('throw new Error'));
    const stack = `Error: boom 4\n    at Boom (file://${source}:${row + 1}:${code[row]!.indexOf('throw') + 1})\n    at node:internal/x:1:1`;
    expect(row + 1).not.toBe(4); // the compiled code's line is not the source's: the map moves it
    expect(siteFrames(stack)).toEqual([`${shown(source)}:4:3 (Boom)`]);
    expect(mappedStack(stack)).toBe(`Error: boom 4\n    at Boom (${source}:4:3)\n    at node:internal/x:1:1`);
  });
});

describe('paths in messages', () => {
  it('are relative below the current folder, whole elsewhere, "." for the folder itself', () => {
    expect(shown(join(here, 'content/en/ui.yaml'))).toBe('content/en/ui.yaml');
    expect(shown(here)).toBe('.');
    expect(shown('/tmp/site/dist')).toBe('/tmp/site/dist');
    expect(shown(join(here, '..'))).toBe(join(here, '..'));
    expect(shown(join(here, '..x'))).toBe('..x');
  });
});
