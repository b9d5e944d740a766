// How a bug in a site's code is told: only the frames in the site's own files (never the engine's,
// a library's, Node's or the compile cache's), named as the site's paths, or the whole stack with
// --debug; and how paths are shown (relative below the current folder, whole elsewhere).
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCause, mappedStack, siteFrames } from '../../src/problems/stack.ts';
import { shown } from '../../src/problems/shown.ts';
import { ENGINE_ROOT } from '../../src/startup/engine.mjs';

const here = process.cwd();
const stack = [
  'Error: no front matter here',
  `    at ServiceDetail (${join(here, 'templates/pages/ServiceDetail.tsx')}:42:7)`,
  `    at renderPage (${ENGINE_ROOT}src/render/render-page.ts:10:3)`,
  `    at async Layout (file://${join(here, 'templates/layout/Layout.tsx')}:5:9)`,
  '    at Object.render (/x/node_modules/react-dom/server.js:1:1)',
  '    at node:internal/process/task_queues:95:5',
  '    at chunk (/x/node_modules/.cache/sitewright/compiled/chunk-ABC.mjs:3:1)',
  '    at /srv/other/chunks/x.js:1:1',
  `    at ${join(here, 'site.config.ts')}:7:2`,
  'not a frame at all',
].join('\n');

describe('the frames of a bug', () => {
  it('keep the site\'s own files only, with their function, async dropped', () => {
    expect(siteFrames(stack)).toEqual([
      'templates/pages/ServiceDetail.tsx:42:7 (ServiceDetail)',
      'templates/layout/Layout.tsx:5:9 (Layout)',
      'site.config.ts:7:2',
    ]);
    expect(siteFrames(undefined)).toEqual([]);
  });

  it('are told under the message, or the whole stack with --debug, or a hint when none is the site\'s', () => {
    const error = Object.assign(new Error('boom'), { stack });
    expect(describeCause(error, false)).toBe('    at templates/pages/ServiceDetail.tsx:42:7 (ServiceDetail)\n    at templates/layout/Layout.tsx:5:9 (Layout)\n    at site.config.ts:7:2');
    expect(describeCause(error, true)).toBe(stack);
    expect(describeCause(Object.assign(new Error('x'), { stack: 'Error: x\n    at node:fs:1:1' }), false)).toBe("    (no frame in the site's own files: run with --debug for the whole stack)");
    expect(describeCause('a string thrown', false)).toBe('a string thrown');
  });
});

describe('frames in compiled code', () => {
  const saved = process.env.SITE_COMPILED_DIR;
  const savedSite = process.env.SITE_COMPILED_SITE_DIR;
  let dir = '';
  afterEach(async () => {
    if (saved === undefined) delete process.env.SITE_COMPILED_DIR;
    else process.env.SITE_COMPILED_DIR = saved;
    if (savedSite === undefined) delete process.env.SITE_COMPILED_SITE_DIR;
    else process.env.SITE_COMPILED_SITE_DIR = savedSite;
    await rm(dir, { recursive: true, force: true });
  });

  /** A template compiled as the launcher compiles it (a chunk with a linked map), and where its throw landed. */
  async function compiledTemplate() {
    dir = await mkdtemp(join(tmpdir(), 'stack-'));
    const source = join(dir, 'site/templates/Boom.tsx');
    await mkdir(join(dir, 'site/templates'), { recursive: true });
    await writeFile(source, 'export function Boom(props: { n: number }) {\n  const twice: number = props.n * 2;\n  throw new Error(`boom ${twice}`);\n}\n');
    const compiled = join(dir, 'cache');
    await build({ entryPoints: { boom: source }, outdir: join(compiled, 'chunks'), outExtension: { '.js': '.mjs' }, bundle: true, format: 'esm', sourcemap: 'linked', logLevel: 'silent' });
    const file = join(compiled, 'chunks/boom.mjs');
    const lines = (await readFile(file, 'utf8')).split('\n');
    const row = lines.findIndex((l) => l.includes('throw new Error'));
    return { source, compiled, file, at: `${file}:${row + 1}:${lines[row]!.indexOf('throw') + 1}` };
  }

  it('are told at the source file and line the compiled code came from, when the build compiled it', async () => {
    const { source, compiled, at } = await compiledTemplate();
    const stack = `Error: boom 4\n    at Boom (${at})\n    at node:internal/x:1:1`;
    process.env.SITE_COMPILED_DIR = compiled;
    expect(siteFrames(stack)).toEqual([`${source}:3:3 (Boom)`]);
    expect(mappedStack(stack)).toBe(`Error: boom 4\n    at Boom (${source}:3:3)\n    at node:internal/x:1:1`);
    expect(describeCause(Object.assign(new Error('boom 4'), { stack }), true)).toContain(`${source}:3:3`);
  });

  it("are told at their source in the site's compiled layer as in the engine's", async () => {
    const { source, compiled, at } = await compiledTemplate();
    const stack = `Error: boom 4\n    at Boom (${at})`;
    process.env.SITE_COMPILED_DIR = join(dir, 'engine-layer');
    process.env.SITE_COMPILED_SITE_DIR = compiled;
    expect(siteFrames(stack)).toEqual([`${source}:3:3 (Boom)`]);
  });

  it('stay as they are outside the compile folder (no map is read there)', async () => {
    const { at } = await compiledTemplate();
    const stack = `Error: boom 4\n    at Boom (${at})`;
    process.env.SITE_COMPILED_DIR = join(dir, 'elsewhere');
    expect(mappedStack(stack)).toBe(stack);
    expect(siteFrames(stack)).toEqual([]); // a compiled chunk is never the site's own file
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
