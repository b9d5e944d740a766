// A mistake in how the engine was called or in the environment it runs in (a flag, a path, a port, a
// permission, a full disk): told in one sentence, without a stack, with exit code 2. Problems in the
// site itself (content, templates, links, budgets) are BuildFailures, exit code 1.
export class UsageError extends Error {
  override name = 'UsageError';
}
