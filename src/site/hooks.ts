// A hook that throws fails the build naming it (and the page), not with an engine stack trace, and never by leaving pages out.

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

/** Calls a hook of the site; its error becomes a HookError naming it. */
export function callHook<T>(hook: string, where: string | undefined, call: () => T): T {
  try {
    return call();
  } catch (error) {
    // Already told (a hook inside a hook), or problems of the site's input a plugin found: passed on as they are.
    if (error instanceof HookError || (error instanceof Error && error.name === 'BuildFailure')) throw error;
    throw new HookError(hook, where, error);
  }
}
