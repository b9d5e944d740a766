// How a path is shown in messages: relative to the current folder when it lies below it
// ("content/en/ui.yaml"), whole otherwise ("/tmp/site/dist", never "../../tmp/site/dist").
import { isAbsolute, relative, sep } from 'node:path';

export function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? path : rel;
}
