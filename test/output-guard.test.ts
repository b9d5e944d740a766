// The pieces of safe output that need no build: machine failures told as sentences, and how an
// output folder is judged.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMountPoint } from '../src/output/guard.ts';
import { systemError } from '../src/problems/system-error.ts';
import { FIXTURE, ROOT } from './helpers/fixtures.ts';

describe('failures of the machine', () => {
  const error = (code: string, syscall: string, path?: string) => Object.assign(new Error(code), { code, syscall, path });
  it('are one sentence naming the path and the reason', () => {
    expect(systemError(error('EACCES', 'open', join(process.cwd(), 'dist/index.html')))?.message).toBe('could not open dist/index.html: permission denied (EACCES).');
    expect(systemError(error('EACCES', 'scandir', join(process.cwd(), 'static/private')))?.message).toBe('could not read static/private: permission denied (EACCES).');
    expect(systemError(error('ENOSPC', 'write'), 'the new output for dist')?.message).toBe('could not write the new output for dist: the disk is full (ENOSPC).');
    expect(systemError(error('ENAMETOOLONG', 'mkdir', join(process.cwd(), 'x')))?.message).toBe('could not write x: the path is too long for this system (ENAMETOOLONG).');
  });

  it('leave every other error as it is (a bug keeps its stack)', () => {
    expect(systemError(new TypeError('x is undefined'))).toBeUndefined();
    expect(systemError(error('ENOENT', 'open', '/nowhere'))).toBeUndefined();
  });
});

describe('an output folder', () => {
  it('is a mount point when a file system is mounted there', () => {
    expect(isMountPoint('/proc')).toBe(true);
    expect(isMountPoint(join(ROOT, 'src'))).toBe(false);
  });
});
