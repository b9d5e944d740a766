// `site stage` writes the site's redirects and header rules into nginx.conf and a Caddyfile. Every path
// goes in as one quoted string, and what either server would read as a variable, placeholder or new
// directive ($, {, }, a line break; a header name or listen address that is not a bare word) is refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caddyfile } from '../../src/deploy/caddy.ts';
import { nginxConf, type ServerSettings } from '../../src/deploy/nginx.ts';

const base: ServerSettings = { root: '/srv/site', listen: '8080', rules: [{ path: '/*', headers: { 'X-Frame-Options': 'DENY' } }], redirects: [], locales: ['es'] };
const make = { nginx: nginxConf, caddy: caddyfile };

describe.each(Object.entries(make))('%s configuration', (server, write) => {
  it('keeps a path with spaces, semicolons and quotes inside one quoted string', () => {
    const from = '/old page; return 200 "owned"';
    const conf = write({ ...base, redirects: [{ from, to: '/new', status: 301 }], rules: [...base.rules, { path: '/a b;x', headers: { 'Content-Type': 'text/plain' } }] });
    expect(conf).toContain('"/old page; return 200 \\"owned\\""');
    if (server === 'nginx') expect(conf).toContain('location = "/a b;x" {');
    expect(conf).not.toMatch(/return 200 "owned"[^\\]/);
  });

  it.each([
    ['a redirect from a placeholder', { redirects: [{ from: '/{$HOME}', to: '/', status: 301 }] }],
    ['a redirect with a line break', { redirects: [{ from: '/a\n  include /etc/passwd;', to: '/', status: 301 }] }],
    ['a header rule path with a variable', { rules: [{ path: '/$uri', headers: { 'Content-Type': 'text/plain' } }] }],
    ['a header name that is not a word', { rules: [{ path: '/*', headers: { 'X-A always; add_header X-B': 'v' } }] }],
    ['a listen address with more in it', { listen: '80; include /etc/passwd' }],
    ['a locale that is not a word', { locales: ['es/ { }'] }],
  ])('refuses %s', (_, change) => {
    expect(() => write({ ...base, ...change } as ServerSettings)).toThrow(/cannot (be written into|carry)/);
  });
});

it('nginx itself reads the configuration with the quoted paths', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-conf-'));
  try {
    const conf = nginxConf({ ...base, root: dir, listen: '127.0.0.1:65000', redirects: [{ from: '/old page; x', to: '/new', status: 301 }], rules: [...base.rules, { path: '/a b;x', headers: { 'Content-Type': 'text/plain' } }] });
    writeFileSync(join(dir, 'site.conf'), conf);
    // With Debian's brotli module, as `site stage` asks for it.
    writeFileSync(join(dir, 'nginx.conf'), `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`);
    execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
