// The last step: each plugin's buildDone hook; the output is listed only when a plugin asks for it.
import { walk } from '../../files/walk.ts';
import type { BuildRun } from '../run.ts';
import type { Route } from '../../routes/routes.ts';
import type { EngineContent } from '../../site/page-data.ts';
import { callPlugin } from '../../plugins/run.ts';

export async function doneStep(run: BuildRun, content: EngineContent, routes: Route[]): Promise<void> {
  const plugins = run.plugins.filter((p) => p.buildDone);
  if (!plugins.length) return;
  const { files } = await walk(run.dirs.out);
  const output = { ...run.context, content, routes, dir: run.dirs.out, files };
  for (const plugin of plugins) await callPlugin(plugin, 'buildDone', undefined, () => plugin.buildDone!(output));
}
