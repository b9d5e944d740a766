// Waiting for work that writes: like Promise.all, but every task ends before the first failure is
// told, so nothing is still writing into a folder the caller then removes or publishes.

/** Every task's value, in order; the first failure (by position) once all have ended. */
export async function settled<T extends readonly unknown[]>(tasks: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
