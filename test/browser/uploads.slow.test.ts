// In Chromium: what the build ships of an uploaded SVG (the sanitiser's output) runs no script and
// reads nothing of localStorage, where the editor keeps its Git token, neither on `serve` (with the
// site's _headers) nor on a plain static server that sends no headers at all (as GitHub Pages does).
// Each raw payload runs script when served as it came, so the test can tell.
import { createServer, type Server } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/security/svg.ts';
import { contentType } from '../../src/serve/files.ts';
import { createDistServer, listen } from '../../src/serve/server.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser.ts';

const SVG = 'http://www.w3.org/2000/svg';
const STEAL = `fetch('/stolen?' + encodeURIComponent(localStorage.getItem('sveltia-cms.user')))`;
/** The four ways past the old SVG check, each stealing the token when it runs. */
const PAYLOADS: Record<string, { svg: string; click?: boolean }> = {
  prefixed: { svg: `<svg xmlns="${SVG}" xmlns:s="${SVG}"><s:script>${STEAL}</s:script></svg>` },
  xhtml: { svg: `<svg xmlns="${SVG}"><script xmlns="http://www.w3.org/1999/xhtml">${STEAL}</script></svg>` },
  entity: { svg: `<!DOCTYPE svg [<!ENTITY e "&#60;script&#62;${STEAL.replace(/'/g, '&#39;')}&#60;/script&#62;">]><svg xmlns="${SVG}">&e;</svg>` },
  smil: { svg: `<svg xmlns="${SVG}" width="200" height="60"><a><set attributeName="href" to="javascript:${STEAL}"/><text x="10" y="30" font-size="20">tap here</text></a></svg>`, click: true },
};

let dir: string;
let browser: Browser;
const servers: Server[] = [];
const stolen: string[] = [];

/** A static server that sends files with their type and nothing else: no CSP, no _headers. */
function plainServer(root: string): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/stolen')) stolen.push(req.url ?? '');
    readFile(join(root, path.replace(/\.\./g, ''))).then(
      (data) => res.writeHead(200, { 'Content-Type': contentType(path) }).end(data),
      () => res.writeHead(404).end(),
    );
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-svg-browser-'));
  for (const folder of ['raw', 'shipped']) await mkdir(join(dir, folder));
  for (const root of [join(dir, 'raw'), join(dir, 'shipped')]) {
    await writeFile(join(root, 'index.html'), `<!DOCTYPE html><title>editor</title><script src="/login.js"></script>`);
    await writeFile(join(root, 'login.js'), `localStorage.setItem('sveltia-cms.user', 'TOKEN-123');`);
  }
  // serve's own headers for the shipped files: the engine's strict policy, as _headers gives it.
  await writeFile(join(dir, 'shipped', '_headers'), `/*\n  Content-Security-Policy: default-src 'self'; script-src 'self'\n`);
  for (const [name, { svg }] of Object.entries(PAYLOADS)) {
    await writeFile(join(dir, 'raw', `${name}.svg`), svg);
    await writeFile(join(dir, 'shipped', `${name}.svg`), sanitizeSvg(svg).svg);
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await new Promise<void>((done) => server.close(() => done()));
  await rm(dir, { recursive: true, force: true });
});

/** Opens the origin's page (which keeps a token), then the SVG on its own; returns what ran. */
async function open(base: string, name: string, click: boolean): Promise<{ dialogs: number; requests: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (r.url().includes('/stolen')) requests.push(r.url());
  });
  await page.goto(`${base}/index.html`);
  await page.waitForFunction(() => localStorage.getItem('sveltia-cms.user') === 'TOKEN-123');
  await page.goto(`${base}/${name}.svg`);
  if (click) await page.mouse.click(40, 30).catch(() => undefined);
  await page.waitForTimeout(300);
  await context.close();
  return { dialogs, requests };
}

async function plainAt(root: string): Promise<string> {
  const server = plainServer(root);
  servers.push(server);
  return listen(server, 0, '127.0.0.1');
}

describe('uploaded SVGs in Chromium', () => {
  it('as they came, each runs script and reads the token on a plain server (the test can tell)', async () => {
    const base = await plainAt(join(dir, 'raw'));
    for (const [name, { click }] of Object.entries(PAYLOADS)) {
      const ran = await open(base, name, !!click);
      expect(ran.requests.join(), name).toContain('TOKEN-123');
    }
  });

  it('as the build ships them, none runs script or reads localStorage, on a plain server or on serve', async () => {
    stolen.length = 0;
    const plain = await plainAt(join(dir, 'shipped'));
    const served = createDistServer(join(dir, 'shipped'));
    servers.push(served);
    const serve = await listen(served, 0, '127.0.0.1');
    for (const base of [plain, serve]) {
      for (const [name, { click }] of Object.entries(PAYLOADS)) {
        const ran = await open(base, name, !!click);
        expect(ran, `${name} on ${base === plain ? 'a plain server' : 'serve'}`).toEqual({ dialogs: 0, requests: [] });
      }
    }
    expect(stolen).toEqual([]);
  });
});
