// A `site dev` started by a test: its address once it says it listens, its output so far, polling of
// a page until it shows what a test waits for, and a stop that waits for the process to end.
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from './http.ts';

export interface DevServer {
  child: ChildProcess;
  base: string;
  output(): string;
  /** The body of `path` once `check` accepts it; fails with dev's output after `ms`. */
  waitFor(path: string, check: (body: string) => boolean, ms?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startDev(bin: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<DevServer> {
  const child = spawn(bin, ['dev', ...args], { cwd: options.cwd, env: options.env ?? process.env });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`dev did not start:\n${output}`)), 30_000);
      child.stdout!.on('data', () => {
        const match = /Dev server at (http:\/\/[^/\s]+)\//.exec(output);
        if (match) resolve(match[1]!), clearTimeout(timer);
      });
    });
    const waitFor = async (path: string, check: (body: string) => boolean, ms = 30_000) => {
      for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        const { body } = await get(base, path);
        if (check(body)) return body;
      }
      throw new Error(`timed out:\n${output}`);
    };
    return { child, base, output: () => output, waitFor, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
