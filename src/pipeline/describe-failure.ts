// How a failed build is told: input mistakes as a list without a stack; bugs in templates with
// their stack, after the page and template they happened in.
import { RenderError } from '../render/render-page.tsx';
import { BuildFailure } from '../problems/problem.ts';
import { HookError } from '../site/hooks.ts';

export function describeFailure(error: unknown): string {
  if (error instanceof BuildFailure) return error.message;
  if (error instanceof RenderError || error instanceof HookError) {
    const cause = error.cause instanceof Error ? error.cause.stack : String(error.cause);
    return `${error.message}\n\n${cause}`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
