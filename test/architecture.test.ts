// The line between the engine (src/) and the site (site.config.ts, templates/, content/, static/):
// dependencies point one way, from the site to the engine's public contract (src/index.ts), and
// the engine's own folders form no import cycle. Read from the source files' import statements.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every source file below dir, of any kind of script (.ts, .tsx, .mts, .mjs, .js, .cjs, .d.mts). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.[cm]?[jt]sx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const engineFiles = () => sources('src');
const textOf = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The project files a source file imports (relative imports only), as paths from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return Array.from(text.matchAll(IMPORT), (m) => m[1] ?? m[2] ?? m[3]!)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)));
}

describe('the engine', () => {
  it('imports nothing of a site: no templates/, content/, static/, starter/ or site definition', () => {
    const offending = engineFiles().flatMap((file) =>
      importsOf(file).filter((target) => /^(templates|content|static|starter)\//.test(target) || target.endsWith('site.config.ts')).map((target) => `${file} → ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('is read whole by these checks: every file of src/ is a script they read', () => {
    const all = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(ROOT, join(e.parentPath, e.name)));
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((file) => !engineFiles().includes(file))).toEqual([]);
  });

  it('names no locale: locales come from the site definition', () => {
    // The one exception, by name: the language of the engine's own messages (its error page).
    const offending = engineFiles().flatMap((file) =>
      textOf(file).split('\n').filter((line) => /(['"`])(en|es)\1|lang="(en|es)"/.test(line) && !/^const MESSAGES_LANG = 'en';$/.test(line.trim())).map((line) => `${file}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });

  it('knows no clinic: no word of this site in any file', () => {
    const words = /\b(clinic|practice|patients?|medical|florida|kissimmee|miami|hialeah|insurance|vaccines?|spanish|español|english)\b/i;
    const offending = engineFiles().flatMap((file) => textOf(file).split('\n').filter((line) => words.test(line)).map((line) => `${file}: ${line.trim()}`));
    expect(offending).toEqual([]);
  });

  it("names the site's files in one place only: the default definition file name", () => {
    const mentions = engineFiles().flatMap((file) => (textOf(file).match(/site\.config\.ts|templates\//g) ?? []).map(() => file));
    expect(mentions).toEqual(['src/files/about.ts']);
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

describe('the engine\'s types', () => {
  it('have no explicit any, counted on the syntax tree (Record<string, any> and <T = any> count)', async () => {
    const ts = (await import('typescript')).default;
    const found: string[] = [];
    for (const file of engineFiles().filter((f) => /\.(ts|tsx|mts)$/.test(f))) {
      const source = ts.createSourceFile(file, textOf(file), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: import('typescript').Node): void => {
        if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.parent.getText()}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
