// Starts a worker thread that runs a TypeScript module. Node 20 does not apply the --import loader
// hooks to a worker's entry module, so the worker registers tsx itself before importing it.
import { Worker } from 'node:worker_threads';

export function spawnTsWorker(moduleUrl: URL, workerData?: unknown): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(code, { eval: true, execArgv: [], workerData, env: process.env });
}
