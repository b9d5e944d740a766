// A mistake in the command or the environment (a flag, a port, a full disk): one sentence, no stack, exit code 2.
// Problems in the site itself are BuildFailures, exit code 1.
export class UsageError extends Error {
  override name = 'UsageError';
}
