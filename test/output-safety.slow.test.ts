// Safe output: a build never destroys or replaces a folder it did not make, never publishes a link or a
// hidden file from static/, trusts none of its caches, leaves no debris, and fails in one sentence when
// the machine says no (a full disk, a read-only folder, a missing permission). Run on a copy of the
// project, so a guard that failed would only ever destroy the copy. In the slow set: ~45 runs of the
// CLI on the whole site (~40 s alone).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statfsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type ProjectCopy } from './helpers/fixtures.ts';

const STACK = /\n\s+at |node:internal|Node\.js v\d+/;
const isRoot = process.getuid?.() === 0;

let project: ProjectCopy;
beforeAll(async () => {
  project = await projectCopy('output-safety');
});
afterAll(() => project.cleanup());

/** Runs a build that must be refused: exit 2, one sentence, no stack, and not one byte of the project changed. */
async function refused(out: string, message: string | RegExp, cwd?: string, flags: string[] = []) {
  const before = await project.snapshot();
  const { code, stdout, stderr } = await project.run(['build', '--out', out, ...flags], cwd);
  expect(code, stderr).toBe(2);
  expect(stderr).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
  expect(stderr).not.toMatch(STACK);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stdout).not.toContain('Built');
  expect(await project.snapshot()).toEqual(before);
}

/** Builds with .br twins, as for nginx (the default host gets none). */
const TWINS = ['--precompress', 'br'];

