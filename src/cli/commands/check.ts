// `build` does not check types (esbuild), so a typo in a template builds: run `site check` in CI first.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { peerOf } from '../../files/about.ts';
import { inert } from '../../problems/inert.ts';
import { isPlainRelative } from '../../routes/urls.ts';
import { UsageError } from '../preflight.ts';
import { shown, sitePaths } from '../site-paths.ts';

type TypeScript = typeof import('typescript');

function typescriptFor(siteDir: string): TypeScript {
  const typescript = peerOf<TypeScript>('typescript', siteDir);
  if (typescript) return typescript;
  throw new UsageError('site check needs TypeScript, and this site has none installed. Install it with the types of React: npm install --save-dev typescript @types/react');
}

const BUILTIN = new Set(['fs', 'path', 'url', 'os', 'crypto', 'child_process', 'http', 'https', 'module', 'stream', 'util', 'events', 'zlib', 'worker_threads', 'process', 'buffer']);
/** The @types package of a module: "lodash" → "@types/lodash", "@scope/pkg" → "@types/scope__pkg". */
const typesPackage = (name: string) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name.split('/')[0]}`;

/** What to install for TypeScript's module errors ("Cannot find module 'node:fs'"): Node's types, a package's types, or it. */
export function installHints(found: readonly { code: number; text: string }[], declared: ReadonlySet<string> = new Set()): string[] {
  const hints = new Set<string>();
  for (const { code, text } of found) {
    const name = /module '([^']+)'/.exec(text)?.[1];
    if (!name || name.startsWith('.') || name.startsWith('/')) continue;
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
    if (name.startsWith('node:') || BUILTIN.has(pkg)) hints.add("Node's own modules need Node's types: npm install --save-dev @types/node");
    else if (code === 7016) hints.add(`"${name}" has no types of its own: npm install --save-dev ${typesPackage(name)}`);
    // Listed in package.json (as init writes the engine, from vendor/): the site's packages are not installed yet.
    else if (code === 2307 && declared.has(pkg)) hints.add(`"${pkg}" is in the site's package.json but not installed: run npm install in the site's folder`);
    else if (code === 2307) hints.add(`"${name}" is not installed in the site: npm install ${pkg} (and ${typesPackage(name)} if it has no types of its own)`);
  }
  return [...hints];
}

/** The packages a site's package.json lists (none when it has none, or it is not JSON). */
function declaredPackages(siteDir: string): Set<string> {
  try {
    const manifest = JSON.parse(readFileSync(join(siteDir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    return new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
  } catch {
    return new Set();
  }
}

/** Declared packages found in no node_modules from the site's folder up (as Node looks for them); none under Yarn's Plug'n'Play, which keeps no node_modules. */
export function notInstalled(siteDir: string, declared: ReadonlySet<string>): string[] {
  const folders: string[] = [];
  for (let dir = siteDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.pnp.cjs'))) return [];
    folders.push(join(dir, 'node_modules'));
    if (dirname(dir) === dir) break;
  }
  // A name no package has ("../x", "/x") is not looked for: never a path out of node_modules.
  return [...declared].filter((pkg) => isPlainRelative(pkg) && !folders.some((folder) => existsSync(join(folder, pkg, 'package.json'))));
}

export async function runCheck(opts: { site?: string }): Promise<void> {
  const paths = sitePaths(opts, 'dist');
  const siteDir = dirname(paths.site);
  // Before npm install every import is an error: the one thing to do is said alone, not after a page of them.
  const declared = declaredPackages(siteDir);
  const missing = notInstalled(siteDir, declared);
  const some = missing.length < declared.size ? `${missing.length} of ` : '';
  if (missing.length) throw new UsageError(`${some}the site's packages ${missing.length === 1 && some ? 'is' : 'are'} not installed (${missing.slice(0, 4).map(inert).join(', ')}${missing.length > 4 ? `, and ${missing.length - 4} more` : ''}): run npm install in ${shown(siteDir)}, then site check again.`);
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
    for (const hint of installHints(diagnostics.map((d) => ({ code: d.code, text: ts.flattenDiagnosticMessageText(d.messageText, ' ') })), declared)) console.error(hint);
    console.error(`${diagnostics.length} type ${diagnostics.length === 1 ? 'error' : 'errors'} in the site's code (TypeScript ${ts.version}).`);
    process.exitCode = 1;
    return;
  }
  console.log(`No type errors in the site's ${config.fileNames.length} files (TypeScript ${ts.version}).`);
}
