// A hook that throws (or rejects) fails the build naming it (and the page), not with an engine stack trace, and never by leaving pages out.

/** A hook of the site definition threw: a bug in the site, reported with its name and place. */
export class HookError extends Error {
  readonly hook: string;
  readonly where: string | undefined;
  override readonly cause: unknown;
  constructor(hook: string, where: string | undefined, cause: unknown) {
    super(`${where ? `${where}: ` : ''}${hook.startsWith('plugin ') ? '' : "the site definition's "}${hook} threw: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'HookError';
    this.hook = hook;
    this.where = where;
    this.cause = cause;
  }
}

/** Calls a hook of the site; its error, thrown or (for an async hook) rejected, becomes a HookError naming it. */
export function callHook<T>(hook: string, where: string | undefined, call: () => T): T {
  // Already told (a hook inside a hook), or problems of the site's input a plugin found: passed on as they are.
  const told = (error: unknown) => (error instanceof HookError || (error instanceof Error && error.name === 'BuildFailure') ? error : new HookError(hook, where, error));
  try {
    const result = call();
    // Any thenable (a promise of another realm, a library's): its rejection is told as a throw is.
    const thenable = typeof (result as { then?: unknown } | null | undefined)?.then === 'function';
    return thenable ? (Promise.resolve(result).catch((error: unknown) => Promise.reject(told(error))) as T) : result;
  } catch (error) {
    throw told(error);
  }
}
