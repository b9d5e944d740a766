// Whether a packed engine's compiled layer (lib/engine/, made at `npm pack`) is still what is
// installed. It was bundled from the engine's sources and from the packages the engine depends on, so
// it runs only while each of those files has the bytes it was packed from: a source edited by hand, a
// package that an npm `overrides` (a security fix) or patch-package changed, and the layer is compiled
// from what is installed instead. Hashing ~250 files costs a few milliseconds; it is done once, and a
// stamp in the user's cache records each file's size and time, so later starts only stat them.
// Plain JavaScript: it runs before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { threadId } from 'node:worker_threads';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * The record of what a packed layer was made from (its manifest keeps it), from the build's input
 * files: each engine source (src/) by its path in the engine, and each package by the names Node
 * resolves it by from the engine's folder (a package nested in another's node_modules after its
 * parent's name: "gray-matter>js-yaml"), with its version and each of its files' SHA-256.
 */
export function packRecord(root, files) {
  const sources = {};
  const packages = {};
  for (const file of files) {
    const path = relative(root, file).split(sep);
    if (path[0] === 'src') {
      sources[path.join('/')] = sha256(readFileSync(file));
      continue;
    }
    const at = packageOf(path);
    if (!at) continue; // neither the engine's source nor a package's (the engine's package.json, say)
    const dir = resolve(root, ...path.slice(0, at.end));
    const entry = (packages[at.chain.join('>')] ??= { version: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version, files: {} });
    entry.files[path.slice(at.end).join('/')] = sha256(readFileSync(file));
  }
  return { sources, packages };
}

/** The chain of package names in a path (every name after a node_modules) and where the last package's folder ends. */
function packageOf(path) {
  const chain = [];
  let end = 0;
  for (let i = 0; i < path.length - 1; i++) {
    if (path[i] !== 'node_modules') continue;
    const scoped = path[i + 1].startsWith('@');
    chain.push(scoped ? `${path[i + 1]}/${path[i + 2]}` : path[i + 1]);
    end = i + (scoped ? 3 : 2);
    i = end - 1;
  }
  return chain.length ? { chain, end } : undefined;
}

/** A package's folder as Node finds it from `from`: node_modules/<name> there or in a folder above. */
function findPackage(from, name) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (!dir.endsWith(`${sep}node_modules`) && existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Whether the packed layer in `packed` was made from exactly what is installed around `root` (the
 * engine's folder). `stamp`: a file where a verified state is kept (each file's size and time), so the
 * next start checks with stat alone; a file whose size or time moved is hashed again.
 * Returns the reason it is not, or undefined when it is.
 */
export function packedLayerStale({ root, packed, stamp }) {
  let manifestBytes;
  let record;
  try {
    manifestBytes = readFileSync(join(packed, 'manifest.json'));
    record = JSON.parse(manifestBytes);
  } catch {
    return 'no packed layer';
  }
  if (!record.sources || !record.packages) return 'packed without a record of its inputs';
  const manifest = sha256(manifestBytes);
  const dirs = {};
  for (const names of Object.keys(record.packages)) {
    let dir = root;
    for (const name of names.split('>')) if (dir) dir = findPackage(dir, name);
    if (!dir) return `${names} is not installed`;
    dirs[names] = dir;
  }
  if (stillVerified(stamp, manifest, dirs)) return undefined;

  // Each file's size and time taken before its bytes are read: a change after that moves them.
  const seen = {};
  const matches = (file, expected) => {
    try {
      const { size, mtimeMs } = statSync(file);
      seen[file] = [size, mtimeMs];
      return sha256(readFileSync(file)) === expected;
    } catch {
      return false;
    }
  };
  for (const [path, expected] of Object.entries(record.sources)) if (!matches(join(root, path), expected)) return `${path} is not the source it was packed from`;
  for (const [names, { version, files }] of Object.entries(record.packages)) {
    const dir = dirs[names];
    const { size, mtimeMs } = statSync(join(dir, 'package.json'));
    seen[join(dir, 'package.json')] = [size, mtimeMs];
    const installed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    if (installed !== version) return `${names} ${installed} is installed, ${version} was packed`;
    for (const [path, expected] of Object.entries(files)) if (!matches(join(dir, path), expected)) return `${names}'s ${path} is not the file it was packed from`;
  }
  try {
    mkdirSync(dirname(stamp), { recursive: true });
    const temporary = `${stamp}.${process.pid}-${threadId}.tmp`; // dev's build workers are threads of one process
    writeFileSync(temporary, JSON.stringify({ manifest, dirs, files: seen }));
    renameSync(temporary, stamp);
  } catch {
    // Not kept (a read-only cache, say): verified again next time.
  }
  return undefined;
}

/**
 * Whether the stamp says this manifest was verified with each package where Node finds it now (an
 * install may have put another copy nearer) and every file it checked keeps its size and time.
 */
function stillVerified(stamp, manifest, dirs) {
  try {
    const kept = JSON.parse(readFileSync(stamp, 'utf8'));
    if (kept.manifest !== manifest || JSON.stringify(kept.dirs) !== JSON.stringify(dirs)) return false;
    for (const [file, [size, mtime]] of Object.entries(kept.files)) {
      const stat = statSync(file);
      if (stat.size !== size || stat.mtimeMs !== mtime) return false;
    }
    return true;
  } catch {
    return false;
  }
}
