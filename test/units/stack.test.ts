// How a bug in a site's code is told: only the frames in the site's own files (never the engine's,
// a library's, Node's or the compile cache's), named as the site's paths, or the whole stack with
// --debug; and how paths are shown (relative below the current folder, whole elsewhere).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCause, siteFrames } from '../../src/problems/stack.ts';
import { shown } from '../../src/problems/shown.ts';
import { ENGINE_ROOT } from '../../src/startup/engine.mjs';

const here = process.cwd();
const stack = [
  'Error: no front matter here',
  `    at ServiceDetail (${join(here, 'templates/pages/ServiceDetail.tsx')}:42:7)`,
  `    at renderPage (${ENGINE_ROOT}src/render/render-page.tsx:10:3)`,
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

describe('paths in messages', () => {
  it('are relative below the current folder, whole elsewhere, "." for the folder itself', () => {
    expect(shown(join(here, 'content/en/ui.yaml'))).toBe('content/en/ui.yaml');
    expect(shown(here)).toBe('.');
    expect(shown('/tmp/site/dist')).toBe('/tmp/site/dist');
    expect(shown(join(here, '..'))).toBe(join(here, '..'));
    expect(shown(join(here, '..x'))).toBe('..x');
  });
});
