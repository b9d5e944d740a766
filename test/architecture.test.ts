// The line between the engine (src/) and the site (site.config.ts, templates/, content/, static/):
// dependencies point one way, from the site to the engine's public contract (src/index.ts), and
// the engine's own folders form no import cycle. Read from the source files' import statements.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The project files a source file imports (relative imports only), as paths from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return Array.from(text.matchAll(IMPORT), (m) => m[1] ?? m[2] ?? m[3]!)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)));
}

describe('the engine', () => {
  it('imports nothing of the site: no templates/, content/, static/ or site definition', () => {
    const offending = sources('src').flatMap((file) =>
      importsOf(file).filter((target) => /^(templates|content|static)\//.test(target) || target === 'site.config.ts').map((target) => `${file} → ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('names no locale of this site: locales come from the site definition', () => {
    const offending = sources('src')
      // The dev error page is written in the engine's own language (its messages are English).
      .filter((file) => file !== 'src/serve/error-page.ts')
      .filter((file) => /(['"`])(en|es)\1/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('has no import cycle between its folders', () => {
    const graph = new Map<string, Set<string>>();
    const folderOf = (file: string) => file.split('/')[1]!;
    for (const file of sources('src').filter((f) => f.split('/').length > 2)) {
      for (const target of importsOf(file).filter((t) => t.startsWith('src/') && t.split('/').length > 2)) {
        if (folderOf(target) === folderOf(file)) continue;
        if (!graph.has(folderOf(file))) graph.set(folderOf(file), new Set());
        graph.get(folderOf(file))!.add(folderOf(target));
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      if (path.includes(node)) return void cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
      for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    };
    for (const node of graph.keys()) visit(node, []);
    expect([...new Set(cycles)]).toEqual([]);
  });
});

describe('the sites', () => {
  it('reach the engine only by its package name, never by a path into src/ (so a site can live anywhere)', () => {
    const sites = ['site.config.ts', ...sources('templates'), ...sources('starter'), ...sources('test/fixtures')];
    const offending = sites.flatMap((file) => importsOf(file).filter((t) => t.startsWith('src/')).map((t) => `${file} → ${t}`));
    expect(offending).toEqual([]);
    const byName = sites.filter((file) => /from 'sitewright'/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(byName).toContain('site.config.ts');
    expect(byName).toContain('starter/site.config.ts');
  });
});
