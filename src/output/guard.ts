// Decides before anything is written whether and how the output may go where asked. Refused: the project or current folder,
// anything holding them or the sources, a source folder or inside one, a file, a symbolic link, a folder of someone else's files.
// The marker decides, not the name: a folder is replaced only when empty or marked (or the site's default output of a release
// before the marker). One that cannot be swapped by rename (a git worktree, a mount point) is updated in place.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../problems/usage-error.ts';
import { hasMarker, MANIFEST, MARKER, readManifest } from './marker.ts';
import { walk, type Walked } from '../files/walk.ts';

export const EMPTY_OUT_DIR_FLAG = '--empty-out-dir';

/** Kept, and not counted when deciding whether a folder is empty. */
export const HOST_FILES = new Set(['.git', 'CNAME', '.nojekyll']);

export interface Protected {
  /** The output may not be nor hold these: the current folder, the site's folder. */
  roots: string[];
  /** Nor lie inside these: content, static, templates. */
  sources: { path: string; name: string }[];
}

export interface OutputPlan {
  /** Absolute, its existing part resolved. */
  dir: string;
  exists: boolean;
  /** Swap the whole folder by rename, or update it file by file (keeping .git and host files). */
  mode: 'swap' | 'in-place';
  why?: string;
  /** The previous manifest: the only files an in-place update may delete. */
  previous: string[];
  /** A swap over our own output: its files, listed while the build works (a file in it no build wrote stops the swap). */
  listing?: Promise<Walked>;
}

export interface GuardOptions {
  shown: string;
  protect: Protected;
  /** --empty-out-dir: replace a folder of files we did not write. */
  emptyOutDir?: boolean;
  /** An older release filled it without a marker. */
  defaultOut?: string;
  /** To recognise an older release's output. */
  staticFiles?: string[];
}

const inside = (child: string, parent: string) => {
  const rel = relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};
const sameOrInside = (child: string, parent: string) => child === parent || inside(child, parent);

/** Its longest existing prefix resolved (links, "..") so comparisons are real. */
export function realish(path: string): string {
  const absolute = resolve(path);
  const rest: string[] = [];
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      if (dirname(at) === at) return absolute;
      rest.push(basename(at));
    }
  }
}

/** A mount point (a container volume, a tmpfs) cannot be renamed away. */
export function isMountPoint(dir: string): boolean {
  try {
    const mounts = readFileSync('/proc/self/mountinfo', 'utf8');
    const unescape = (s: string) => s.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
    if (mounts.split('\n').some((line) => line.split(' ')[4] !== undefined && unescape(line.split(' ')[4]!) === dir)) return true;
  } catch {
    // not Linux: compare devices below
  }
  try {
    return statSync(dir).dev !== statSync(dirname(dir)).dev;
  } catch {
    return false;
  }
}

/** No links followed; to judge an unmarked folder. */
function filesBelow(dir: string, limit = 20_000): string[] | undefined {
  const files: string[] = [];
  const visit = (rel: string, depth: number): boolean => {
    if (depth > 32) return false;
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!visit(path, depth + 1)) return false;
      } else if (entry.isFile()) files.push(path);
      else return false;
      if (files.length > limit) return false;
    }
    return true;
  };
  return visit('', 0) ? files : undefined;
}

/** What a build writes besides static/'s files. */
const BUILT = /^(?:\.site-output|\.site-manifest|.+\.html|assets\/[^/]+\.(?:js|css)|sitemap\.xml|robots\.txt|_headers|_redirects|speculation-rules\.json|(?:[^/]+\/)?manifest\.webmanifest)(?:\.br|\.gz)?$/;

/** An earlier release's output (before the marker): built files only, with the home page. */
function looksBuilt(dir: string, staticFiles: string[]): boolean {
  const files = filesBelow(dir);
  if (!files || !files.includes('index.html') || !files.includes('_headers')) return false;
  const published = new Set(staticFiles.flatMap((f) => [f, `${f}.br`, `${f}.gz`]));
  return files.every((f) => BUILT.test(f) || published.has(f));
}

const refuse = (message: string) => {
  throw new UsageError(message);
};

/** Throws a UsageError (nothing touched) when the output may not be written there. */
export function planOutput(outDir: string, options: GuardOptions): OutputPlan {
  const { shown } = options;
  const dir = realish(outDir);
  const what = `--out ${shown}`;
  for (const root of options.protect.roots.map(realish)) {
    if (dir === root) refuse(`${what} is the project's own folder; building there would replace your sources. Use a folder of its own, such as dist.`);
    if (inside(root, dir)) refuse(`${what} holds the project (${root}); building there would replace it. Use a folder of its own, such as dist.`);
  }
  for (const source of options.protect.sources) {
    const path = realish(source.path);
    if (sameOrInside(dir, path)) refuse(`${what} is ${dir === path ? 'the site\'s' : 'inside the site\'s'} ${source.name} folder; the output must not replace or mix with the sources. Use a folder of its own, such as dist.`);
    if (inside(path, dir)) refuse(`${what} holds the site's ${source.name} folder; building there would replace it. Use a folder of its own, such as dist.`);
  }
  // git's and npm's own folders (any case: macOS's file system does not tell .GIT from .git), below the project, or
  // anywhere on the way to a folder outside it: never an output, flag or not.
  const root = options.protect.roots.map(realish).find((r) => inside(dir, r));
  const tool = (root ? relative(root, dir) : dir).split(sep).map((part) => part.toLowerCase()).find((part) => part === '.git' || part === 'node_modules');
  if (tool) refuse(`${what} is ${basename(dir).toLowerCase() === tool ? 'a' : 'inside a'} ${tool} folder, which ${tool === '.git' ? 'git' : 'npm'} keeps; building there would replace its files. Use a folder of its own, such as dist.`);
  let stat;
  try {
    stat = lstatSync(resolve(outDir));
  } catch {
    return { dir, exists: false, mode: 'swap', previous: [] };
  }
  if (stat.isSymbolicLink()) refuse(`${what} is a symbolic link; name the folder itself, so the build replaces nothing but it.`);
  if (!stat.isDirectory()) refuse(`${what} is a file, not a folder; the build writes a folder of files there. Choose another path.`);

  const entries = readdirSync(dir).filter((name) => !HOST_FILES.has(name));
  const ours = hasMarker(dir);
  const empty = entries.length === 0 || (entries.every((name) => name === MARKER || name === MANIFEST) && ours);
  const olderRelease = !ours && !empty && options.defaultOut !== undefined && realish(options.defaultOut) === dir && looksBuilt(dir, options.staticFiles ?? []);
  if (!ours && !empty && !olderRelease && !options.emptyOutDir) {
    refuse(`${what} is a folder of files this tool did not write (it has no ${MARKER} marker). Build into an empty or new folder, or pass ${EMPTY_OUT_DIR_FLAG} to replace its contents.`);
  }
  const why = existsSync(join(dir, '.git')) ? 'holds a .git' : isMountPoint(dir) ? 'is a mount point' : undefined;
  // Listed on libuv's threads beside the render (40,000 pages: seconds), read before the swap; a failure is told then.
  const listing = ours && !why ? walk(dir) : undefined;
  listing?.catch(() => undefined);
  return { dir, exists: true, mode: why ? 'in-place' : 'swap', why, previous: ours ? readManifest(dir).files : [], ...(listing ? { listing } : {}) };
}
