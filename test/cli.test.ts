// Every mistake on the command line gets one or two plain sentences (what is wrong, what to do), a
// non-zero exit and no stack trace; ports and folders are checked before any build starts.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from './helpers/fixtures.ts';

/** A stack trace, or Node's banner after an uncaught error. */
const STACK = /\n\s+at |node:internal|Node\.js v\d+/;

let occupied: Server;
let busyPort: number;
beforeAll(async () => {
  occupied = createServer();
  await new Promise<void>((done) => occupied.listen(0, '127.0.0.1', () => done()));
  busyPort = (occupied.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => occupied.close(() => done())));

async function refused(args: string[], message: string | RegExp): Promise<string> {
  const { code, stdout, stderr } = await runCli(args);
  expect(code, `${args.join(' ')}\n${stderr}`).not.toBe(0);
  expect(stderr).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
  expect(stderr, stderr).not.toMatch(STACK);
  expect(stdout).not.toContain('Built');
  return stderr;
}

describe('the command line', () => {
  it('refuses a port that is not a number from 0 to 65535', async () => {
    for (const value of ['abc', '99999', '-1']) await refused(['serve', '--port', value], `--port expects a number from 0 to 65535 (0 picks a free one), got "${value}".`);
    await refused(['dev', '--port', 'abc'], '--port expects a number from 0 to 65535');
  });

  it('says a port is in use, and which to try, before dev builds anything', async () => {
    await refused(['serve', '--dir', inject('distDir'), '--port', String(busyPort)], `port ${busyPort} is in use on 127.0.0.1; stop the other server or pass --port ${busyPort + 1}.`);
    const stderr = await refused(['dev', '--port', String(busyPort), '--out', 'test/scratch/never-built'], `port ${busyPort} is in use`);
    expect(stderr).not.toContain('build');
  });

  it('says a host is not an address of this machine', async () => {
    await refused(['serve', '--dir', inject('distDir'), '--host', '999.1.1.1'], '--host 999.1.1.1 is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).');
  });

  it('refuses a base URL that is not an absolute http(s) URL', async () => {
    await refused(['build', '--base-url', 'notaurl', '--out', 'test/scratch/never-built'], '--base-url expects an absolute http(s) URL like https://www.example.org, got "notaurl".');
  });

  it('names a content or static folder that does not exist', async () => {
    await refused(['build', '--content', 'nowhere', '--out', 'test/scratch/never-built'], '--content nowhere: there is no such folder.');
    await refused(['build', '--static', 'nowhere', '--out', 'test/scratch/never-built'], '--static nowhere: there is no such folder.');
  });

  it('says there is nothing to serve before a build', async () => {
    await refused(['serve', '--dir', 'test/scratch/no-such-dist'], 'nothing to serve: test/scratch/no-such-dist/index.html does not exist. Run "npm run build" first');
  });

  it('prints its version', async () => {
    const { code, stdout } = await runCli(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
