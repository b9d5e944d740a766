// The small holes an attacker with a staff login found, each closed: printed text is inert, q=0 means
// no, dev answers only its own names, --report replaces only its own reports, caches are the user's
// alone, and an in-place update never deletes .git or a host's file whatever the manifest says.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { hostAllowed } from '../../src/dev/allowed-hosts.ts';
import { manifestContents, MANIFEST, MARKER, markerContents, readManifest } from '../../src/output/marker.ts';
import { publish } from '../../src/output/publish.ts';
import { inert } from '../../src/problems/inert.ts';
import { inFile } from '../../src/problems/problem.ts';
import { untrustedLog } from '../../src/report/annotations.ts';
import { checkReportPath, writeReport } from '../../src/report/json-report.ts';
import { acceptedEncodings } from '../../src/serve/encoding.ts';
import { cacheRoot, trustedCache, untrustedCaches } from '../../src/files/cache.ts';

const made: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-safety-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('text from content, printed', () => {
  it('shows control characters escaped: no escape sequence, no line that starts a workflow command', () => {
    expect(inert('a\u001b[2Jb\n::error file=x::boom\r\u0007')).toBe('a\\u001b[2Jb\\n::error file=x::boom\\r\\u0007');
    const problem = inFile('content/schema', 'content/en/x\n.yaml', 'title\u001b[31m', [{ path: 'k\ney', message: 'value "\n::error::owned"' }]);
    const text = problem.format();
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(text.split('\n').every((line) => !line.startsWith('::'))).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
  });

  it('is printed in GitHub Actions between ::stop-commands:: and its own token', () => {
    const log = untrustedLog('a\n::error::x');
    const [first, ...rest] = log.split('\n');
    const token = /^::stop-commands::([0-9a-f]{32})$/.exec(first!)?.[1];
    expect(token).toBeDefined();
    expect(rest).toEqual(['a', '::error::x', `::${token}::`]);
    expect(untrustedLog('a')).not.toBe(log.replace('a\n::error::x', 'a')); // a new token each time
  });
});

describe('Accept-Encoding', () => {
  it('reads q-values: q=0 refuses a coding, the higher q wins, brotli first on a tie', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0.5, gzip;q=0.8')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('*;q=0')).toEqual([]);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('BR;Q=0.0')).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
  });
});

describe('the Host names dev answers', () => {
  const dev = { host: '127.0.0.1' };
  it('answers localhost names, IP addresses, its --host and --allowed-host names', () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', 'app.localhost', '[::1]:3000', '192.168.1.20:3000', '10.0.0.5']) expect(hostAllowed(host, dev), host).toBe(true);
    expect(hostAllowed('devbox.lan:3000', { host: 'devbox.lan' })).toBe(true);
    expect(hostAllowed('site.test:3000', { ...dev, allowed: ['site.test'] })).toBe(true);
    expect(hostAllowed('a.site.test', { ...dev, allowed: ['.site.test'] })).toBe(true);
    expect(hostAllowed(undefined, dev)).toBe(true);
  });

  it('refuses any other name: a page that rebinds its own name to 127.0.0.1 cannot read dev', () => {
    for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', 'a.site.test.evil', '127.0.0.1.nip.io', 'bad host', '']) expect(hostAllowed(host, { ...dev, allowed: ['.site.test'] }), host).toBe(false);
  });
});

describe('--report', () => {
  it('refuses an existing file it did not write, a folder, a link and a device', () => {
    const dir = temp();
    writeFileSync(join(dir, 'site.config.ts'), 'export default {}');
    writeFileSync(join(dir, 'package.json'), '{"name":"x"}');
    expect(() => checkReportPath(join(dir, 'site.config.ts'), [])).toThrow(/exists and is not a report this tool wrote, so it is not replaced/);
    expect(() => checkReportPath(join(dir, 'package.json'), [])).toThrow(/is not a report this tool wrote/);
    expect(() => checkReportPath('/dev/null', [])).toThrow(/is not a regular file/);
    expect(() => checkReportPath(dir, [])).toThrow(/is a folder/);
    symlinkSync(join(dir, 'package.json'), join(dir, 'link.json'));
    expect(() => checkReportPath(join(dir, 'link.json'), [])).toThrow(/is a symbolic link/);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"x"}');
  });

  it('writes a new file, and replaces a report of its own', () => {
    const file = join(temp(), 'problems.json');
    checkReportPath(file, []);
    writeReport(file, [], []);
    expect(() => checkReportPath(file, [])).not.toThrow();
  });
});

