// Whether a packed engine's compiled layer (lib/engine/, made at `npm pack`) is still what is
// installed. It was bundled from the engine's sources and from the packages the engine depends on, so
// it runs only while each of those files has the bytes it was packed from, each package found where
// Node would find it: a source edited by hand, a package that an npm `overrides` (a security fix) or
// patch-package changed, and the layer is compiled from what is installed instead. Hashing ~250 files
// costs a few milliseconds; it is done once, and a stamp in the user's cache records each file's size,
// times and inode, so later starts only stat them. Plain JavaScript: it runs before anything is compiled.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { readSealedJson, sha256, writeSealed } from './sealed.mjs';

/**
 * The record of what a packed layer was made from (its manifest keeps it), from esbuild's metafile
 * inputs (each file with what it imports): each engine source (src/) by its path in the engine, and
 * each package by the names Node resolves it by, each from the folder of the package that imports it
 * ("gray-matter>kind-of": kind-of as gray-matter finds it), with its version, each of its files'
 * SHA-256 (package.json's too), and the other packages that import it (`also`: each must find the
 * same folder).
 */
export function packRecord(root, inputs) {
  const sources = {};
  const owner = new Map(); // input -> its package's folder
  const found = new Map(); // package folder -> { name, files }
  for (const input of Object.keys(inputs)) {
    const file = resolve(root, input);
    if (!existsSync(file)) continue; // an entry of esbuild's own namespace ("engine-entry:engine")
    const path = relative(root, file).split(sep);
    if (path[0] === 'src') {
      sources[path.join('/')] = sha256(readFileSync(file));
      continue;
    }
    const pkg = packageOf(root, file);
    if (!pkg) continue; // neither the engine's source nor a package's
    const { dir, name } = pkg;
    owner.set(input, dir);
    if (!found.has(dir)) {
      const manifest = readFileSync(join(dir, 'package.json'));
      found.set(dir, { name, version: JSON.parse(manifest).version, files: { 'package.json': sha256(manifest) } });
    }
    found.get(dir).files[relative(dir, file).split(sep).join('/')] = sha256(readFileSync(file));
  }
  // Which folders import each package: the engine's (root) or another package's.
  const importers = new Map();
  for (const [input, { imports }] of Object.entries(inputs)) {
    const from = owner.get(input) ?? root;
    for (const { path, external } of imports) {
      const to = owner.get(path);
      if (external || !to || to === from) continue;
      if (!importers.has(to)) importers.set(to, new Set());
      importers.get(to).add(from);
    }
  }
  // Each package named by the chain of its shortest route from the engine.
  const keys = new Map([[root, '']]);
  for (let added = true; added; ) {
    added = false;
    for (const [dir, from] of importers) {
      if (keys.has(dir)) continue;
      const parent = [...from].filter((f) => keys.has(f)).map((f) => keys.get(f)).sort((a, b) => a.split('>').length - b.split('>').length || a.localeCompare(b))[0];
      if (parent === undefined) continue;
      keys.set(dir, parent ? `${parent}>${found.get(dir).name}` : found.get(dir).name);
      added = true;
    }
  }
  const packages = {};
  for (const [dir, { name, version, files }] of found) {
    const key = keys.get(dir);
    if (key === undefined) throw new Error(`${name} is bundled but imported by nothing the engine imports`);
    const parent = key.includes('>') ? key.slice(0, key.lastIndexOf('>')) : '';
    // Every importer has a key here (one without would have been thrown for above or below).
    const also = [...importers.get(dir)].map((f) => keys.get(f)).filter((k) => k !== parent).sort();
    packages[key] = { version, files, ...(also.length ? { also } : {}) };
  }
  return { sources, packages };
}

/**
 * The package a file is in (the innermost node_modules/<name> or node_modules/@scope/<name> below the
 * engine's folder, or above it where packages were hoisted): its folder and name.
 */
function packageOf(root, file) {
  const path = relative(root, file).split(sep);
  const at = path.lastIndexOf('node_modules');
  if (at === -1) return undefined;
  const end = at + (path[at + 1]?.startsWith('@') ? 3 : 2);
  return end < path.length ? { dir: resolve(root, ...path.slice(0, end)), name: path.slice(at + 1, end).join('/') } : undefined;
}

