// dev runs the same pipeline as build, on a copy of the three-locale fixture site: a broken internal
// link gets the error page (as build would refuse it) and the next good save recovers; a template
// that starts reading another content file is re-rendered when that file changes, because what a
// page depends on is what its render read.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from '../src/dev/dev-server.ts';
import { fixtureCopy, type SiteCopy } from './helpers/fixtures.ts';
import { get } from './helpers/http.ts';

let copy: SiteCopy;
let dev: DevServer;
const log: string[] = [];

beforeAll(async () => {
  copy = await fixtureCopy('dev-site');
  dev = await startDev({
    site: copy.site, contentDir: copy.content, staticDir: copy.static,
    codePaths: [join(copy.dir, 'templates'), copy.site], outDir: join(copy.dir, 'out'), port: 0, host: '127.0.0.1',
    log: (line) => log.push(line),
  });
});
afterAll(async () => {
  await dev?.close();
  await copy?.cleanup();
});

const edit = (rel: string, change: (text: string) => string) => copy.edit(rel, change);

/** Polls a path until the reply satisfies the check (dev rebuilds in the background). */
async function waitFor(path: string, check: (body: string, status: number) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = await get(dev.url, path);
    if (check(reply.body, reply.status)) return reply;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${path}; last ${reply.status}\n${log.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Polls until check returns something (dev logs in the background). */
async function until<T>(check: () => T | undefined): Promise<T> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const found = check();
    if (found !== undefined) return found;
  }
  throw new Error(`timed out; log:\n${log.join('\n')}`);
}

describe('dev on a site of its own', () => {
  it('refuses a broken internal link with the error page, naming the page and link, and recovers on the next good save', async () => {
    await edit('content/en/pages/about.yaml', (t) => t.replace('link: /en/', 'link: /en/nowhere'));
    const failed = await waitFor('/en/about', (_, status) => status === 500);
    expect(failed.body).toContain('Unexpected Application Error!');
    expect(failed.body).toContain('page /en/about (en/about.html)  has a broken internal link');
    expect(failed.body).toContain('&quot;/en/nowhere&quot;: points at no page or file');
    await edit('content/en/pages/about.yaml', (t) => t.replace('link: /en/nowhere', 'link: /en/'));
    const fixed = await waitFor('/en/about', (body, status) => status === 200 && body.includes('href="/en/"'));
    expect(fixed.body).not.toContain('Unexpected Application Error!');
  });

  it('re-renders a page when a content file its template has just started reading changes', async () => {
    await edit('templates/pages.tsx', (t) => t.replace(
      'return <><h1>{about.heading}</h1>',
      'return <><h1>{about.heading}</h1><p className="latest">{text.notes.welcome!.front.title}</p>',
    ));
    await waitFor('/en/about', (body) => body.includes('<p class="latest">Hello</p>'));
    await edit('content/en/notes/welcome.md', (t) => t.replace('title: Hello', 'title: Hello again'));
    await waitFor('/en/about', (body) => body.includes('<p class="latest">Hello again</p>'));
    // The page is written before dev logs the build it came from: wait for that line, not for the last one.
    const line = await until(() => log.find((l) => l.includes('welcome.md') && /: (re-rendered|full build)/.test(l)));
    expect(line).toMatch(/re-rendered \d+ of 12 pages/);
  });

  it('names a saved file whose name holds control characters as plain text, on one line', async () => {
    // A file from elsewhere, or named on purpose: its name must not clear the screen or start a CI command.
    const name = 'note\u001b[2J\r::error::x.txt';
    await writeFile(join(copy.content, 'en', name), 'hi');
    const line = await until(() => log.find((l) => l.includes('::error::x.txt')));
    expect(line.split('\n')[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(line).toContain('note\\u001b[2J\\r::error::x.txt');
  });
});
