// One full garbage collection, where a large build knows it has just made a lot of garbage: the end of
// its load. At 40,000 pages the main thread's heap then held ~410 MB of which ~155 MB was live (the
// parses, the validation's copies); V8 sizes its heap by what was live at its last full collection
// and carried the rest through the render, so the build's peak was ~100 MB higher (SITE_TIMINGS,
// 903 against 765-823 MB in alternating runs). Node offers no call for it but the function V8 gives
// with --expose-gc: the flag is set only while that function is made, then unset again, since V8 refuses a
// code cache made under other flags (Node's compile cache keeps one of every module).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** Collects the garbage of this thread now (~0.2 s at 40,000 pages); nothing where V8 offers no way. */
export function collectGarbage(): void {
  if (!collect) {
    // Started with --expose-gc (a host that calls build() may be): its flags are left as they are.
    const given = (globalThis as { gc?: () => void }).gc;
    if (typeof given === 'function') collect = given;
    else {
      try {
        setFlagsFromString('--expose-gc');
        collect = runInNewContext('gc') as () => void;
      } catch {
        collect = () => undefined;
      } finally {
        setFlagsFromString('--no-expose-gc');
      }
    }
  }
  collect();
}