async function built(out: string, ...flags: string[]) {
  const result = await project.run(['build', '--out', out, ...flags]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('output paths are checked before anything is written', () => {
  it('refuses the project folder, the current folder and any folder that holds them', async () => {
    await refused('.', "--out . is the project's own folder");
    await refused('src/..', "--out . is the project's own folder");
    await refused('..', /--out \S+ holds the project/);
  });

  it("refuses the site's source folders and anything inside them", async () => {
    await refused('content', "--out content is the site's content folder");
    await refused('static', "--out static is the site's static folder");
    await refused('templates', "--out templates is the site's templates folder");
    await refused('content/en/out', "--out content/en/out is inside the site's content folder");
  });

  it("refuses git's and npm's folders, even with --empty-out-dir", async () => {
    await mkdir(join(project.dir, '.git'), { recursive: true });
    await writeFile(join(project.dir, '.git/HEAD'), 'ref: refs/heads/main\n');
    for (const flags of [[], ['--empty-out-dir']]) {
      await refused('.git', '--out .git is a .git folder, which git keeps; building there would replace its files', undefined, flags);
      await refused('.git/objects', '--out .git/objects is inside a .git folder', undefined, flags);
      await refused('node_modules/x', '--out node_modules/x is inside a node_modules folder, which npm keeps', undefined, flags);
      await refused('.GIT', '--out .GIT is a .git folder', undefined, flags);
      await refused('../elsewhere/.git/refs', /--out \S+ is inside a \.git folder/, undefined, flags);
    }
    await rm(join(project.dir, '.git'), { recursive: true });
  });

  it('refuses an existing file and a symbolic link', async () => {
    await writeFile(join(project.dir, 'notes.txt'), 'my notes');
    await refused('notes.txt', '--out notes.txt is a file, not a folder');
    await symlink(join(project.dir, 'content'), join(project.dir, 'content-link'));
    await refused('content-link', "--out content-link is the site's content folder");
    await rm(join(project.dir, 'notes.txt'));
    await rm(join(project.dir, 'content-link'));
  });

  it("refuses a folder of someone else's files, naming the flag that allows it", async () => {
    await mkdir(join(project.dir, 'theirs'));
    await writeFile(join(project.dir, 'theirs/report.pdf'), 'not ours');
    await refused('theirs', '--out theirs is a folder of files this tool did not write (it has no .site-output marker). Build into an empty or new folder, or pass --empty-out-dir');
    await built('theirs', '--empty-out-dir');
    expect(existsSync(join(project.dir, 'theirs/report.pdf'))).toBe(false);
    expect(await readFile(join(project.dir, 'theirs/.site-output'), 'utf8')).toMatch(/^\{"generator":"[^"]+","version":"\d+\.\d+\.\d+"\}\n$/);
    await rm(join(project.dir, 'theirs'), { recursive: true });
  });
});

describe('the everyday flow keeps working', () => {
  it('builds into the default dist/, then again over its own output', async () => {
    // With twins (as for nginx), so the manifest records them.
    const first = await project.run(['build', '--precompress', 'br']);
    expect(first.code, first.stderr).toBe(0);
    expect(existsSync(join(project.dir, 'dist/.site-output'))).toBe(true);
    const manifest = JSON.parse(await readFile(join(project.dir, 'dist/.site-manifest'), 'utf8')) as { files: string[]; twins: Record<string, string[]> };
    expect(manifest.files).toContain('index.html');
    expect(manifest.files).toContain('es/services/vaccines.html.br');
    expect(manifest.twins['es/services/vaccines.html']).toEqual(['br']);
    const second = await project.run(['build']);
    expect(second.code, second.stderr).toBe(0);
  });

  it("replaces an output written by the previous release (no marker: the default dist/, holding only a build's files)", async () => {
    await rm(join(project.dir, 'dist/.site-output'));
    await rm(join(project.dir, 'dist/.site-manifest'));
    // The previous release wrote no editor (admin/) and no sign-in function (_worker.js, _routes.json):
    // an unmarked folder holding code for a host to run is never taken for ours.
    await rm(join(project.dir, 'dist/admin'), { recursive: true });
    for (const file of ['_worker.js', '_routes.json']) await rm(join(project.dir, 'dist', file));
    await built('dist');
    expect(existsSync(join(project.dir, 'dist/.site-output'))).toBe(true);
    // ... but not once somebody's own file is in it.
    await rm(join(project.dir, 'dist/.site-output'));
    await writeFile(join(project.dir, 'dist/my-notes.md'), 'mine');
    await refused('dist', 'it has no .site-output marker');
    await rm(join(project.dir, 'dist'), { recursive: true });
  });

  it('never deletes a file somebody put in its own output: refused, naming it; a host file (CNAME) is carried over', async () => {
    await built('dist');
    await writeFile(join(project.dir, 'dist/CNAME'), 'www.example.org\n');
    await writeFile(join(project.dir, 'dist/.DS_Store'), 'a file manager\'s');
    await built('dist');
    expect(await readFile(join(project.dir, 'dist/CNAME'), 'utf8')).toBe('www.example.org\n');
    await mkdir(join(project.dir, 'dist/downloads'));
    await writeFile(join(project.dir, 'dist/downloads/report.zip'), 'mine');
    await writeFile(join(project.dir, 'dist/my-notes.txt'), 'mine');
    await refused('dist', 'dist holds 2 files this tool did not write (downloads/report.zip, my-notes.txt), which replacing it would delete. Move them out (a file to publish goes in the static folder), or pass --empty-out-dir');
    await built('dist', '--empty-out-dir');
    expect(existsSync(join(project.dir, 'dist/my-notes.txt'))).toBe(false);
    expect(await readFile(join(project.dir, 'dist/CNAME'), 'utf8')).toBe('www.example.org\n');
  });

  it('builds into a git worktree in place: .git and CNAME kept, only files of its own previous build deleted', async () => {
    const pages = join(project.dir, 'gh-pages');
    await mkdir(pages);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: pages });
    git('init', '-q');
    await writeFile(join(pages, 'CNAME'), 'www.example.com\n');
    git('add', '.');
    git('commit', '-qm', 'host files');
    const first = await built('gh-pages');
    expect(first.stdout).toContain('gh-pages holds a .git, so it was updated in place');
    expect(await readFile(join(pages, 'CNAME'), 'utf8')).toBe('www.example.com\n');
    expect(git('rev-parse', '--verify', 'HEAD').toString()).toMatch(/^[0-9a-f]{40}/);

    // A file the previous build wrote and this one does not is deleted; one it never wrote is kept.
    await writeFile(join(pages, 'old-page.html'), '<!DOCTYPE html><title>old</title>');
    const listed = JSON.parse(await readFile(join(pages, '.site-manifest'), 'utf8')) as { files: string[] };
    await writeFile(join(pages, '.site-manifest'), JSON.stringify({ ...listed, files: [...listed.files, 'old-page.html'] }));
    await writeFile(join(pages, 'keep-me.txt'), 'written by hand');
    const second = await built('gh-pages');
    expect(second.stdout).toContain('removed 1 file the previous build wrote');
    expect(existsSync(join(pages, 'old-page.html'))).toBe(false);
    expect(await readFile(join(pages, 'keep-me.txt'), 'utf8')).toBe('written by hand');
    expect(existsSync(join(pages, '.git/HEAD'))).toBe(true);

    // A file of someone else's where the build writes one is never replaced without the flag.
    const manifest = JSON.parse(await readFile(join(pages, '.site-manifest'), 'utf8')) as { files: string[] };
    await writeFile(join(pages, '.site-manifest'), JSON.stringify({ ...manifest, files: manifest.files.filter((f) => f !== 'robots.txt') }));
    await writeFile(join(pages, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    const { code, stderr } = await project.run(['build', '--out', 'gh-pages']);
    expect(code).toBe(2);
    expect(stderr).toContain('holds a file this tool did not write that the build would replace (robots.txt)');
    expect(await readFile(join(pages, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n');
    await rm(pages, { recursive: true });
  });

  it.runIf(isRoot)('updates a mount point (a container volume) in place', async () => {
    const volume = join(project.dir, 'volume');
    await mkdir(volume);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', volume]);
    try {
      const result = await built('volume');
      expect(result.stdout).toContain('volume is a mount point, so it was updated in place');
      expect(existsSync(join(volume, 'index.html'))).toBe(true);
    } finally {
      execFileSync('umount', [volume]);
    }
  });
});

describe('static/ publishes regular files only', () => {
  const out = () => join(project.dir, 'dist-static');
  afterAll(async () => {
    for (const file of ['static/passwd', 'static/.env', 'static/.well-known', 'static/favicon.svg~', 'static/.secrets']) await rm(join(project.dir, file), { recursive: true, force: true });
  });

  it('fails on a symbolic link, naming it, whatever it points at', async () => {
    await symlink('/etc/passwd', join(project.dir, 'static/passwd'));
    const { code, stderr } = await project.run(['build', '--out', out()]);
    expect(code).toBe(1);
    expect(stderr).toContain('static/passwd  is a symbolic link');
    expect(existsSync(join(out(), 'passwd'))).toBe(false);
    await rm(join(project.dir, 'static/passwd'));
  });

  it('fails on an SVG that would run a script when opened on its own', async () => {
    const svg = join(project.dir, 'static/images/badge.svg');
    for (const body of ['<script>alert(1)</script>', '<circle r="4" onload="alert(1)"/>', '<a href="javascript:alert(1)"><text>x</text></a>', '<foreignObject><div>x</div></foreignObject>']) {
      await writeFile(svg, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">${body}</svg>`);
      const { code, stderr } = await project.run(['build', '--out', out()]);
      expect(code, body).toBe(1);
      expect(stderr).toContain('static/images/badge.svg  is an SVG that could run code where it is opened');
    }
    await rm(svg);
  });

  it('leaves hidden files and editor leftovers out with a warning (an error with --strict), and publishes .well-known/', async () => {
    await writeFile(join(project.dir, 'static/.env'), 'SECRET=1');
    await mkdir(join(project.dir, 'static/.secrets'));
    await writeFile(join(project.dir, 'static/.secrets/key.pem'), 'KEY');
    await writeFile(join(project.dir, 'static/favicon.svg~'), 'backup');
    await mkdir(join(project.dir, 'static/.well-known'));
    await writeFile(join(project.dir, 'static/.well-known/security.txt'), 'Contact: mailto:security@example.com\n');
    const { stdout } = await built(out());
    expect(stdout).toContain('static/.env: not published: a hidden file');
    expect(stdout).toContain('static/.secrets/key.pem: not published: a hidden file');
    expect(stdout).toContain("static/favicon.svg~: not published: an editor's backup or temporary file");
    expect(existsSync(join(out(), '.env'))).toBe(false);
    expect(existsSync(join(out(), '.secrets'))).toBe(false);
    expect(existsSync(join(out(), 'favicon.svg~'))).toBe(false);
    expect(await readFile(join(out(), '.well-known/security.txt'), 'utf8')).toContain('Contact:');
    const strict = await project.run(['build', '--out', out(), '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('static/.env  is left out of the output (--strict)');
  });

  it('refuses a folder tree 1,000 levels deep in one sentence, without reading it all', async () => {
    await mkdir(join(project.dir, 'static/deep', ...Array.from({ length: 1000 }, () => 'd')), { recursive: true });
    try {
      const { code, stderr } = await project.run(['build', '--out', out()]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/static\/deep(\/d)+ {2}is nested more than 32 folders deep/);
      expect(stderr).not.toMatch(STACK);
    } finally {
      await rm(join(project.dir, 'static/deep'), { recursive: true });
    }
  });
});

describe('no debris, no trusted cache', () => {
  beforeAll(() => built('dist'));

  it('removes the staging folders an interrupted build left (only ours), and git ignores them', async () => {
    const out = join(project.dir, 'dist');
    const stale = join(project.dir, '.dist.staging-999999-1');
    await mkdir(stale);
    await writeFile(join(stale, '.site-output'), await readFile(join(out, '.site-output')));
    const notOurs = join(project.dir, '.dist.staging-999998-1');
    await mkdir(notOurs);
    await built('dist');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(notOurs)).toBe(true);
    await rm(notOurs, { recursive: true });
    expect(execFileSync('git', ['check-ignore', '--no-index', '.dist.staging-123-456', '.dist.staging-123-456.old'], { cwd: join(import.meta.dirname, '..') }).toString().trim().split('\n')).toHaveLength(2);
  });

  it('puts the previous output back when a build was killed between the two renames of its swap', async () => {
    const out = join(project.dir, 'dist');
    const old = join(project.dir, '.dist.staging-999997-1.old');
    execFileSync('mv', [out, old]);
    await built('dist');
    expect(existsSync(old)).toBe(false);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  it('puts it back as build, serve and dev start, even when the build then fails', async () => {
    const out = join(project.dir, 'dist');
    const old = join(project.dir, '.dist.staging-999996-1.old');
    const ui = join(project.dir, 'content/en/ui.yaml');
    const original = await readFile(ui, 'utf8');
    execFileSync('mv', [out, old]);
    await writeFile(ui, `${original}\nnot valid: [yaml`);
    try {
      const failed = await project.run(['build']);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('Build failed; dist/ was left as it was.');
      expect(existsSync(join(out, 'index.html'))).toBe(true);
    } finally {
      await writeFile(ui, original);
    }
    execFileSync('mv', [out, old]);
    const { spawn } = await import('node:child_process');
    const serve = spawn(join(project.dir, 'bin/site'), ['serve', '--port', '0'], { cwd: project.dir, env: { ...process.env } });
    let said = '';
    serve.stdout.on('data', (d) => (said += d));
    try {
      for (const deadline = Date.now() + 20_000; !said.includes('Serving') && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
      expect(said).toContain('Put back the previous output in dist/ (a build was stopped while replacing it).');
      expect(existsSync(join(out, 'index.html'))).toBe(true);
    } finally {
      serve.kill('SIGTERM');
    }
  });

  it('makes a compressed twin again when the cached one was damaged', async () => {
    const out = join(project.dir, 'dist');
    await built('dist', ...TWINS);
    // The output's .br is a hard link to the cache's entry: truncating one truncates both.
    await truncate(join(out, 'about.html.br'), 100);
    await built('dist', ...TWINS);
    expect(brotliDecompressSync(await readFile(join(out, 'about.html.br')))).toEqual(await readFile(join(out, 'about.html')));
    // Rewritten with as many bytes: the time it was changed gives it away.
    const page = join(out, 'es/about.html.br');
    const size = (await readFile(page)).length;
    await writeFile(page, Buffer.alloc(size, 1), { flag: 'r+' });
    await built('dist', ...TWINS);
    expect(brotliDecompressSync(await readFile(page))).toEqual(await readFile(join(out, 'es/about.html')));
    // With no record of the entries (an index lost), each is decompressed and compared before use.
    const cache = join(project.dir, 'node_modules/.cache/sitewright/compressed');
    for (const dir of readdirSync(cache)) await rm(join(cache, dir, 'index.json'), { force: true });
    await writeFile(page, Buffer.alloc(size, 2), { flag: 'r+' });
    await built('dist', ...TWINS);
    expect(brotliDecompressSync(await readFile(page))).toEqual(await readFile(join(out, 'es/about.html')));
  });

  it('writes a page again when it was changed in the output, which its cached copy shares', async () => {
    const out = join(project.dir, 'dist');
    const cache = join(project.dir, 'node_modules/.cache/sitewright/compressed');
    const loseRecord = async () => {
      for (const dir of readdirSync(cache)) await rm(join(cache, dir, 'index.json'), { force: true });
    };
    await built('dist');
    const page = join(out, 'es/contact.html');
    const good = await readFile(page);
    // An unchanged page is the cache's own file, linked: the next build made no file for it, nor one after the
    // cache's record of it was lost (its bytes compared instead).
    const made = (await stat(page)).ino;
    await built('dist');
    expect((await stat(page)).ino).toBe(made);
    await loseRecord();
    await built('dist');
    expect((await stat(page)).ino).toBe(made);
    // Edited in place (through the link) with as many bytes, then with the cache's record of it lost.
    for (const lose of [false, true]) {
      await writeFile(page, Buffer.alloc(good.length, 0x41), { flag: 'r+' });
      if (lose) await loseRecord();
      await built('dist');
      expect(await readFile(page)).toEqual(good);
    }
  });

  it('bundles again when the cached bundle was edited', async () => {
    const cache = join(project.dir, 'node_modules/.cache/sitewright/bundle');
    const out = join(project.dir, 'dist');
    const js = readdirSync(join(out, 'assets')).find((f) => f.endsWith('.js'))!;
    const good = await readFile(join(out, 'assets', js));
    let edited = 0;
    for (const file of readdirSync(cache)) {
      // A kept bundle is sealed (startup/sealed.mjs): the first line is its checksum, left as it was.
      const text = await readFile(join(cache, file), 'utf8');
      const seal = text.slice(0, text.indexOf('\n') + 1);
      const entry = JSON.parse(text.slice(seal.length));
      if (entry.js?.url !== `/assets/${js}`) continue;
      entry.js.contents = Buffer.from('alert("not ours")').toString('base64');
      await writeFile(join(cache, file), seal + JSON.stringify(entry));
      edited++;
    }
    expect(edited).toBe(1);
    await built('dist');
    expect(await readFile(join(out, 'assets', js))).toEqual(good);
  });
});

describe('bounded failure', () => {
  it.runIf(isRoot)('a full disk: one sentence, exit 2, the previous output untouched', async () => {
    const disk = join(project.dir, 'small-disk');
    await mkdir(disk);
    // Room for one output with its editor (admin/, 17 MB: copied, since a link cannot cross filesystems).
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', disk]);
    try {
      await built(join(disk, 'dist'));
      const before = readdirSync(join(disk, 'dist'), { recursive: true }).length;
      // Leave less room than a second output needs.
      const free = statfsSync(disk);
      await writeFile(join(disk, 'filler'), Buffer.alloc(free.bavail * free.bsize - 256 * 1024));
      const { code, stderr } = await project.run(['build', '--out', join(disk, 'dist')]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^site: could not write (\S+|the new output for small-disk\/dist): the disk is full \(ENOSPC\)\. Nothing in \S+dist\/ was changed\.\n$/);
      expect(readdirSync(join(disk, 'dist'), { recursive: true }).length).toBe(before);
      expect(readdirSync(disk).filter((name) => name.includes('staging'))).toEqual([]);
    } finally {
      execFileSync('umount', [disk]);
    }
  });

  it.runIf(isRoot)('a read-only output: one sentence, exit 2, nothing changed', async () => {
    const disk = join(project.dir, 'read-only');
    await mkdir(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', disk]);
    try {
      await built(join(disk, 'dist'));
      execFileSync('mount', ['-o', 'remount,ro', disk]);
      const { code, stderr } = await project.run(['build', '--out', join(disk, 'dist')]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^site: could not write \S+: the file system is read-only \(EROFS\)\. Nothing in \S+dist\/ was changed\.\n$/);
    } finally {
      execFileSync('umount', [disk]);
    }
  });

  it.runIf(isRoot)('a folder the build may not write into: one sentence, exit 2', async () => {
    const locked = join(project.dir, 'locked');
    await mkdir(locked);
    // chattr works for root too, where a chmod would not stop it.
    execFileSync('chattr', ['+i', locked]);
    try {
      const { code, stderr } = await project.run(['build', '--out', join(locked, 'dist')]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^site: could not write \S*locked\S*: the operation is not permitted \(EPERM\)\. Nothing was written\.\n$/);
    } finally {
      execFileSync('chattr', ['-i', locked]);
    }
  });

  it('70,000 duplicate keys (just under the size limit) fail quickly, naming the file and line', async () => {
    const file = join(project.dir, 'content/en/pages/about.yaml');
    const original = await readFile(file, 'utf8');
    await writeFile(file, `${original}${'title: again\n'.repeat(70_000)}`);
    try {
      const { code, stderr } = await project.run(['build', '--out', join(project.dir, 'dist')]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/content\/en\/pages\/about\.yaml:\d+:\d+ {2}is not valid YAML/);
      expect(stderr).not.toMatch(STACK);
    } finally {
      await writeFile(file, original);
    }
    // Bounded, not fast: this test's own timeout stops a build that never ends.
  }, 30_000);
});
