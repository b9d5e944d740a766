// Publishes a staging folder once every check passed: by two renames, or in place file by file (a git worktree, a mount point),
// deleting only what the previous manifest lists. The next build removes a killed build's staging and undoes a half swap.
import { lstatSync, statfsSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../problems/usage-error.ts';
import { walk } from '../files/walk.ts';
import { hasControl, inert } from '../problems/inert.ts';
import { shown } from '../problems/shown.ts';
import { EMPTY_OUT_DIR_FLAG, HOST_FILES, type OutputPlan } from './guard.ts';
import { hasMarker, MANIFEST, manifestContents, MARKER, markerContents } from './marker.ts';

const STAGING = (outDir: string) => new RegExp(`^\\.${basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.staging-(\\d+)-\\d+(\\.old)?$`);

/** Beside outDir (one file system, so a swap is a rename), marked as ours. */
export async function stagingDir(outDir: string): Promise<string> {
  const dir = join(dirname(outDir), `.${basename(outDir)}.staging-${process.pid}-${Date.now()}`);
  await mkdir(dirname(outDir), { recursive: true });
  // Not recursive: on a read-only file system that says ENOENT instead of EROFS.
  await mkdir(dir);
  await writeFile(join(dir, MARKER), markerContents());
  return dir;
}

/** Whether a process of this id is alive (another build at work). */
export const running = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Killed builds' staging folders beside outDir: only ours (marked) and only when their process is gone. */
async function staleStaging(outDir: string): Promise<string[]> {
  const parent = dirname(outDir);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return [];
  }
  const pattern = STAGING(outDir);
  return names.filter((name) => {
    const match = pattern.exec(name);
    return match && !running(Number(match[1])) && hasMarker(join(parent, name));
  });
}

/** A build killed mid-swap leaves the previous output as a ".old" folder: put back (build, serve and dev start with this). */
export async function restoreInterrupted(outDir: string): Promise<boolean> {
  if (existsQuiet(outDir)) return false;
  const old = (await staleStaging(outDir)).find((name) => name.endsWith('.old'));
  if (!old) return false;
  await rename(join(dirname(outDir), old), outDir);
  return true;
}

export async function removeDebris(outDir: string): Promise<string[]> {
  await restoreInterrupted(outDir);
  const stale = await staleStaging(outDir);
  await Promise.all(stale.map((name) => rm(join(dirname(outDir), name), { recursive: true, force: true })));
  return stale;
}

function existsQuiet(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export interface Published {
  mode: OutputPlan['mode'];
  why?: string;
  /** In place: previous files this build no longer makes, deleted. */
  removed: number;
}

export interface PublishOptions {
  /** --empty-out-dir: files this engine did not write may be replaced. */
  emptyOutDir?: boolean;
  /** Recorded in the manifest for `site stage`. */
  host?: string;
  /** Called just before the first change to the output folder. */
  changing?: () => void;
}

export async function publish(staging: string, plan: OutputPlan, { emptyOutDir = false, changing, host }: PublishOptions = {}): Promise<Published> {
  const { files } = await walk(staging);
  await writeFile(join(staging, MANIFEST), manifestContents(files, host));
  if (plan.mode === 'swap') {
    if (plan.exists) await keepOthers(staging, plan, emptyOutDir);
    await swapIn(staging, plan.dir, changing);
    return { mode: 'swap', removed: 0 };
  }
  const removed = await updateInPlace(staging, plan, files, emptyOutDir, changing);
  await rm(staging, { recursive: true, force: true });
  return { mode: 'in-place', why: plan.why, removed };
}

/** Files the build did not write, as a refusal names them: "3 files", the first three (shown inert), "them". */
function notOurs(files: readonly string[]): { held: string; named: string; them: string } {
  return { held: files.length === 1 ? 'a file' : `${files.length} files`, named: files.slice(0, 3).map(inert).join(', ') + (files.length > 3 ? ', ...' : ''), them: files.length === 1 ? 'it' : 'them' };
}

/** What a file manager writes as a folder is viewed (made again when needed): never worth refusing a build for. */
const VIEWER_FILES = /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/;

/**
 * The swap would remove the whole old folder: a file of it that no build wrote (listed in no manifest) refuses the
 * build unless --empty-out-dir, before anything changes; a host's file put there (CNAME) is carried into the new one.
 */
async function keepOthers(staging: string, plan: OutputPlan, emptyOutDir: boolean): Promise<void> {
  if (!plan.listing) return; // empty, or an earlier release's output of built files only (guard.ts)
  const ours = new Set([...plan.previous, MARKER, MANIFEST]);
  const { files, links, special, tooDeep } = await plan.listing;
  const others = [...files, ...links, ...special, ...(tooDeep ? [`${tooDeep}/`] : [])].filter((file) => !ours.has(file) && !VIEWER_FILES.test(file)).sort();
  const foreign = others.filter((file) => !HOST_FILES.has(file));
  if (foreign.length && !emptyOutDir) {
    const { held, named, them } = notOurs(foreign);
    throw new UsageError(`${shown(plan.dir)} holds ${held} this tool did not write (${named}), which replacing it would delete. Move ${them} out (a file to publish goes in the static folder), or pass ${EMPTY_OUT_DIR_FLAG} to let the build delete ${them}.`);
  }
  for (const file of others.filter((f) => HOST_FILES.has(f) && files.includes(f))) {
    if (!existsQuiet(join(staging, file))) await copyFile(join(plan.dir, file), join(staging, file));
  }
}

/** If the second rename fails, the old folder is put back. */
export async function swapIn(staging: string, outDir: string, changing?: () => void): Promise<void> {
  const old = `${staging}.old`;
  let hadOld = true;
  try {
    await rename(outDir, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOld = false;
  }
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadOld) await rename(old, outDir);
    throw error;
  }
  changing?.();
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/** A plain relative path inside the folder, never in .git/, a host's file or our marker, whatever the manifest says. */
const safeRelative = (path: string) =>
  path.length > 0 && !path.startsWith('/') && !path.includes('\\') && !hasControl(path) && path !== MARKER &&
  !HOST_FILES.has(path.split('/')[0]!) && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && part !== '.git');

