// Input mistakes are told as a list without a stack; bugs in templates and hooks with the page, template or hook
// and where in the site's own files it happened (the whole stack with --debug).
import { RenderError } from '../render/render-page.ts';
import { inertLines } from '../problems/inert.ts';
import { BuildFailure } from '../problems/problem.ts';
import { describeCause, mappedStack } from '../loader/stack.ts';
import { formatProblems } from '../report/problems.ts';
import { HookError } from '../site/hooks.ts';

export function describeFailure(error: unknown): string {
  if (error instanceof BuildFailure) return formatProblems(error.problems);
  // It may quote content: control characters are shown, not sent to the terminal.
  if (error instanceof RenderError || error instanceof HookError) return inertLines(`${error.message}\n${describeCause(error.cause)}`);
  return inertLines(error instanceof Error ? (error.stack ? mappedStack(error.stack) : error.message) : String(error));
}
