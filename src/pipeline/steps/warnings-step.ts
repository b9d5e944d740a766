// The warnings step: plugins' warnings, locales without ICU data, static/ files left out. Errors with --strict.
import type { BuildRun } from '../run.ts';
import { callPlugin } from '../../plugins/run.ts';
import { BuildFailure, inFile } from '../../problems/problem.ts';
import { shown } from '../../problems/shown.ts';
import type { Warning } from '../../site/definition.ts';
import type { EngineContent } from '../../site/page-data.ts';
import { localesWithoutIcu } from '../../checks/locales.ts';

export function warningsStep(run: BuildRun, content: EngineContent): Warning[] {
  const byPlugin = run.plugins.map((plugin) => ({ name: plugin.name, warnings: plugin.warnings ? callPlugin(plugin, 'warnings', undefined, () => plugin.warnings!(content, run.context)) : [] }));
  const fromPlugins = byPlugin.flatMap((p) => p.warnings);
  const icu = localesWithoutIcu(run.site.locales, shown(run.siteFile));
  const { warnings: leftOut } = run.statics;
  if (run.options.strict && (fromPlugins.length || leftOut.length || icu.length)) {
    throw new BuildFailure([
      // The placeholders plugin's are placeholders; another plugin's are its own warnings, named as its.
      ...byPlugin.flatMap(({ name, warnings }) => warnings.map((w) => (name === 'placeholders' ? inFile('placeholder/strict', w.file, 'holds a placeholder (--strict)', [{ path: '', message: w.message }]) : inFile('plugin/strict', w.file, `has a warning of plugin "${name}" (--strict)`, [{ path: '', message: w.message }])))),
      ...leftOut.map((w) => inFile('static/hidden', w.file, 'is left out of the output (--strict)', [{ path: '', message: w.message }])),
      ...icu.map((w) => inFile('locale/no-icu', w.file, 'names a locale this Node cannot format (--strict)', [{ path: '', message: w.message }])),
    ]);
  }
  return [...fromPlugins, ...leftOut, ...icu];
}

/** Errors with --strict, as the others are. */
export function strictly(run: BuildRun, warnings: Warning[]): Warning[] {
  if (run.options.strict && warnings.length) throw new BuildFailure(warnings.map((w) => inFile('placeholder/strict', w.file, 'would be blocked (--strict)', [{ path: '', message: w.message }])));
  return warnings;
}
