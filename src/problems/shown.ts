// Paths in messages: relative when below the current folder ("content/en/ui.yaml"), whole otherwise (never "../../tmp/site/dist").
import { isAbsolute, relative, sep } from 'node:path';

export function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? path : rel;
}
