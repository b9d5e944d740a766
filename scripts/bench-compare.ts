// Times several generators in the same run, alternating them (ours, Eleventy, Hugo, ours, ...) so
// that the load of a shared machine falls on all of them alike; prints medians, peak memory and ratios.
// Cold first: before each timed run every contender loses what it keeps between builds (its output and
// caches: ours as after `npm ci`), as on CI's fresh clone. Then warm: what the previous build kept.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { homedir, loadavg } from 'node:os';
import { join } from 'node:path';

export interface Contender {
  name: string;
  /** The command that builds into out (argv[0] is the program). */
  command(out: string): string[];
  /** Working folder (default: this process's). */
  cwd?: string;
  /** Folders this contender keeps between builds besides its output (ours: the engine's cache), removed for a cold run. */
  kept?: string[];
}

/** What a checkout of ours keeps between builds (none after a fresh `npm ci`): its project's cache and the user's. */
export function oursKept(root: string): string[] {
  return [join(root, 'node_modules/.cache/sitewright'), join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sitewright')];
}

/** cold: each timed run starts without the contender's output and kept folders; warm: with what the last build left. */
export type State = 'cold' | 'warm';
export const STATES: readonly State[] = ['cold', 'warm'];

interface Run {
  ms: number;
  peakMb: number;
}

// Peak resident memory: GNU time's, when it is installed, for every contender alike (worker threads
// included). Without it, a Node program reports its own at exit through a preloaded module, which
// costs each start some tens of milliseconds (Node's ES module loader comes up for it).
const PROBE = `process.on('exit',()=>process.stderr.write('peak-rss-mb '+Math.round(process.resourceUsage().maxRSS/1024)+'\\n'))`;
const GNU_TIME = '/usr/bin/time';

/**
 * The environment as on a machine that does not set NODE_EXTRA_CA_CERTS: Node 20 loads a certificate
 * store at each start when it is set (~45 ms here), which bin/site avoids by itself and which would
 * weigh on a Node peer only. For comparisons with peers.
 */
export function withoutExtraCertificates(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _certificates, ...rest } = env;
  return rest;
}

/** One build from spawn to exit; rejects with the output when it fails. */
function timeOnce(argv: string[], cwd: string | undefined, baseEnv: NodeJS.ProcessEnv): Promise<Run> {
  const gnuTime = existsSync(GNU_TIME);
  const node = !gnuTime && (argv[0] === process.execPath || argv[0]!.endsWith('/bin/site'));
  const full = gnuTime ? [GNU_TIME, '-f', 'peak-rss-kb %M', ...argv] : argv;
  const env = node ? { ...baseEnv, NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PROBE)}` } : baseEnv;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(full[0]!, full.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`${argv.join(' ')} failed (${code}):\n${output}`));
      const mb = /peak-rss-mb (\d+)/.exec(output)?.[1];
      const kb = /peak-rss-kb (\d+)/.exec(output)?.[1];
      resolve({ ms, peakMb: mb ? Number(mb) : kb ? Math.round(Number(kb) / 1024) : NaN });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Removes what a contender keeps between builds: its output and its kept folders. */
async function forget(c: Contender, out: string): Promise<void> {
  for (const dir of [out, ...(c.kept ?? [])]) if (dir) await rm(dir, { recursive: true, force: true });
}

const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;

/**
 * Runs every contender `runs` times per state, alternating; the first is ours, the base of the ratios.
 * One untimed build each first, so installs and the OS's file cache start warm for all (a fresh clone's
 * files are in the OS's cache too: it has just written them).
 */
export async function compare(contenders: Contender[], runs: number, outDir: (i: number) => string, pages?: number[], env: NodeJS.ProcessEnv = process.env, states: readonly State[] = STATES): Promise<void> {
  for (const [i, c] of contenders.entries()) await timeOnce(c.command(outDir(i)), c.cwd, env);
  for (const state of states) {
    // Warm means what each one's own last build left: the cold runs removed folders ours share.
    if (state === 'warm' && states.includes('cold')) for (const [i, c] of contenders.entries()) await timeOnce(c.command(outDir(i)), c.cwd, env);
    console.log(`${state}: ${load()}`);
    const results: Run[][] = contenders.map(() => []);
    for (let r = 0; r < runs; r++) {
      const line: string[] = [];
      for (const [i, c] of contenders.entries()) {
        if (state === 'cold') await forget(c, outDir(i));
        const run = await timeOnce(c.command(outDir(i)), c.cwd, env);
        results[i]!.push(run);
        line.push(`${c.name} ${(run.ms / 1000).toFixed(2)} s${Number.isNaN(run.peakMb) ? '' : ` ${run.peakMb} MB`}`);
      }
      console.log(`${state} run ${r + 1}: ${line.join(', ')}`);
    }
    // The machine may be shared: the load says how much to trust absolute figures (ratios hold better).
    console.log(`${state}: ${load()}`);
    const medians = contenders.map((_, i) => median(results[i]!.map((r) => r.ms)));
    for (const [i, c] of contenders.entries()) {
      const ms = medians[i]!;
      const peak = Math.max(...results[i]!.map((r) => r.peakMb));
      const count = pages?.[i];
      const rate = count ? `, ${Math.round(count / (ms / 1000))} pages/s` : '';
      console.log(`bench: ${c.name}${count ? ` ${count} pages` : ''}, ${state}, median ${(ms / 1000).toFixed(2)} s, peak ${Number.isNaN(peak) ? 'n/a' : `${peak} MB`}${rate}`);
    }
    // Each of ours against each peer: below 1.0 means ours is faster.
    const peers = contenders.map((c, i) => ({ c, i })).filter(({ c }) => !c.name.startsWith('ours'));
    for (const { c: mine, i } of contenders.map((c, i) => ({ c, i })).filter(({ c }) => c.name.startsWith('ours'))) {
      for (const { c: peer, i: j } of peers) console.log(`ratio: ${mine.name}/${peer.name} ${state} ${(medians[i]! / medians[j]!).toFixed(2)}`);
    }
  }
}
