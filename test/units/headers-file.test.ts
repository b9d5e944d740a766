// _headers as Netlify and Cloudflare Pages read it: path patterns ("*" anything, ":name" one segment),
// comments, and every matching rule's headers joined; and the rules of a site with an area of its
// own policy (the editor), where every path must get exactly one Content-Security-Policy.
import { describe, expect, it } from 'vitest';
import { strictCsp, withChanges } from '../../src/security/csp.ts';
import { formatHeadersFile, headersFor, matches, parseHeadersFile, type HeaderRule } from '../../src/security/headers-file.ts';
import { headerRules } from '../../src/security/headers.ts';

describe('path patterns', () => {
  it('":name" is one segment, never a slash, never empty', () => {
    expect(matches('/:page', '/about')).toBe(true);
    expect(matches('/:page', '/about.html')).toBe(true);
    expect(matches('/:page', '/')).toBe(false);
    expect(matches('/:page', '/es/about')).toBe(false);
    expect(matches('/:page', '/admin/')).toBe(false);
    expect(matches('/es/:page', '/es/about')).toBe(true);
  });

  it('"*" is anything, a trailing one after a slash needs that slash', () => {
    expect(matches('/*', '/')).toBe(true);
    expect(matches('/es/*', '/es/')).toBe(true);
    expect(matches('/es/*', '/es/services/x')).toBe(true);
    expect(matches('/es/*', '/es')).toBe(false);
    expect(matches('/es/*', '/esx/')).toBe(false);
  });

  it('takes every other character literally', () => {
    expect(matches('/speculation-rules.json', '/speculation-rules.json')).toBe(true);
    expect(matches('/speculation-rules.json', '/speculation-rulesXjson')).toBe(false);
    expect(matches('/a+b', '/aab')).toBe(false);
    expect(matches('/:', '/:')).toBe(true);
  });
});

describe('reading _headers', () => {
  it('skips comments and blank lines, keeps values with colons, joins a header set by two matching rules', () => {
    const rules = parseHeadersFile('# a comment\n\n/*\n  X-One: a\n  Link: <https://x.example/>; rel=preconnect\n\n  # indented comment\n/about\n  X-One: b\n');
    expect(rules).toEqual([
      { path: '/*', headers: { 'X-One': 'a', Link: '<https://x.example/>; rel=preconnect' } },
      { path: '/about', headers: { 'X-One': 'b' } },
    ]);
    expect(headersFor(rules, '/about')).toEqual({ 'X-One': 'a, b', Link: '<https://x.example/>; rel=preconnect' });
    expect(headersFor(rules, '/x')).toEqual({ 'X-One': 'a', Link: '<https://x.example/>; rel=preconnect' });
  });

  it('joins header names case-insensitively, under the first spelling', () => {
    const rules = parseHeadersFile('/*\n  X-Frame-Options: DENY\n/a\n  x-frame-options: SAMEORIGIN\n');
    expect(headersFor(rules, '/a')).toEqual({ 'X-Frame-Options': 'DENY, SAMEORIGIN' });
  });
});

describe('a site with an area of its own policy', () => {
  const area = { dir: 'admin', csp: withChanges(strictCsp(), { 'style-src': ["'self'", "'unsafe-inline'"] }) };
  // Made inside each test (where npm run mutate sees which test ran the code), not when the file loads.
  const rules = () => headerRules({}, { topDirs: ['es', 'assets', 'admin', 'es', 'images'], areas: [area] });
  const cspOf = (path: string) => headersFor(rules(), path)['Content-Security-Policy'];
  const strict = () => headersFor(headerRules(), '/')['Content-Security-Policy'];

  it('gives every path exactly one policy: the site\'s, or the area\'s under its folder', () => {
    for (const path of ['/', '/about', '/es/', '/es/about', '/assets/a.js', '/images/x.svg', '/admin']) expect(cspOf(path), path).toBe(strict());
    for (const path of ['/admin/', '/admin/cms/index.js']) expect(cspOf(path), path).toContain("style-src 'self' 'unsafe-inline'");
    for (const path of ['/', '/es/about', '/admin/']) expect(cspOf(path)!.match(/default-src/g), path).toHaveLength(1);
  });

  it('keeps the other headers on every path, once', () => {
    for (const path of ['/', '/admin/', '/es/x']) expect(headersFor(rules(), path)['X-Content-Type-Options'], path).toBe('nosniff');
    expect(rules().filter((r) => r.path === '/es/*')).toHaveLength(1);
  });
});

describe('changing the strict policy', () => {
  it('turning off a directive it does not have adds nothing', () => {
    expect(Object.keys(withChanges(strictCsp(), { 'worker-src': false }))).toEqual(Object.keys(strictCsp()));
  });
});

describe('the _headers file itself', () => {
  it('is read as hosts read it: tab or space indents, spaces trimmed, values with colons, empty values, indented comments and lines without a colon skipped', () => {
    expect(parseHeadersFile('/a\n\tX-A:  1 \n  X-B:2:3\n/b\n  # c\n  Bad line\n  X-C: \n')).toEqual([
      { path: '/a', headers: { 'X-A': '1', 'X-B': '2:3' } },
      { path: '/b', headers: { 'X-C': '' } },
    ]);
    // A header before any path belongs to no rule.
    expect(parseHeadersFile('  X-A: 1\n/a\n  X-B: 2\n')).toEqual([{ path: '/a', headers: { 'X-B': '2' } }]);
  });

  it('is written a rule per pattern, the later value of a header winning, blank lines between rules, and reads back the same', () => {
    const rules: HeaderRule[] = [{ path: '/a', headers: { A: '1' } }, { path: '/b', headers: { B: '2' } }, { path: '/a', headers: { C: '3', A: '4' } }];
    const text = formatHeadersFile(rules);
    expect(text).toBe('/a\n  A: 4\n  C: 3\n\n/b\n  B: 2\n');
    expect(parseHeadersFile(text)).toEqual([{ path: '/a', headers: { A: '4', C: '3' } }, { path: '/b', headers: { B: '2' } }]);
    // The rules given are not changed.
    expect(rules[0]).toEqual({ path: '/a', headers: { A: '1' } });
  });

  it('matches a ":" with no name as itself', () => {
    expect(matches('/a:', '/a:')).toBe(true);
    expect(matches('/a:', '/ab')).toBe(false);
  });
});