describe('cache folders', () => {
  it("are the project's node_modules/.cache, else the user's cache folder, never a shared temporary one", () => {
    const project = temp();
    mkdirSync(join(project, 'node_modules'));
    expect(cacheRoot(join(project, 'site'))).toBe(join(project, 'node_modules/.cache/sitewright'));
    const xdg = join(temp(), 'xdg');
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = xdg;
    try {
      const lone = temp(); // in the temporary folder, with no node_modules on the way up
      expect(cacheRoot(lone)).toBe(join(xdg, 'sitewright'));
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  });

  it('are made for this user alone (0700)', () => {
    const dir = join(temp(), 'cache');
    expect(trustedCache(dir)).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('are not used when others may write to them, or another user owns them: a private folder stands in', () => {
    const open = join(temp(), 'shared');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const used = trustedCache(open);
    // The stand-in is removed as the process exits; vitest ends its workers without an exit event, so here.
    onTestFinished(() => rmSync(used, { recursive: true, force: true }));
    expect(used).not.toBe(open);
    expect(statSync(used).mode & 0o777).toBe(0o700);
    expect(untrustedCaches.at(-1)).toBe(`${open} may be written by other users (mode 777)`);
    if (process.getuid?.() === 0) {
      const theirs = join(temp(), 'theirs');
      mkdirSync(theirs, { mode: 0o755 });
      chownSync(theirs, 65534, 65534);
      const instead = trustedCache(theirs);
      onTestFinished(() => rmSync(instead, { recursive: true, force: true }));
      expect(instead).not.toBe(theirs);
      expect(untrustedCaches.at(-1)).toBe(`${theirs} belongs to another user (uid 65534)`);
    }
  });

  it('are not used when they are a link or a file, or cannot be made; the answer is the same each time asked', () => {
    const stand = (dir: string) => {
      const used = trustedCache(dir);
      onTestFinished(() => rmSync(used, { recursive: true, force: true }));
      expect(used).not.toBe(dir);
      expect(statSync(used).mode & 0o777).toBe(0o700);
      // Asked again in the same process: the same stand-in, the reason told once.
      const told = untrustedCaches.length;
      expect(trustedCache(dir)).toBe(used);
      expect(untrustedCaches.length).toBe(told);
      return untrustedCaches.at(-1);
    };
    const real = join(temp(), 'real');
    mkdirSync(real, { mode: 0o700 });
    const link = join(temp(), 'link');
    symlinkSync(real, link);
    expect(stand(link)).toBe(`${link} is not a folder (a link, or a file)`);
    const file = join(temp(), 'file');
    writeFileSync(file, 'x');
    expect(stand(file)).toMatch(new RegExp(`^${file} (is not a folder \\(a link, or a file\\)|cannot be made \\(EEXIST\\))$`));
    const under = join(file, 'cache');
    expect(stand(under)).toBe(`${under} cannot be made (ENOTDIR)`);
  });

  it("take a relative XDG_CACHE_HOME for none, as the XDG rule says: the user's ~/.cache", () => {
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = 'relative/cache';
    try {
      expect(cacheRoot(temp())).toBe(join(homedir(), '.cache', 'sitewright'));
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  });
});

describe('an in-place update (a gh-pages worktree)', () => {
  it('never deletes .git/, a host file or the marker, whatever the manifest lists', async () => {
    const dir = temp();
    const out = join(dir, 'pages');
    mkdirSync(join(out, '.git'), { recursive: true });
    writeFileSync(join(out, '.git/HEAD'), 'ref: refs/heads/gh-pages\n');
    writeFileSync(join(out, 'CNAME'), 'www.example.com\n');
    writeFileSync(join(out, 'old.html'), 'old');
    mkdirSync(join(out, 'vendor/.git'), { recursive: true });
    writeFileSync(join(out, 'vendor/.git/config'), '[core]\n');
    writeFileSync(join(out, MARKER), markerContents());
    const manifest = JSON.parse(manifestContents(['old.html'])) as { files: string[] };
    writeFileSync(join(out, MANIFEST), JSON.stringify({ ...manifest, files: ['old.html', '.git/HEAD', 'vendor/.git/config', 'CNAME', '.nojekyll', MARKER, 'x/../../etc'] }));
    const staging = join(dir, 'staging');
    mkdirSync(staging);
    writeFileSync(join(staging, MARKER), markerContents());
    writeFileSync(join(staging, 'index.html'), 'new');
    const result = await publish(staging, { dir: out, exists: true, mode: 'in-place', why: 'holds a .git', previous: readManifest(out).files });
    expect(result.removed).toBe(1);
    expect(existsSync(join(out, 'old.html'))).toBe(false);
    expect(readFileSync(join(out, '.git/HEAD'), 'utf8')).toBe('ref: refs/heads/gh-pages\n');
    expect(readFileSync(join(out, 'CNAME'), 'utf8')).toBe('www.example.com\n');
    expect(readFileSync(join(out, 'vendor/.git/config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(join(out, MARKER))).toBe(true);
  });

  it('writes a manifest as JSON: a name cannot add an entry, and twins are recorded per file', () => {
    const text = manifestContents(['a.html', 'a.html.br', 'evil\n.git/HEAD', 'b.txt.gz']);
    const parsed = JSON.parse(text) as { files: string[]; twins: Record<string, string[]> };
    expect(parsed.files).toEqual(['a.html', 'a.html.br', 'b.txt.gz', 'evil\n.git/HEAD']);
    expect(parsed.twins).toEqual({ 'a.html': ['br'] });
    expect(text.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('the fine print of Host and Accept-Encoding', () => {
  it('reads a Host header as a browser sends it', async () => {
    const { hostName } = await import('../../src/dev/allowed-hosts.ts');
    expect(hostName(' LOCALHOST:3000 ')).toBe('localhost');
    expect(hostName('[::1]:3000')).toBe('::1');
    expect(hostName('[::1')).toBeUndefined();
    expect(hostName('site.test.:80')).toBe('site.test');
    expect(hostName('a:b:c')).toBeUndefined();
    expect(hostName('ex ample')).toBeUndefined();
    expect(hostAllowed('[::1]', { host: '[::1]' })).toBe(true);
    expect(hostAllowed('devbox.lan', { host: '[devbox.lan]' })).toBe(true);
    expect(hostAllowed('site.test', { host: '127.0.0.1', allowed: ['.site.test'] })).toBe(true);
    expect(hostAllowed('xsite.test', { host: '127.0.0.1', allowed: ['.site.test'] })).toBe(false);
    expect(hostAllowed('SITE.TEST', { host: '127.0.0.1', allowed: ['Site.Test'] })).toBe(true);
    expect(hostAllowed('other.test', { host: '127.0.0.1' })).toBe(false);
  });

  it('reads x-gzip as gzip, clamps q-values, and treats a broken q as refusal', () => {
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('gzip;q=5, br;q=0.9')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=abc, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings(' br ; q=0.4 ,gzip;q=0.2')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings(',,br')).toEqual(['br']);
  });
});
