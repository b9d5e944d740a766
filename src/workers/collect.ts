// A full collection after a large load: V8 sizes its heap by what was live at its last full collection and would carry the
// load's garbage through the render. --expose-gc is set only while its function is made: V8 refuses a code cache made under
// other flags (Node's compile cache keeps one of every module).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** Nothing where V8 offers no way. */
export function collectGarbage(): void {
  if (!collect) {
    // Started with --expose-gc (a host that calls build() may be): flags left as they are.
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
