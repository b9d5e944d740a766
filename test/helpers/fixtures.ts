// Test helpers: a throwaway copy of the real content to break on purpose, and a built site.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CONTENT = join(ROOT, 'content');
/** The clinic's site definition. */
export const SITE = join(ROOT, 'site.config.ts');
export const STATIC = join(ROOT, 'static');

export interface Sandbox {
  dir: string;
  content: string;
  /** Rewrites a content file: edit(old) → new. */
  edit(rel: string, change: (text: string) => string): Promise<void>;
  write(rel: string, text: string): Promise<void>;
  remove(rel: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Rewrites a file below dir: change(old) → new; an edit that changes nothing is a mistake in the test. */
async function editFile(dir: string, rel: string, change: (text: string) => string): Promise<void> {
  const path = join(dir, rel);
  const before = await readFile(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`edit of ${rel} changed nothing`);
  await writeFile(path, after);
}

/** A temporary folder holding a copy of content/ (as sandbox.content). */
export async function sandbox(): Promise<Sandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'site-test-'));
  const content = join(dir, 'content');
  await cp(CONTENT, content, { recursive: true });
  return {
    dir,
    content,
    edit: (rel, change) => editFile(content, rel, change),
    write: (rel, text) => writeFile(join(content, rel), text),
    remove: (rel) => rm(join(content, rel), { recursive: true }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Builds the real site (or a sandbox's content) into a fresh temporary folder. */
export async function buildInto(options: { site?: string; content?: string; static?: string; out?: string; onDisk?: boolean; strict?: boolean; baseUrl?: string; track?: boolean; workers?: boolean; precompress?: ('br' | 'gzip')[] } = {}) {
  const { build } = await import('../../src/pipeline/build.ts');
  const { cacheDirFor } = await import('../../src/output/compression-cache.ts');
  // onDisk: in this checkout (test/.output/, ignored by git), on one file system with its cache, which outputs hard-link
  // from; not in the suite's temporary folder, which may be in memory (global-setup.ts).
  const parent = options.onDisk ? join(ROOT, 'test/.output') : tmpdir();
  if (options.onDisk) await mkdir(parent, { recursive: true });
  const out = options.out ?? join(await mkdtemp(join(parent, 'site-dist-')), 'dist');
  // Removes the temporary folder made for the output (a given `out` is the caller's to remove).
  const cleanup = async () => {
    if (options.out) return;
    await rm(join(out, '..'), { recursive: true, force: true });
    await rm(cacheDirFor(out, dirname(options.site ?? SITE)), { recursive: true, force: true });
  };
  try {
    const result = await build({
      site: options.site ?? SITE, contentDir: options.content ?? CONTENT, staticDir: options.static ?? STATIC, outDir: out,
      strict: options.strict, baseUrl: options.baseUrl, year: 2026, track: options.track, workers: options.workers, precompress: options.precompress,
    });
    return { out, result, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Runs bin/site with arguments; resolves with its exit code and output. */
export async function runCli(args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'bin/site'), args, { cwd, env: { ...process.env, NODE_ENV: 'production', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The three-locale fixture site (test/fixtures/three-locales), generic and small. */
export const FIXTURE = join(ROOT, 'test/fixtures/three-locales');

export interface SiteCopy {
  dir: string;
  site: string;
  content: string;
  static: string;
  edit(rel: string, change: (text: string) => string): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * A throwaway copy of the fixture site, code and content, to break on purpose. It lives in
 * test/scratch/ (ignored by git) so that its imports of src/ resolve and tsconfig.json applies.
 */
export async function fixtureCopy(name: string): Promise<SiteCopy> {
  const dir = join(ROOT, 'test/scratch', `${name}-${process.pid}-${Date.now()}`);
  await cp(FIXTURE, dir, { recursive: true });
  return {
    dir,
    site: join(dir, 'site.config.ts'),
    content: join(dir, 'content'),
    static: join(dir, 'static'),
    edit: (rel, change) => editFile(dir, rel, change),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface ProjectCopy {
  dir: string;
  /** Runs the copy's bin/site in `cwd` (default: the copy), with its own caches (its node_modules/.cache). */
  run(args: string[], cwd?: string, env?: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Every file below the copy (its node_modules left out) with a hash of its content. */
  snapshot(): Promise<Map<string, string>>;
  cleanup(): Promise<void>;
}

/**
 * A throwaway copy of the whole project (code, content, static files) sharing node_modules, for
 * commands that would be dangerous on the real checkout if the code under test were wrong.
 */
export async function projectCopy(name: string): Promise<ProjectCopy> {
  const { mkdir, symlink, readdir } = await import('node:fs/promises');
  const { createHash } = await import('node:crypto');
  const { spawn } = await import('node:child_process');
  const dir = await mkdtemp(join(tmpdir(), `site-${name}-`));
  for (const entry of ['bin', 'src', 'templates', 'content', 'static', 'site.config.ts', 'package.json', 'tsconfig.json']) await cp(join(ROOT, entry), join(dir, entry), { recursive: true });
  // Its own node_modules of links to the real packages: its caches (node_modules/.cache) are its own.
  await mkdir(join(dir, 'node_modules'));
  for (const name of await readdir(join(ROOT, 'node_modules'))) {
    if (name !== '.cache') await symlink(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return {
    dir,
    run: (args, cwd = dir, env = {}) =>
      new Promise((resolve) => {
        const child = spawn(join(dir, 'bin/site'), args, { cwd, env: { ...process.env, NODE_ENV: 'production', GITHUB_ACTIONS: '', ...env } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      }),
    async snapshot() {
      const files = new Map<string, string>();
      for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
        const path = join(entry.parentPath, entry.name);
        if (path.startsWith(join(dir, 'node_modules')) || !entry.isFile()) continue;
        files.set(path.slice(dir.length + 1), createHash('sha1').update(await readFile(path)).digest('hex'));
      }
      return files;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
