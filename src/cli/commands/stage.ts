// `site stage <folder>`: the files a host should get from the last build (docs/deploy.md).
import { dirname, join, resolve } from 'node:path';
import { stage } from '../../deploy/stage.ts';
import { findSite } from '../../files/about.ts';
import { shown } from '../site-paths.ts';

export async function runStage(opts: { out?: string; host?: string; root?: string; listen?: string }, [folder]: string[]): Promise<void> {
  const site = findSite(process.cwd());
  const out = opts.out ? resolve(opts.out) : site ? join(dirname(site), 'dist') : resolve('dist');
  const staged = stage(out, folder!, { host: opts.host, root: opts.root, listen: opts.listen });
  console.log(`Staged ${staged.files} files of ${shown(out)}/ for ${staged.host} in ${shown(staged.site)}/${staged.config ? `, with ${shown(staged.config)} beside it` : ''}.`);
  if (staged.note) console.log(staged.note);
}
