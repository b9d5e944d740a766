// The pieces of serve that decide where a request goes and what it is told: each layer on its own,
// since each alone must keep a request on this site.
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../src/security/headers-file.ts';
import { sameSiteLocation } from '../src/serve/pretty-urls.ts';
import { checkRequestPath } from '../src/serve/request-path.ts';

describe('request paths', () => {
  it('collapse repeated slashes, so "//host/..." is a path of this site', () => {
    expect(checkRequestPath('//evil.example/index.html')).toEqual({ ok: true, pathname: '/evil.example/index.html' });
    expect(checkRequestPath('///a//b/')).toEqual({ ok: true, pathname: '/a/b/' });
  });

  it('refuse encoded slashes and backslashes, which browsers may read as another host', () => {
    for (const path of ['/%2F%2Fevil.example/', '/%5Cevil.example', '/\\evil.example', '/a%5c..%5c']) expect(checkRequestPath(path).ok, path).toBe(false);
  });
});

describe('redirect locations', () => {
  it('always start with one slash, whatever path they are given', () => {
    expect(sameSiteLocation('//evil.example/', '')).toBe('/evil.example/');
    expect(sameSiteLocation('/about', '?x=1')).toBe('/about?x=1');
    expect(sameSiteLocation('/a b/ç', '')).toBe('/a%20b/%C3%A7');
    expect(sameSiteLocation('/\\evil', '')).toBe('/%5Cevil');
  });
});

describe('_headers, read as Netlify and Cloudflare Pages read it', () => {
  const rules = parseHeadersFile('/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: default-src \'self\'\n\n/assets/*\n  Cache-Control: immutable\n\n/admin/*\n  Content-Security-Policy: default-src \'none\'\n\n/es/:page\n  X-Locale: es\n');

  it('applies every rule whose path matches, and joins a header several rules name', () => {
    expect(headersFor(rules, '/about')).toEqual({ 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'self'" });
    expect(headersFor(rules, '/assets/a.css')['Cache-Control']).toBe('immutable');
    // Two rules, two policies: what a host would send for /admin/ with a /* policy.
    expect(headersFor(rules, '/admin/')['Content-Security-Policy']).toBe("default-src 'self', default-src 'none'");
  });

  it('matches ":name" against one path segment only', () => {
    expect(headersFor(rules, '/es/about')['X-Locale']).toBe('es');
    expect(headersFor(rules, '/es/services/vaccines')['X-Locale']).toBeUndefined();
  });
});
