// Starts a worker thread on one of our modules, as Node runs it in this thread: the engine's
// TypeScript sources (types stripped by Node) in a checkout, its compiled JavaScript when installed.
// A worker that loads the site registers the site's module hooks itself (loadSite).
import { Worker, type ResourceLimits } from 'node:worker_threads';

export interface SpawnOptions {
  /** The worker's heap limits (Node's resourceLimits). */
  limits?: ResourceLimits;
}

export function spawnWorker(moduleUrl: URL, workerData?: unknown, { limits }: SpawnOptions = {}): Worker {
  return new Worker(moduleUrl, { workerData, resourceLimits: limits });
}