/** Never write through a symbolic link or over a folder on the way to an output file. */
function checkPathInside(dir: string, rel: string): void {
  const parts = rel.split('/');
  let at = dir;
  for (const [i, part] of parts.entries()) {
    at = join(at, part);
    let stat;
    try {
      stat = lstatSync(at);
    } catch {
      return; // the rest does not exist yet: it will be created as folders of ours
    }
    const last = i === parts.length - 1;
    if (stat.isSymbolicLink() && !last) throw new UsageError(`${at} is a symbolic link inside the output; the build will not write through it. Remove it and build again.`);
    if (!last && !stat.isDirectory()) throw new UsageError(`${at} is a file where the build needs a folder; remove it and build again.`);
    if (last && stat.isDirectory()) throw new UsageError(`${at} is a folder where the build writes a file; remove it and build again.`);
  }
}

async function updateInPlace(staging: string, plan: OutputPlan, files: string[], emptyOutDir: boolean, changing?: () => void): Promise<number> {
  const { dir } = plan;
  const previous = new Set(plan.previous.filter(safeRelative));
  const ownFiles = [...files.filter((f) => f !== MARKER), MANIFEST];
  // Checks before the first change: a file we did not write is never replaced without the flag.
  const foreign = ownFiles.filter((f) => f !== MANIFEST && !previous.has(f) && existsQuiet(join(dir, f)));
  if (foreign.length && !emptyOutDir) {
    const { held, named, them } = notOurs(foreign);
    throw new UsageError(`${dir} holds ${held} this tool did not write that the build would replace (${named}). Remove ${them}, or pass ${EMPTY_OUT_DIR_FLAG} to replace them.`);
  }
  for (const file of ownFiles) checkPathInside(dir, file);
  const needed = ownFiles.reduce((sum, f) => sum + statSync(join(staging, f)).size, 0);
  const free = statfsSync(dir);
  if (free.bavail * free.bsize < needed * 1.1) {
    throw new UsageError(`${dir} has ${Math.round((free.bavail * free.bsize) / 1024)} KB free and the new output needs ${Math.round(needed / 1024)} KB. Free some space and build again.`);
  }
  const sameDevice = statSync(staging).dev === statSync(dir).dev;
  changing?.();
  // The manifest goes last: until it is written, the previous one still lists what may be deleted.
  for (const file of ownFiles) {
    const to = join(dir, file);
    await mkdir(dirname(to), { recursive: true });
    if (sameDevice) await rename(join(staging, file), to);
    else {
      await copyFile(join(staging, file), `${to}.site-tmp`);
      await rename(`${to}.site-tmp`, to);
    }
  }
  await writeFile(join(dir, MARKER), markerContents());
  const made = new Set(ownFiles);
  let removed = 0;
  for (const file of previous) {
    if (made.has(file) || file === MARKER) continue;
    const path = join(dir, file);
    try {
      checkPathInside(dir, file);
      const stat = lstatSync(path);
      if (!stat.isFile() && !stat.isSymbolicLink()) continue;
      await unlink(path);
      removed++;
    } catch {
      continue; // already gone, or not ours to follow
    }
    // Empty folders left behind, never the output itself or .git.
    for (let folder = dirname(path); folder.startsWith(`${dir}/`) && !folder.split('/').includes('.git'); folder = dirname(folder)) {
      try {
        await rmdir(folder);
      } catch {
        break;
      }
    }
  }
  return removed;
}
