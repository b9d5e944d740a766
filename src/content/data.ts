// A site's async `data` sources run once a build, before the pages (templates stay synchronous): content.data.<name>.
// A result is kept (in memory and on disk) for the source's maxAge; a failing source stops the build, naming it.
// The cache folder is the site's own: a result no source keeps now (removed, renamed, changed, no maxAge) is removed.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pruneFolder, readSealedJson, sha256, writeSealed } from '../files/cache.ts';
import { BuildFailure, Problem } from '../problems/problem.ts';
import type { DataContext, DataSource } from '../site/definition.ts';

// Loaded on the first fetch: an ESM import of node:http reads all its exports, undici's among them, on every build.
const require = createRequire(import.meta.url);

export function fetchJson(url: string, { headers = {}, timeoutMs = 15_000 } = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return reject(new Error(`${url}: only http and https addresses can be fetched`));
    const { request } = require(target.protocol === 'https:' ? 'node:https' : 'node:http') as typeof import('node:http');
    const req = request(target, { headers: { accept: 'application/json', ...headers }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) return reject(new Error(`${url} answered ${res.statusCode}`));
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new Error(`${url} did not answer with JSON`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${url} did not answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

/** By cache folder and key: two sites may have a source of the same name and code. */
const kept = new Map<string, { at: number; value: unknown }>();

/** Results by name; cacheDir is the site's own folder. */
export async function loadData(sources: Readonly<Record<string, DataSource>>, now: Date, cacheDir: string | undefined): Promise<Record<string, unknown>> {
  const context: DataContext = { now, fetchJson };
  const problems: Problem[] = [];
  const results: Record<string, unknown> = {};
  const keeping = new Set<string>();
  await Promise.all(Object.entries(sources).map(async ([name, source]) => {
    const key = sha256(`${name}\0${source.load.toString()}`).slice(0, 16);
    const file = cacheDir ? join(cacheDir, `${key}.json`) : undefined;
    const maxAge = (source.maxAge ?? 0) * 1000;
    if (maxAge > 0) keeping.add(`${key}.json`);
    const inMemory = `${cacheDir ?? ''}\0${key}`;
    const known = kept.get(inMemory) ?? readKept(file);
    if (known && Date.now() - known.at < maxAge) {
      results[name] = known.value;
      return;
    }
    try {
      const value = await source.load(context);
      const at = Date.now();
      const text = JSON.stringify({ at, value }); // plain data only: it goes to worker threads and into the cache
      results[name] = value;
      kept.set(inMemory, { at, value });
      // One that cannot be kept is asked for again next time; one without a maxAge is never read back.
      if (file && maxAge > 0) writeSealed(file, text);
    } catch (error) {
      problems.push(new Problem('data/failed', { part: `data source "${name}"` }, 'failed', [{ path: '', message: error instanceof Error ? error.message : String(error) }]));
    }
  }));
  if (cacheDir) forgetOthers(cacheDir, keeping);
  if (problems.length) throw new BuildFailure(problems);
  return results;
}

/** Removes the results (only <16 hex>.json) no source keeps now; one that cannot be removed stays (a cache never fails a build). */
export function forgetOthers(cacheDir: string, keeping: ReadonlySet<string> = new Set()): void {
  pruneFolder(cacheDir, (name) => !/^[0-9a-f]{16}\.json$/.test(name) || keeping.has(name));
}

/** Only while its seal holds (files/cache.ts). */
function readKept(file: string | undefined): { at: number; value: unknown } | undefined {
  const kept = (file ? readSealedJson(file) : undefined) as { at?: unknown; value?: unknown } | null | undefined;
  return typeof kept?.at === 'number' ? { at: kept.at, value: kept.value } : undefined;
}