/** A package's folder as Node finds it from `from`: node_modules/<name> there or in a folder above (never node_modules/node_modules). */
function findPackage(from, name) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (!dir.endsWith(`${sep}node_modules`) && existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Files changed this recently are not vouched for by a stamp: a file system's clock may not tell a change within the same tick (as git treats "racy" files). */
const SETTLED_MS = 2000;

/**
 * Whether the packed layer in `packed` was made from exactly what is installed around `root` (the
 * engine's folder): `stale` says why not; `by` how it was found to be (the stamp, or each file's hash).
 * `stamp`: a file where a verified state is kept (each file's size, times and inode), so the next start
 * checks with stat alone; a file that moved on any of them is hashed again. Nothing is stamped while a
 * file changed within `settled` ms of the check (verified again next time).
 */
export function checkPackedLayer({ root, packed, stamp, settled = SETTLED_MS }) {
  const stale = (reason) => ({ stale: reason });
  let manifestBytes;
  let record;
  try {
    manifestBytes = readFileSync(join(packed, 'manifest.json'));
    record = JSON.parse(manifestBytes);
  } catch {
    return stale('no packed layer');
  }
  if (!record.sources || !record.packages) return stale('packed without a record of its inputs');
  const manifest = sha256(manifestBytes);
  const started = Date.now();
  try {
    // Each package's folder as Node finds it (from real paths, as Node resolves), parents first.
    const dirs = { '': realpathSync(root) };
    const chains = Object.keys(record.packages).sort((a, b) => a.split('>').length - b.split('>').length);
    for (const names of chains) {
      const cut = names.lastIndexOf('>');
      const from = dirs[cut === -1 ? '' : names.slice(0, cut)];
      const dir = from && findPackage(from, names.slice(cut + 1));
      if (!dir) return stale(`${names} is not installed`);
      dirs[names] = realpathSync(dir);
    }
    // A package that several import: each finds the same folder.
    for (const names of chains) {
      for (const other of record.packages[names].also ?? []) {
        const found = findPackage(dirs[other], names.slice(names.lastIndexOf('>') + 1));
        if (!found || realpathSync(found) !== dirs[names]) return stale(`${names} is not the one ${other || 'the engine'} finds`);
      }
    }
    // The files a stamp must vouch for, each: a stamp that lists fewer (written by hand, or by another
    // version of this check) vouches for nothing.
    const expected = [...Object.keys(record.sources).map((path) => join(root, path)), ...chains.flatMap((names) => Object.keys(record.packages[names].files).map((path) => join(dirs[names], path)))];
    if (stillVerified(stamp, manifest, dirs, expected)) return { by: 'stamp' };

    // Each file's size and times taken before its bytes are read: a change after that moves them.
    const seen = {};
    const matches = (file, expected) => {
      try {
        const { size, mtimeMs, ctimeMs, ino } = statSync(file);
        seen[file] = [size, mtimeMs, ctimeMs, ino];
        return sha256(readFileSync(file)) === expected;
      } catch {
        return false;
      }
    };
    for (const [path, expected] of Object.entries(record.sources)) if (!matches(join(root, path), expected)) return stale(`${path} is not the source it was packed from`);
    for (const names of chains) {
      const { version, files } = record.packages[names];
      const installed = JSON.parse(readFileSync(join(dirs[names], 'package.json'))).version;
      if (installed !== version) return stale(`${names} ${installed} is installed, ${version} was packed`);
      for (const [path, expected] of Object.entries(files)) if (!matches(join(dirs[names], path), expected)) return stale(`${names}'s ${path} is not the file it was packed from`);
    }
    const racy = Object.values(seen).some(([, mtime, ctime]) => Math.max(mtime, ctime) > started - settled);
    if (!racy) writeSealed(stamp, JSON.stringify({ manifest, dirs, files: seen })); // not kept: verified again next time
    return { by: 'hashes' };
  } catch (error) {
    return stale(`its installed packages could not be read (${error.code ?? error.message})`); // compiled from what is installed instead
  }
}

/**
 * Whether the stamp says this manifest was verified with each package where Node finds it now (an
 * install may have put another copy nearer), for every expected file, and each keeps its size, times and inode.
 */
function stillVerified(stamp, manifest, dirs, expected) {
  try {
    const kept = readSealedJson(stamp); // sealed (sealed.mjs): none, or not as written, is no verdict
    if (!kept) return false;
    if (kept.manifest !== manifest || JSON.stringify(kept.dirs) !== JSON.stringify(dirs)) return false;
    if (Object.keys(kept.files).length !== expected.length || !expected.every((file) => Object.hasOwn(kept.files, file))) return false;
    for (const [file, [size, mtime, ctime, ino]] of Object.entries(kept.files)) {
      const stat = statSync(file);
      if (stat.size !== size || stat.mtimeMs !== mtime || stat.ctimeMs !== ctime || stat.ino !== ino) return false;
    }
    return true;
  } catch {
    return false;
  }
}
