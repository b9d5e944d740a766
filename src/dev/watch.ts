// chokidar stops watching a gone folder, so the parents are watched, and the watch set up afresh when a folder is replaced.
import { watch, type FSWatcher } from 'chokidar';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';

export interface FolderWatch {
  close(): Promise<void>;
}

/** Calls onChange with each changed path below the roots (folders or files); resolves once watching. */
export async function watchFolders(rootPaths: string[], onChange: (path: string) => void): Promise<FolderWatch> {
  const roots = [...new Set(rootPaths.map((p) => resolve(p)))];
  const parents = [...new Set(roots.map((r) => dirname(r)))];
  const relevant = (path: string) => parents.includes(path) || roots.some((r) => path === r || path.startsWith(r + sep) || r.startsWith(path + sep));
  // Inodes, not birth times: where the kernel gives none, Node reports the change time, which every save moves.
  const identity = () => roots.map((r) => {
    try {
      return statSync(r).ino;
    } catch {
      return 'none';
    }
  }).join(',');

  let watcher: FSWatcher;
  let seen = '';
  let started = false;
  let closed = false;
  let restarting: Promise<void> | undefined;
  let missedBefore = '';
  // Not before the first watch is ready: closing it then would leave its start waiting for ever.
  const restartIfMoved = () => {
    if (!started || restarting || closed || identity() === seen) return;
    restarting = (async () => {
      await watcher.close();
      if (closed) return;
      await start();
      if (closed) return; // closed meanwhile: dev has stopped listening
      // Whatever changed while no watch was set is picked up by the rebuild this asks for.
      for (const root of roots) onChange(root);
    })()
      .catch(() => {
        seen = ''; // the next look tries again
      })
      .finally(() => {
        restarting = undefined;
      });
  };
  const start = async () => {
    seen = identity();
    watcher = watch(parents, { ignoreInitial: true, ignored: (path) => !relevant(path) });
    watcher.on('all', (_event, path) => {
      if (closed || !relevant(path) || parents.includes(path)) return;
      onChange(path);
      restartIfMoved();
    });
    await new Promise<void>((ready) => watcher.once('ready', () => ready()));
    // A file made between the scan and the watch is known to no watch: restart, once per new miss (chokidar never lists some).
    const missed = unwatched(roots, watcher.getWatched()).sort().join('\0');
    if (missed && missed !== missedBefore) seen = '';
    missedBefore = missed;
  };
  await start();
  started = true;
  // A folder swapped or renamed back can leave its parent's listing as it was, so no event fires: poll.
  const poll = setInterval(restartIfMoved, 500);
  poll.unref();
  return {
    async close() {
      closed = true;
      clearInterval(poll);
      await restarting;
      await watcher.close();
    },
  };
}

/** What chokidar leaves out of its listing by its own rule (atomic: editors' swap, backup and temporary files). */
const CHOKIDAR_SKIPS = /\..*\.(sw[px])$|~$|\.subl.*\.tmp/;

/** Below the roots but not in chokidar's getWatched(); what chokidar never lists (unreadable folders, broken links) is not missed. */
export function unwatched(roots: string[], watched: Record<string, string[]>): string[] {
  const listed = new Map<string, Set<string>>();
  const known = (path: string) => {
    const folder = dirname(path);
    let names = listed.get(folder);
    if (!names) listed.set(folder, (names = new Set(watched[folder])));
    return names.has(basename(path));
  };
  const missing: string[] = [];
  const look = (path: string) => {
    if (!CHOKIDAR_SKIPS.test(path) && !known(path)) missing.push(path);
  };
  for (const root of roots) {
    let isFolder: boolean;
    try {
      isFolder = statSync(root).isDirectory();
    } catch {
      continue;
    }
    if (!isFolder) {
      look(root);
      continue;
    }
    const folders = [root];
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
      let entries;
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isSymbolicLink() && !existsSync(path)) continue;
        look(path);
        if (entry.isDirectory()) folders.push(path);
      }
    }
  }
  return missing;
}
