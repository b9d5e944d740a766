// Problems as data and as words: where each is, how it reads, how many are shown, counts in words.
import { describe, expect, it, vi } from 'vitest';
import { BuildFailure, describeWhere, inFile, keyPath, Problem } from '../../src/problems/problem.ts';
import { annotations, inGitHubActions } from '../../src/report/annotations.ts';
import { plural } from '../../src/report/plural.ts';
import { formatProblems } from '../../src/report/problems.ts';

describe('a problem', () => {
  it('reads as its place and title, then one line per detail', () => {
    const problem = inFile('content/schema', 'content/es/ui.yaml', 'does not match', [{ path: 'nav.label', message: 'required' }, { path: '', message: 'and more' }], { line: 12, col: 3 });
    expect(problem.format()).toBe('content/es/ui.yaml:12:3  does not match\n  nav.label: required\n  and more');
    expect(problem.file).toBe('content/es/ui.yaml');
    expect(problem.position).toEqual({ line: 12, col: 3 });
  });

  it('names every kind of place', () => {
    expect(describeWhere({ file: 'a.yaml' })).toBe('a.yaml');
    expect(describeWhere({ page: '/es/about', output: 'es/about.html' })).toBe('page /es/about (es/about.html)');
    expect(describeWhere({ pages: ['/', '/a', '/b'], total: 3 })).toBe('3 pages (/, /a, /b)');
    expect(describeWhere({ pages: ['/', '/a', '/b'], total: 9 })).toBe('9 pages (/, /a, /b, ...)');
    expect(describeWhere({ part: 'page-weight budgets' })).toBe('page-weight budgets');
    expect(new Problem('budget/exceeded', { part: 'x' }, 't').file).toBeUndefined();
  });

  it('writes key paths as people read them', () => {
    expect(keyPath(['faqs', 2, 'a'])).toBe('faqs[2].a');
    expect(keyPath([0, 'x'])).toBe('[0].x');
    expect(keyPath([])).toBe('');
  });

  it('counts itself in a build failure', () => {
    expect(new BuildFailure([inFile('content/schema', 'a', 't')]).message).toMatch(/^1 error in the site's input:\n\na {2}t$/);
    expect(new BuildFailure([inFile('content/schema', 'a', 't'), inFile('content/schema', 'b', 't')]).message).toMatch(/^2 errors/);
  });
});

describe('many problems', () => {
  const many = (n: number, code: 'content/unknown-file' | 'link/broken') => Array.from({ length: n }, (_, i) => inFile(code, `content/${code}-${i}.yaml`, 'is wrong'));

  it('show the first 20 of each kind and count the rest, naming where they all are', () => {
    const text = formatProblems([...many(25, 'content/unknown-file'), ...many(3, 'link/broken')], { reportFile: 'problems.json' });
    expect(text.split('\n')[0]).toBe("28 errors in the site's input:");
    expect(text.match(/is wrong/g)).toHaveLength(23);
    expect(text).toContain('… and 5 more problems like this (content/unknown-file): all are in problems.json');
    expect(text).not.toContain('more problems like this (link/broken)');
  });

  it('without a report say how to get one; one left over is one problem', () => {
    expect(formatProblems(many(21, 'link/broken'))).toContain('… and 1 more problem like this (link/broken): see them all with --report problems.json');
  });
});

describe('counts', () => {
  it('are singular for one and grouped by thousands', () => {
    expect(plural(1, 'page')).toBe('1 page');
    expect(plural(0, 'page')).toBe('0 pages');
    expect(plural(4068, 'page')).toBe('4,068 pages');
  });
});

describe('GitHub annotations', () => {
  it('put a problem on its file, line and column, escaping what workflow commands need escaped', () => {
    const problem = inFile('content/schema', 'content/a,b.yaml', 'does not match: 100%', [{ path: 'x', message: 'one\ntwo' }], { line: 3, col: 5 });
    expect(annotations([problem], [{ file: 'content/site.yaml', message: 'a placeholder' }])).toEqual([
      '::error file=content/a%2Cb.yaml,line=3,col=5,title=content/schema::does not match: 100%25%0Ax: one\\ntwo',
      '::warning file=content/site.yaml::a placeholder',
    ]);
  });

  it('escape a colon in a file name (a property\'s separator), and know GitHub Actions by its variable', () => {
    const problem = inFile('content/schema', 'content/a:b.yaml', 'bad', [], { line: 1, col: 2 });
    expect(annotations([problem])).toEqual(['::error file=content/a%3Ab.yaml,line=1,col=2,title=content/schema::bad']);
    try {
      vi.stubEnv('GITHUB_ACTIONS', 'true');
      expect(inGitHubActions()).toBe(true);
      vi.stubEnv('GITHUB_ACTIONS', 'false');
      expect(inGitHubActions()).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('put a problem of pages on no file', () => {
    const problem = new Problem('link/broken', { page: '/about', output: 'about.html' }, 'has a broken internal link', [{ path: '"/x"', message: 'points at no page' }]);
    expect(annotations([problem])).toEqual(['::error title=link/broken::page /about (about.html)  has a broken internal link%0A  "/x": points at no page']);
  });
});
