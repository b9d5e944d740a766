// Failures of the machine, not the site (a full disk, a missing permission): one sentence naming path and reason, exit code 2.
import { shown } from './shown.ts';
import { UsageError } from './usage-error.ts';

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  ENAMETOOLONG: 'the path is too long for this system',
  ELOOP: 'it goes through too many symbolic links',
  EMFILE: 'too many files are open in this process',
  ENFILE: 'too many files are open on this machine',
  EIO: 'the disk reported an input/output error',
  EXDEV: 'it would move files across file systems',
};

const READS = new Set(['read', 'scandir', 'readdir', 'stat', 'lstat', 'access', 'realpath']);

/** Undefined for other errors. `what` names what was being written when the error names no file (a write to an open file). */
export function systemError(error: unknown, what?: string): UsageError | undefined {
  const { code, syscall, path, dest } = (error ?? {}) as NodeJS.ErrnoException & { dest?: string };
  if (!code || !(code in REASONS) || error instanceof UsageError) return undefined;
  const where = path ? ` ${shown(path)}` : what ? ` ${what}` : '';
  const verb = syscall === 'open' ? 'open' : syscall && READS.has(syscall) ? 'read' : 'write';
  const to = dest ? ` (to ${shown(dest)})` : '';
  return new UsageError(`could not ${verb}${where}${to}: ${REASONS[code]} (${code}).`);
}
