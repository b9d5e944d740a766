// site check names what to install when TypeScript cannot find a module: Node's types for a built-in
// ("Cannot find module 'node:fs'"), a package's @types, or the package itself. The diagnostics are
// TypeScript's own, from a small program checked here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { UsageError } from '../../src/cli/preflight.ts';
import { installHints, runCheck } from '../../src/cli/commands/check.ts';
import { ROOT } from '../helpers/fixtures.ts';

it('names @types/node, a package\'s @types, or the package, for TypeScript\'s own module errors', () => {
  mkdirSync(join(ROOT, 'test/scratch'), { recursive: true }); // ignored by git: absent from a fresh clone or a mutation sandbox
  const dir = mkdtempSync(join(ROOT, 'test/scratch/check-hints-'));
  try {
    const file = join(dir, 'site.ts');
    // A package no registry has, named in the checked file only (this project never imports it).
    const missing = ['no', 'such', 'package', 'here'].join('-');
    // Its import statements written out in parts: a scan of this project's imports must not read them as its own.
    const importOf = (name: string, specifier: string) => ['import', name, 'from', `'${specifier}';`].join(' ');
    writeFileSync(file, [importOf('{ readFileSync }', 'node:fs'), importOf('spec', 'commonmark-spec'), importOf('nothing', missing), importOf('local', './missing.ts'), 'export { readFileSync, spec, nothing, local };', ''].join('\n'));
    const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, types: [], skipLibCheck: true });
    const found = ts.getPreEmitDiagnostics(program).map((d) => ({ code: d.code, text: ts.flattenDiagnosticMessageText(d.messageText, ' ') }));
    expect(found.length).toBe(4);
    expect(installHints(found)).toEqual([
      "Node's own modules need Node's types: npm install --save-dev @types/node",
      '"commonmark-spec" has no types of its own: npm install --save-dev @types/commonmark-spec',
      `"${missing}" is not installed in the site: npm install ${missing} (and @types/${missing} if it has no types of its own)`,
    ]);
    // Listed in the site's package.json (the engine from vendor/, before npm install): install what it lists.
    expect(installHints(found, new Set([missing]))).toContain(`"${missing}" is in the site's package.json but not installed: run npm install in the site's folder`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('says only "run npm install" when the packages the site lists are not installed, before any type error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-uninstalled-'));
  try {
    const names = ['sitewright', 'react', 'zod', '@types/react', 'typescript'];
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: Object.fromEntries(names.slice(0, 3).map((n) => [n, '1.0.0'])), devDependencies: Object.fromEntries(names.slice(3).map((n) => [n, '1.0.0'])) }));
    writeFileSync(join(dir, 'site.config.ts'), "import { defineSite } from 'sitewright';\nexport default defineSite({});\n");
    writeFileSync(join(dir, 'tsconfig.json'), '{}');
    const error = await runCheck({ site: join(dir, 'site.config.ts') }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(new RegExp(`^the site's packages are not installed \\(${names.slice(0, 4).join(', ').replace(/[/@]/g, '\\$&')}, and 1 more\\): run npm install in \\S*check-uninstalled-\\w+, then site check again\\.$`));
    // Installed in a folder above (a workspace's hoisting), all but one: that one is named.
    for (const name of names.slice(1)) {
      mkdirSync(join(dir, '..', `${basename(dir)}-root`, 'node_modules', name), { recursive: true });
    }
    const inner = join(dir, '..', `${basename(dir)}-root`, 'site');
    mkdirSync(inner);
    for (const file of ['package.json', 'site.config.ts', 'tsconfig.json']) writeFileSync(join(inner, file), readFileSync(join(dir, file)));
    for (const name of names.slice(1)) writeFileSync(join(dir, '..', `${basename(dir)}-root`, 'node_modules', name, 'package.json'), '{}');
    const one = await runCheck({ site: join(inner, 'site.config.ts') }).then(() => undefined, (e: unknown) => e);
    expect((one as Error).message).toMatch(/^1 of the site's packages is not installed \(sitewright\): run npm install in /);
  } finally {
    rmSync(join(dir, '..', `${basename(dir)}-root`), { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
});
