// The summary printed after a build: pages per locale, weights against budgets, warnings, time.
import type { PageWeight, SizeReport } from '../checks/budgets.ts';
import type { Route } from '../routes/routes.ts';
import type { Published } from '../output/publish.ts';
import type { Budgets, Warning } from '../site/definition.ts';
import type { HeldBack } from '../content/lifecycle.ts';
import { inert } from '../problems/inert.ts';
import { plural } from './plural.ts';

/** Warnings listed one per line; past this, counted. */
const SHOWN_WARNINGS = 20;

function typeOf(route: Route): string {
  return route.page;
}

/** The human summary: pages per locale, weights against budgets per page type, warnings, time. */
export function formatReport(report: SizeReport, budgets: Budgets | undefined, warnings: Warning[], ms: number, outDir: string, { published, reportFile, held }: { published?: Published; reportFile?: string; held?: HeldBack } = {}): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines: string[] = [];
  const perLocale = new Map<string, number>();
  for (const p of report.pages) perLocale.set(p.route.locale, (perLocale.get(p.route.locale) ?? 0) + 1);
  lines.push(`Built ${plural(report.pages.length, 'page')} into ${outDir} (${[...perLocale].map(([l, n]) => `${l}: ${n}`).join(', ')}) in ${Math.round(ms)} ms`);
  if (published?.mode === 'in-place') {
    const removed = published.removed ? `; removed ${plural(published.removed, 'file')} the previous build wrote and this one does not` : '';
    lines.push(`  ${outDir} ${published.why}, so it was updated in place (its .git and host files such as CNAME kept${removed})`);
  }
  // Entries with no page as of this build's day: none is left out without a word.
  const heldBack = held ? [plural(held.scheduled, 'scheduled entry'), plural(held.expired, 'expired entry'), plural(held.draft, 'draft')].filter((_, i) => [held.scheduled, held.expired, held.draft][i]) : [];
  if (heldBack.length) lines.push(`  Not published as of this build's day: ${heldBack.join(', ')} (publishDate, expiryDate, draft in their front matter; build --now <day> builds as of another day)`);
  const htmlRaw = report.pages.reduce((s, p) => s + p.bytes, 0);
  // Pages are weighed in brotli bytes when the site has budgets to weigh them against, in raw bytes otherwise.
  const weighed = report.pages.every((p) => p.brotli !== undefined);
  const weight = (p: PageWeight) => (weighed ? p.brotli! : p.bytes);
  const unit = weighed ? 'brotli' : 'raw';
  const largest = report.pages.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  const htmlAll = weighed ? `${kb(htmlRaw)} raw, ${kb(report.pages.reduce((s, p) => s + p.brotli!, 0))} brotli` : `${kb(htmlRaw)} raw`;
  lines.push(`  HTML  ${htmlAll} in all; largest ${largest.route.url} ${kb(weight(largest))} ${unit}${budgets ? ` (budget ${kb(budgets.htmlBrotli)} a page)` : ''}`);
  lines.push(`  CSS   ${kb(report.css.bytes)} raw, ${kb(report.css.brotli)} brotli${budgets ? ` (budget ${kb(budgets.cssBrotli)})` : ''}`);
  lines.push(`  JS    ${kb(report.js.bytes)} raw, ${kb(report.js.brotli)} brotli${budgets ? ` (budget ${kb(budgets.jsBrotli)})` : ''}, on pages with islands only`);
  const byType = new Map<string, PageWeight[]>();
  for (const p of report.pages) {
    const type = typeOf(p.route);
    if (!byType.has(type)) byType.set(type, []);
    byType.get(type)!.push(p);
  }
  lines.push(`  Page weight by type (largest, ${unit}; HTML + CSS + JS${budgets ? ' against the budget' : ''}):`);
  for (const [type, pages] of byType) {
    const max = Math.max(...pages.map(weight));
    const total = max + (weighed ? report.css.brotli + report.js.brotli : report.css.bytes + report.js.bytes);
    const budget = budgets ? ` / ${kb(budgets.htmlBrotli + budgets.cssBrotli + budgets.jsBrotli)}` : '';
    lines.push(`    ${type.padEnd(18)} ${plural(pages.length, 'page').padStart(10)}  html ${kb(max).padStart(8)}  total ${kb(total).padStart(8)}${budget}`);
  }
  if (warnings.length) {
    lines.push(`  ${plural(warnings.length, 'warning')} (--strict makes them errors):`);
    for (const w of warnings.slice(0, SHOWN_WARNINGS)) lines.push(`    ${inert(w.file)}: ${inert(w.message)}`);
    const more = warnings.length - SHOWN_WARNINGS;
    if (more > 0) lines.push(`    … and ${plural(more, 'more warning')}: ${reportFile ? `all are in ${reportFile}` : 'see them all with --report problems.json'}`);
  } else lines.push('  No warnings.');
  return lines.join('\n');
}
