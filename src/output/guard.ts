// Decides, before anything is written, whether a build may write its output where it was asked to,
// and how. Refused: the project or current folder, any folder that holds them or the site's sources,
// a source folder itself or anything inside one, an existing file, a symbolic link, and a folder of
// someone else's files. The marker decides, not the name or the place: an existing folder is replaced
// only when it is empty or holds our marker (or, once, when it is the site's default output written
// by a release that had no marker yet). A folder that cannot be swapped by rename (a git worktree, a
// mount point) is updated in place instead.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../problems/usage-error.ts';
import { hasMarker, MANIFEST, MARKER, readManifest } from './marker.ts';

/** The flag that allows replacing a folder of files this engine did not write. */
export const EMPTY_OUT_DIR_FLAG = '--empty-out-dir';

/** Entries a published folder holds that are not pages: kept, and not counted when deciding whether it is empty. */
export const HOST_FILES = new Set(['.git', 'CNAME', '.nojekyll']);

export interface Protected {
  /** Folders the output may not be, nor hold: the current folder, the site's folder. */
  roots: string[];
  /** Folders the output may not be, hold, or lie inside: content, static, templates. */
  sources: { path: string; name: string }[];
}

export interface OutputPlan {
  /** The output folder, absolute, its existing part resolved. */
  dir: string;
  exists: boolean;
  /** Swap the whole folder by rename, or update it file by file (keeping .git and host files). */
  mode: 'swap' | 'in-place';
  /** Why in place: "holds a .git" or "is a mount point". */
  why?: string;
  /** What the previous build wrote (its manifest), the only files an in-place update may delete. */
  previous: string[];
}

export interface GuardOptions {
  /** How the output is named in messages ("dist"). */
  shown: string;
  protect: Protected;
  /** --empty-out-dir: replace a folder of files we did not write. */
  emptyOutDir?: boolean;
  /** The site's default output folder, which an older release filled without a marker. */
  defaultOut?: string;
  /** Files of static/, as a build copies them (to recognise an older release's output). */
  staticFiles?: string[];
}

const inside = (child: string, parent: string) => {
  const rel = relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};
const sameOrInside = (child: string, parent: string) => child === parent || inside(child, parent);

/** The path with its longest existing prefix resolved (symbolic links, "..") so comparisons are real. */
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

/** Whether a folder is a mount point (a container volume, a tmpfs): it cannot be renamed away. */
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

/** Files below dir as relative paths (no links followed), to judge an unmarked folder. */
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

/** What a build of this engine writes, besides static/'s files: pages, assets and the host files. */
const BUILT = /^(?:\.site-output|\.site-manifest|.+\.html|assets\/[^/]+\.(?:js|css)|sitemap\.xml|robots\.txt|_headers|_redirects|speculation-rules\.json|(?:[^/]+\/)?manifest\.webmanifest)(?:\.br|\.gz)?$/;

/** An output of an earlier release (before the marker): pages and host files only, and the home page. */
function looksBuilt(dir: string, staticFiles: string[]): boolean {
  const files = filesBelow(dir);
  if (!files || !files.includes('index.html') || !files.includes('_headers')) return false;
  const published = new Set(staticFiles.flatMap((f) => [f, `${f}.br`, `${f}.gz`]));
  return files.every((f) => BUILT.test(f) || published.has(f));
}

const refuse = (message: string) => {
  throw new UsageError(message);
};

/** Checks the output folder and decides how it is written; throws a UsageError (nothing touched) when it may not be. */
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
  return { dir, exists: true, mode: why ? 'in-place' : 'swap', why, previous: ours ? readManifest(dir).files : [] };
}
