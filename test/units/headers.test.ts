// The security headers on their own: the strict policy (everything from this origin, images also as
// data: URLs, connections only to this origin), changed directive by directive by a site; HSTS;
// dev's adjustments; _headers written and read back.
import { describe, expect, it } from 'vitest';
import { blockedImages, formatCsp, origins, strictCsp, withChanges } from '../../src/security/csp.ts';
import { formatHeadersFile, headersFor, parseHeadersFile } from '../../src/security/headers-file.ts';
import { devHeaders, headerRules, metaCsp, securityHeaders } from '../../src/security/headers.ts';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => { const [name, ...sources] = d.split(' '); return [name, sources]; }));

describe('the Content-Security-Policy', () => {
  it('is strict by default: images from this origin and data: URLs, connections to this origin only, no frames', () => {
    const csp = directives(securityHeaders()['Content-Security-Policy']!);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('takes a site\'s changes in place, drops what it turns off, and appends new directives', () => {
    const policy = withChanges(strictCsp(), { 'frame-src': origins(['https://forms.example.com/embed/a', 'https://forms.example.com/b', 'https://maps.example/x']), 'upgrade-insecure-requests': false, 'worker-src': ["'self'"] });
    expect(formatCsp(policy)).toBe("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://forms.example.com https://maps.example; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; worker-src 'self'");
  });
});

describe('an image from another site', () => {
  const blocked = (sources: string[], href: string) => blockedImages([{ file: 'a.md:3', href }], { 'img-src': sources }).map((w) => w.file);
  it('is allowed by its scheme, its origin or a wildcard of its host, and told where the policy blocks it', () => {
    const cases: [string[], string, string[]][] = [
      [["'self'", 'data:'], 'https://img.shields.io/x.svg', ['a.md:3']],
      [["'self'", 'https:'], 'https://img.shields.io/x.svg', []],
      [["'self'", 'https://img.shields.io'], 'https://img.shields.io/x.svg', []],
      [["'self'", 'https://img.shields.io/'], '//img.shields.io/x.svg', []],
      [["'self'", 'https://*.shields.io'], 'https://img.shields.io/x.svg', []],
      [["'self'", 'https://*.shields.io'], 'https://shields.io.evil.example/x.svg', ['a.md:3']],
      [["'self'", 'https://img.shields.io'], 'http://img.shields.io/x.svg', ['a.md:3']],
      [["'self'", 'https://*.shields.io'], 'https://img.shields.io:8443/x.svg', ['a.md:3']],
      [["'self'", 'img.shields.io'], 'https://img.shields.io/x.svg', []],
      [["'self'", 'HTTPS://IMG.SHIELDS.IO'], 'https://img.shields.io/x.svg', []],
      [["'self'", 'http:'], 'https://img.shields.io/x.svg', []],
      [["'self'", 'https://img.shields.io/badge/'], 'https://img.shields.io/badge/x.svg', []],
      [["'self'", 'https://img.shields.io/badge/'], 'https://img.shields.io/other/x.svg', ['a.md:3']],
      [["'self'", '*'], 'https://img.shields.io/x.svg', []],
      // "*" is any web address, not a data: URL; data: only by its scheme.
      [["'self'", '*'], 'data:image/png;base64,AAAA', ['a.md:3']],
      [["'self'", 'data:'], 'data:image/png;base64,AAAA', []],
      // A host with no scheme, or http://, is either scheme; a port allows that port, ":*" any.
      [["'self'", 'img.shields.io'], 'http://img.shields.io/x.svg', []],
      [["'self'", 'http://img.shields.io'], 'https://img.shields.io/x.svg', []],
      [["'self'", 'https://img.shields.io:8443'], 'https://img.shields.io:8443/x.svg', []],
      [["'self'", 'https://img.shields.io:8443'], 'https://img.shields.io/x.svg', ['a.md:3']],
      [["'self'", 'https://img.shields.io:*'], 'https://img.shields.io:9000/x.svg', []],
      [["'self'", 'https://*.shields.io'], 'https://shields.io/x.svg', ['a.md:3']],
      // A path without a final "/" is that one file.
      [["'self'", 'https://img.shields.io/badge/x.svg'], 'https://img.shields.io/badge/x.svg', []],
      [["'self'", 'https://img.shields.io/badge/x.svg'], 'https://img.shields.io/badge/x.svgz', ['a.md:3']],
      [["'self'", 'ftp://img.shields.io'], 'https://img.shields.io/x.svg', ['a.md:3']],
    ];
    for (const [sources, href, expected] of cases) expect(blocked(sources, href), `${sources.join(' ')} ${href}`).toEqual(expected);
    expect(blockedImages([{ file: 'a.md:3', href: 'https://x.example/a.png' }], {})).toEqual([]);
    // Without img-src, default-src decides; the message names the file to copy, and a folder's address a file name.
    expect(blockedImages([{ file: 'a.md:3', href: 'https://x.example/a.png' }], { 'default-src': ["'self'", 'https://x.example'] })).toEqual([]);
    const [told] = blockedImages([{ file: 'a.md:3', href: 'https://x.example/pics/a.png' }], { 'default-src': ["'self'"] });
    const sources = "'self'";
    expect(told!.message).toBe(`shows an image from another site, "https://x.example/pics/a.png", and the pages' content policy lets a browser show images from ${sources} only: it would not be shown. Copy it into the static folder and write its address here (/images/a.png), or have a developer allow https://x.example (csp: { 'img-src': [...] } in the site definition)`);
    expect(blockedImages([{ file: 'a.md:3', href: 'https://x.example/pics/' }], { 'img-src': ["'self'"] })[0]!.message).toContain('(/images/image.png)');
  });
});

describe('the other headers', () => {
  it('send a year of HSTS for this host by default, the site\'s value, or none', () => {
    expect(securityHeaders()['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(securityHeaders({ hsts: 'max-age=63072000; includeSubDomains' })['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(securityHeaders({ hsts: false })).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders({ extra: { 'X-Frame-Options': 'SAMEORIGIN', 'X-Site': 'a' } })).toMatchObject({ 'X-Frame-Options': 'SAMEORIGIN', 'X-Site': 'a', 'X-Content-Type-Options': 'nosniff' });
  });

  it('in dev drop HSTS and upgrade-insecure-requests, and nothing else', () => {
    const prod = securityHeaders();
    const dev = devHeaders(prod);
    expect(dev).not.toHaveProperty('Strict-Transport-Security');
    expect(dev['Content-Security-Policy']).toBe(prod['Content-Security-Policy']!.replace('; upgrade-insecure-requests', ''));
    expect(Object.keys(dev)).toEqual(Object.keys(prod).filter((k) => k !== 'Strict-Transport-Security'));
  });

  it('keep the address a visitor came from from other sites, and give pages no camera, microphone or location', () => {
    const headers = securityHeaders();
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(headers['Permissions-Policy']).toContain(`${feature}=()`);
    expect(headers['X-Frame-Options']).toBe('DENY');
  });

  it('in a <meta> leave out what browsers ignore there; in dev, upgrade-insecure-requests too', () => {
    const meta = directives(metaCsp({ csp: { 'report-uri': ['/r'], sandbox: [] } }));
    for (const name of ['frame-ancestors', 'report-uri', 'sandbox']) expect(meta).not.toHaveProperty(name);
    expect(meta).toHaveProperty('upgrade-insecure-requests');
    expect(meta['script-src']).toEqual(["'self'"]);
    const dev = directives(metaCsp({}, { dev: true }));
    expect(dev).not.toHaveProperty('upgrade-insecure-requests');
    expect(dev['img-src']).toEqual(["'self'", 'data:']);
  });

  it('are written as _headers with one Cache-Control per path, and read back the same', () => {
    const rules = headerRules();
    const read = parseHeadersFile(formatHeadersFile(rules));
    expect(read).toEqual(rules);
    expect(headersFor(read, '/assets/x.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(read, '/about')['Cache-Control']).toBeUndefined();
  });

  it('written twice for one path merge into one rule', () => {
    expect(formatHeadersFile([{ path: '/*', headers: { A: '1' } }, { path: '/*', headers: { B: '2' } }])).toBe('/*\n  A: 1\n  B: 2\n');
  });
});
