// The files step: files besides pages and static/'s, in plugin order (the headers plugin last: it reads every folder).
// A static/ file named like one the build writes is an error: the build would replace it.
import type { Bundle, FilesContext } from '../../site/plugin.ts';
import type { OutputFiles } from '../../output/write-files.ts';
import type { BuildRun } from '../run.ts';
import { BuildFailure, inFile, Problem } from '../../problems/problem.ts';
import { inert } from '../../problems/inert.ts';
import { isPlainRelative } from '../../routes/urls.ts';
import { shown } from '../../problems/shown.ts';
import type { Route } from '../../routes/routes.ts';
import type { EngineContent } from '../../site/page-data.ts';
import { join } from 'node:path';
import { callPlugin } from '../../plugins/run.ts';

export function filesStep(run: BuildRun, content: EngineContent, routes: Route[], bundle: Bundle): OutputFiles {
  const files: OutputFiles = new Map();
  if (bundle.js.url) files.set(bundle.js.url.slice(1), bundle.js.contents);
  if (bundle.css.url) files.set(bundle.css.url.slice(1), bundle.css.contents);
  const headerRules = run.plugins.flatMap((plugin) => (plugin.headers ? callPlugin(plugin, 'headers', undefined, () => plugin.headers!(content, run.context)) : []));
  const context: FilesContext = { ...run.context, content, routes, staticFiles: run.statics.files, files, headerRules, areas: [...run.areas.values()] };
  for (const plugin of run.plugins) {
    if (!plugin.files) continue;
    const made = callPlugin(plugin, 'files', undefined, () => plugin.files!(context)) ?? {};
    for (const [name, data] of Object.entries(made)) {
      // Written into the new output folder: a name with ".." (an address's "%2e%2e" decoded) would land outside it.
      if (!isPlainRelative(name)) throw new BuildFailure([new Problem('plugin/check', { part: `the ${plugin.name} plugin` }, 'makes a file outside the output folder', [{ path: inert(name), message: 'a file of the output is named by a path inside it, with no "." or ".." part; nothing was written' }])]);
      files.set(name, data);
    }
  }
  const clashes = run.statics.files.filter((file) => files.has(file));
  if (clashes.length) throw new BuildFailure(clashes.map((file) => inFile('static/generated-clash', shown(join(run.dirs.static, file)), 'has the name of a file the build writes', [{ path: '', message: `the build writes ${file} itself; remove this file, or turn the generated one off in the site definition (output)` }])));
  return files;
}
