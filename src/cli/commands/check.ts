// `site check`: the TypeScript checker on the site (its definition, templates and plugins), as
// `astro check` does, with the site's tsconfig.json. `build` compiles without checking types (esbuild),
// so a typo in a template builds; run this in CI before the build. TypeScript is the site's own
// (a devDependency): when it is not installed, the command says how to install it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { UsageError } from '../preflight.ts';
import { shown, sitePaths } from '../site-paths.ts';

type TypeScript = typeof import('typescript');

function typescriptFor(siteDir: string): TypeScript {
  for (const from of [join(siteDir, 'package.json'), import.meta.url]) {
    try {
      return createRequire(from)('typescript') as TypeScript;
    } catch {
      // not installed there
    }
  }
  throw new UsageError('site check needs TypeScript, and this site has none installed. Install it with the types of React: npm install --save-dev typescript @types/react');
}

export async function runCheck(opts: { site?: string }): Promise<void> {
  const paths = sitePaths(opts, 'dist');
  const siteDir = dirname(paths.site);
  const ts = typescriptFor(siteDir);
  const configFile = join(siteDir, 'tsconfig.json');
  if (!existsSync(configFile)) throw new UsageError(`${shown(configFile)} does not exist: site check reads the site's tsconfig.json (site init writes one).`);
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d: import('typescript').Diagnostic) => { throw new UsageError(ts.flattenDiagnosticMessageText(d.messageText, ' ')); } };
  const config = ts.getParsedCommandLineOfConfigFile(configFile, { noEmit: true }, host)!;
  const program = ts.createProgram(config.fileNames, config.options);
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  const formatHost = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
  if (diagnostics.length) {
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost).replace(/\u001b\[[0-9;]*m/g, ''));
    console.error(`${diagnostics.length} type ${diagnostics.length === 1 ? 'error' : 'errors'} in the site's code (TypeScript ${ts.version}).`);
    process.exitCode = 1;
    return;
  }
  console.log(`No type errors in the site's ${config.fileNames.length} files (TypeScript ${ts.version}).`);
}
