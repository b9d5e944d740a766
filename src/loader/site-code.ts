// The site's TSX, compiled by esbuild in module hooks (each thread registers its own) as Node loads it, in place, so
// import.meta.url stays the file's own. `sitewright` is the running engine, and React, React DOM and zod the engine's copy:
// one copy each, so the engine's contexts are the ones its templates read. Other packages are left to Node.
import { readFileSync } from 'node:fs';
import { createRequire, registerHooks, SourceMap } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import { ENGINE, sibling } from '../files/about.ts';
import { cacheRoot, readSealedJson, sha256, writeSealed } from '../files/cache.ts';

/** src/index.ts from a checkout, lib/index.js installed. */
const ENGINE_ENTRY = sibling('../index', import.meta.url).href;
const ENGINE_CODE = new URL('../', import.meta.url).href;
const SITE_CODE = /\.(?:[cm]?tsx?|jsx)$/;
const PEERS = new Set(Object.keys(ENGINE.peerDependencies ?? {}));
/** The engine's required peers (React, React DOM, zod): one copy each, the engine's; the optional ones (sharp, the editor) are the site's. */
const ONE_COPY = new Set(Object.keys(ENGINE.peerDependencies ?? {}).filter((name) => !ENGINE.peerDependenciesMeta?.[name]?.optional));
/** Loaded only when something is compiled. */
const require = createRequire(import.meta.url);
const esbuild = () => require('esbuild') as typeof import('esbuild');
/** For build (at once) and transform (one file as it loads). */
const COMPILE = { format: 'esm', jsx: 'automatic', target: `node${process.versions.node.split('.')[0]}`, tsconfigRaw: {} } as const;

/** A file that does not compile, or an imported package not installed. */
export class SiteCodeError extends Error {
  constructor(message: string) {
    super(`A template or source file does not compile:\n\n${message}`);
    this.name = 'SiteCodeError';
    this.stack = this.message; // where it is in the site's files is in the message; the engine's frames say nothing
  }
}

const compiled = new Map<string, { code: string; map: string }>();
const maps = new Map<string, SourceMap>();
const sources = new Map<string, string>();
/** Read by the compile to hash them; the load takes them instead of reading again. */
const readByCompile = new Map<string, string>();

/** For a worker thread that loads the same site. */
export type CompiledSiteCode = [file: string, compiled: { code: string; map: string }][];

export function siteCodeCompiled(): CompiledSiteCode {
  return [...compiled];
}

/** Another thread's compile, used as this thread's own. */
export function useSiteCode(code: CompiledSiteCode): void {
  for (const [file, made] of code) compiled.set(file, made);
}

export function siteCodeMap(file: string): SourceMap | undefined {
  let map = maps.get(file);
  const made = compiled.get(file);
  if (!map && made) maps.set(file, (map = new SourceMap(JSON.parse(made.map))));
  return map;
}

/** What the site's code is, for a cache's key. */
export function siteCodeLoaded(): ReadonlyMap<string, string> {
  return sources;
}

const isSiteCode = (url: string) => url.startsWith('file:') && SITE_CODE.test(url) && !url.startsWith(ENGINE_CODE) && !url.includes('/node_modules/');

/**
 * Compiles the site's code reached from `entry` in one esbuild call, its mistakes told at once; a file reached by a computed path
 * is compiled when loaded. Kept with each file's SHA-256 as read: one changed file (or a new import) compiles them all again.
 */
