// The bundle step: the stylesheet and island script every page links to, and the 404 pages' CSP.
import type { BuildRun } from '../run.ts';
import { callPlugin } from '../../plugins/run.ts';
import type { Assets } from '../../render/document.ts';
import { metaCsp } from '../../security/headers.ts';
import { HOST_TRAITS } from '../../site/hosts.ts';
import { headersPolicyOf } from '../../plugins/defaults.ts';
import type { EngineContent } from '../../site/page-data.ts';
import type { Bundle } from '../../site/plugin.ts';

const EMPTY: Bundle = { css: { url: '', contents: new Uint8Array() }, js: { url: '', contents: new Uint8Array() } };

export async function bundleStep(run: BuildRun, content: EngineContent): Promise<{ bundle: Bundle; assets: Assets }> {
  const giver = run.plugins.find((p) => p.assets);
  const bundle = giver ? await callPlugin(giver, 'assets', undefined, () => giver.assets!(run.context)) : EMPTY;
  const policy = headersPolicyOf(run.site, content);
  const assets: Assets = { css: bundle.css.url, js: bundle.js.url || undefined, extraScripts: run.options.extraScripts, notFoundCsp: policy && metaCsp(policy, { dev: !!run.options.track }), cspInEveryPage: !!policy && !HOST_TRAITS[run.host].readsHeaders };
  return { bundle, assets };
}
