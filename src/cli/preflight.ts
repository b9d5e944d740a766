// Checks before any work starts: a command-line mistake gets one plain sentence, not a stack trace after a build.
import { createServer } from 'node:net';
import { UsageError } from '../problems/usage-error.ts';

export { UsageError };

export function requireFreePort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(listenProblem(error, host, port)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** A listen failure as a sentence; other errors are returned as they are (bugs keep their stack). */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE') return new UsageError(`port ${port} is in use on ${host}; stop the other server or pass --port ${port + 1}.`);
  if (error.code === 'EACCES') return new UsageError(`port ${port} needs more privileges on this machine; pass --port ${port < 1024 ? 8080 : port + 1}.`);
  if (error.code === 'ENOTFOUND' || error.code === 'EADDRNOTAVAIL' || error.code === 'EAI_AGAIN') {
    return new UsageError(`--host ${host} is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).`);
  }
  return error;
}