export async function compileSiteCode(entry: string): Promise<void> {
  runSiteCode();
  if (compiled.has(entry)) return; // compiled here or by the thread that started this one
  const kept = keptFor(entry);
  if (kept) {
    for (const [file, text] of kept.texts) readByCompile.set(file, text);
    return useSiteCode(kept.code);
  }
  const { build } = esbuild();
  const options = { ...COMPILE, platform: 'node', write: false, logLevel: 'silent' } as const;
  try {
    const found = await build({ ...options, entryPoints: [entry], bundle: true, packages: 'external', metafile: true, outdir: '/', absWorkingDir: dirname(entry) });
    const files = Object.keys(found.metafile.inputs).map((input) => resolve(dirname(entry), input)).filter((file) => isSiteCode(pathToFileURL(file).href));
    // Hashed before esbuild reads them: a file saved in between is kept under its old hash, so a miss next time.
    const read = files.map((file) => [file, readHashed(file)] as const);
    const outbase = commonFolder(files);
    const made = await build({ ...options, entryPoints: files, bundle: false, sourcemap: 'external', outbase, outdir: outbase, absWorkingDir: outbase });
    const byPath = new Map(made.outputFiles.map((file) => [file.path, file.text]));
    const code: CompiledSiteCode = [];
    for (const file of files) {
      const out = join(outbase, relative(outbase, file)).replace(/\.[^./\\]+$/, '.js');
      const text = byPath.get(out);
      const map = byPath.get(`${out}.map`);
      if (text !== undefined && map !== undefined) code.push([file, { code: text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n'), map }]);
    }
    useSiteCode(code);
    for (const [file, now] of read) if (now) readByCompile.set(file, now.text);
    writeSealed(keptFileOf(entry), JSON.stringify({ made: MADE_BY, files: read.map(([file, now]) => [file, now?.hash ?? '']), code } satisfies KeptCode));
  } catch (error) {
    throw compileError(error);
  }
}

function compileError(error: unknown): unknown {
  const errors = (error as { errors?: Message[] }).errors;
  return errors?.length ? new SiteCodeError(esbuild().formatMessagesSync(errors, { kind: 'error', color: false }).join('').trimEnd()) : error;
}

interface KeptCode {
  made: string;
  files: [file: string, sha256: string][];
  code: CompiledSiteCode;
}

const MADE_BY = `${ENGINE.version} ${process.version} ${ENGINE_CODE}`;

const keptFileOf = (entry: string) => join(cacheRoot(dirname(entry)), 'site-code', `${sha256(entry).slice(0, 16)}.json`);

/** Only while every file it was made from has the bytes it had then. */
export function keptSiteCode(entry: string): CompiledSiteCode | undefined {
  return keptFor(entry)?.code;
}

function keptFor(entry: string): { code: CompiledSiteCode; texts: [string, string][] } | undefined {
  const kept = readSealedJson<KeptCode>(keptFileOf(entry));
  if (kept?.made !== MADE_BY) return undefined;
  const texts: [string, string][] = [];
  for (const [file, hash] of kept.files) {
    const now = readHashed(file);
    if (now?.hash !== hash) return undefined;
    texts.push([file, now.text]);
  }
  return { code: kept.code, texts };
}

/** None when it is gone. */
function readHashed(file: string): { text: string; hash: string } | undefined {
  try {
    const bytes = readFileSync(file);
    return { text: bytes.toString('utf8'), hash: sha256(bytes) };
  } catch {
    return undefined;
  }
}

function commonFolder(files: string[]): string {
  let folder = dirname(files[0]!);
  while (!files.every((file) => file.startsWith(folder + sep)) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

let registered = false;

/** Once per thread. */
function runSiteCode(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, next) {
      if (specifier === ENGINE.name) return { url: ENGINE_ENTRY, shortCircuit: true };
      if (!context.parentURL || !isSiteCode(context.parentURL)) return next(specifier, context);
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      // React, React DOM and zod are the running engine's copy, the one it renders and validates with: the site's own when
      // the engine is installed in it (peers), and still one React when another engine runs the site (a checkout's bin/site).
      if (ONE_COPY.has(name)) {
        try {
          return next(specifier, { ...context, parentURL: ENGINE_ENTRY });
        } catch (error) {
          // Not installed beside the engine: the site's own, below. Any other failure is told, never a second copy.
          if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
        }
      }
      try {
        return next(specifier, context);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND' || /^[./]|^file:|^node:/.test(specifier)) throw error;
        // An optional peer the site has not installed (sharp): the engine's, when it has one.
        if (PEERS.has(name)) return next(specifier, { ...context, parentURL: ENGINE_ENTRY });
        throw notInstalled(specifier, name, context.parentURL);
      }
    },
    load(url, context, next) {
      if (!isSiteCode(url)) return next(url, context);
      const file = fileURLToPath(url);
      const text = readByCompile.get(file) ?? readFileSync(file, 'utf8');
      sources.set(file, text);
      let made = compiled.get(file);
      if (!made) {
        // Not reached by the compile (a computed path): compiled now, alone.
        try {
          compiled.set(file, (made = esbuild().transformSync(text, { ...COMPILE, loader: loaderOf(file), sourcefile: file, sourcemap: 'external' })));
        } catch (error) {
          throw compileError(error);
        }
      }
      return { format: 'module', source: made.code, shortCircuit: true };
    },
  });
}

function loaderOf(file: string): 'ts' | 'tsx' | 'jsx' {
  return file.endsWith('x') ? (file.endsWith('.jsx') ? 'jsx' : 'tsx') : 'ts';
}

/** Where the import is, and the command that installs it. */
function notInstalled(specifier: string, name: string, parentURL: string): SiteCodeError {
  const file = fileURLToPath(parentURL);
  let at = file;
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes(`'${specifier}'`) || l.includes(`"${specifier}"`));
    if (line >= 0) at = `${file}:${line + 1}:${lines[line]!.search(/['"]/) + 1}`;
  } catch {
    // its line is only a help
  }
  return new SiteCodeError(`${at}: "${specifier}" is not installed for this site.\n  Install it in the site's folder: npm install ${name} (this adds "${name}" to the dependencies in its package.json).`);
}
