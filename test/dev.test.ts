// `dev` end to end: start it on a copy of the content, edit a file, and see the new HTML served;
// break the content and see the error page; fix it and see the site recover without a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, sandbox, STATIC, type Sandbox } from './helpers/fixtures.ts';
import { get } from './helpers/http.ts';

let site: Sandbox;
let child: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  site = await sandbox();
  await cp(STATIC, join(site.dir, 'static'), { recursive: true });
  child = spawn(join(ROOT, 'bin/site'), ['dev', '--port', '0', '--content', site.content, '--static', join(site.dir, 'static'), '--out', join(site.dir, 'dev-out')], { cwd: ROOT });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', () => {
      const match = /Dev server at (http:\/\/[^/\s]+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
});

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
  await site.cleanup();
});

/** Polls a path until the body satisfies the check (dev rebuilds in the background). */
async function waitFor(path: string, check: (body: string, status: number) => boolean): Promise<{ body: string; status: number }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = await get(base, path);
    if (check(reply.body, reply.status)) return reply;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${path}; last status ${reply.status}\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('dev', () => {
  it('serves the built site with the reload client, which production pages never carry', async () => {
    const reply = await get(base, '/about');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<script type="module" src="/__dev/reload.js">');
    expect((await get(base, '/__dev/reload.js')).body).toContain("new EventSource(\"/__dev/events\")");
  });

  it('serves the new HTML after a content file is saved', async () => {
    await site.edit('en/pages/about.yaml', (t) => t.replace(/^title: .*$/m, 'title: About the Practice Today'));
    const reply = await waitFor('/about', (body) => body.includes('<title>About the Practice Today | '));
    expect(reply.status).toBe(200);
  });

  it('shows the error page on a failed rebuild and recovers on the next good save', async () => {
    await site.edit('en/pages/about.yaml', (t) => t.replace(/^title: .*$/m, 'title: [unclosed'));
    const broken = await waitFor('/about', (_, status) => status === 500);
    expect(broken.body).toContain('<h1>Unexpected Application Error!</h1>');
    expect(broken.body).toContain('about.yaml');
    expect(broken.body).toContain('/__dev/reload.js');
    await site.edit('en/pages/about.yaml', (t) => t.replace('title: [unclosed', 'title: About Us Again'));
    await waitFor('/about', (body, status) => status === 200 && body.includes('<title>About Us Again | '));
  });

  it('refuses front matter that would run code, shows why, and never runs it', async () => {
    const marker = join(site.dir, 'front-matter-ran');
    const original = await readFile(join(site.content, 'en/services/vaccines.md'), 'utf8');
    await site.edit('en/services/vaccines.md', (t) => t.replace(/^---\n/, `---js\n{ name: require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran') || 'x' }\n---\n---\n`));
    const broken = await waitFor('/services/vaccines', (body, status) => status === 500 && body.includes('has front matter that is not YAML'));
    expect(broken.body).toContain('vaccines.md:1:4');
    expect(existsSync(marker)).toBe(false);
    await writeFile(join(site.content, 'en/services/vaccines.md'), original);
    await waitFor('/services/vaccines', (_, status) => status === 200);
    expect(existsSync(marker)).toBe(false);
  });

  it('sends the security headers of production, minus what needs HTTPS', async () => {
    const reply = await get(base, '/about');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps watching when the content folder is deleted, and when it is replaced by another (a checkout)', async () => {
    const saved = `${site.content}.saved`;
    await rename(site.content, saved);
    await waitFor('/about', (_, status) => status === 500);
    await cp(saved, site.content, { recursive: true });
    await waitFor('/about', (_, status) => status === 200);
    await site.edit('en/pages/about.yaml', (t) => t.replace(/^title: .*$/m, 'title: About Us After the Move'));
    await waitFor('/about', (body) => body.includes('<title>About Us After the Move | '));
    // Replaced in one rename, as git or an editor does: the old folder's watch is gone with it.
    await rm(site.content, { recursive: true });
    await rename(saved, site.content);
    await waitFor('/about', (body) => !body.includes('<title>About Us After the Move | '));
    // A file new to the folder is seen only by a watch on the new folder itself.
    await writeFile(join(site.content, 'en/pages/careers.yaml'), 'title: Careers\n');
    const broken = await waitFor('/about', (body, status) => status === 500 && body.includes('careers'));
    expect(broken.body).toContain('is not part of the site');
    await rm(join(site.content, 'en/pages/careers.yaml'));
    await waitFor('/about', (_, status) => status === 200);
  });

  it('serves a static file as it is after it is saved', async () => {
    const file = join(site.dir, 'static', 'robots-note.txt');
    await writeFile(file, 'first version\n');
    await waitFor('/robots-note.txt', (body, status) => status === 200 && body === 'first version\n');
    await writeFile(file, 'second version\n');
    await waitFor('/robots-note.txt', (body) => body === 'second version\n');
  });

  it('rebuilds once for a save made through a scratch file (sed -i, vim), naming only the file saved', async () => {
    const about = join(site.content, 'en/pages/about.yaml');
    const scratch = join(site.content, 'en/pages/sedQ7x2Lp');
    const before = output.length;
    await writeFile(scratch, (await readFile(about, 'utf8')).replace(/^title: .*$/m, 'title: About Us Through Sed'));
    // Long enough for the watcher to see the scratch file on its own (an editor writing a long file).
    await new Promise((r) => setTimeout(r, 300));
    await rename(scratch, about);
    await waitFor('/about', (body) => body.includes('About Us Through Sed'));
    await new Promise((r) => setTimeout(r, 300));
    // Lines of this save only (a rebuild an earlier test started may still be told meanwhile).
    const told = output.slice(before).split('\n').filter((line) => /re-rendered|full build|build failed/.test(line) && line.includes('en/pages/'));
    expect(told, output.slice(before)).toHaveLength(1);
    expect(told[0]).toMatch(/^\S*en\/pages\/about\.yaml: /);
  });

  it('answers unknown paths with the locale\'s 404 page', async () => {
    const reply = await get(base, '/es/nada');
    expect(reply.status).toBe(404);
    expect(reply.body).toContain('<html lang="es"');
  });

  it('answers only localhost names and IP addresses: a page that rebinds its own name to 127.0.0.1 reads nothing', async () => {
    const port = new URL(base).port;
    const rebound = await get(base, '/', { Host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toBe('Blocked request: dev does not answer the host name "evil.example". If it is yours, run site dev with --allowed-host evil.example\n');
    expect((await get(base, '/__dev/reload.js', { Host: 'evil.example' })).status).toBe(403);
    expect((await get(base, '/', { Host: `localhost:${port}` })).status).toBe(200);
    expect((await get(base, '/', { Host: `127.0.0.1:${port}` })).status).toBe(200);
  });
});
