// How a failed build is told: content mistakes as a list without a stack; bugs with their stack.
import { InputErrors } from '../content/errors.ts';
import { RenderError } from '../render/render-page.tsx';

export function describeFailure(error: unknown): string {
  if (error instanceof InputErrors) return error.message;
  if (error instanceof RenderError) {
    const cause = error.cause instanceof Error ? error.cause.stack : String(error.cause);
    return `${error.message}\n\n${cause}`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function reportFailure(error: unknown, outDir: string): void {
  console.error(`Build failed; ${outDir}/ was left as it was.\n\n${describeFailure(error)}`);
}
