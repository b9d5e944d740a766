// The page-weight budgets: what each page, the stylesheet and the island script weigh (gzip), and
// every budget a build exceeds, each a sentence naming what is too heavy and by how much.
import { gzipSync } from 'node:zlib';
import type { Route } from '../routes/routes.ts';
import type { Budgets } from '../site/definition.ts';

export interface PageWeight {
  route: Route;
  bytes: number;
  /** Measured when the site has budgets (see render-pages.ts): its only use. */
  gzip?: number;
}

export interface SizeReport {
  pages: PageWeight[];
  css: { bytes: number; gzip: number };
  js: { bytes: number; gzip: number };
}

const gzipSize = (data: string | Uint8Array) => gzipSync(data, { level: 9 }).length;

export function measure(pages: PageWeight[], css: Uint8Array, js: Uint8Array): SizeReport {
  return {
    pages,
    css: { bytes: css.length, gzip: gzipSize(css) },
    js: { bytes: js.length, gzip: gzipSize(js) },
  };
}

/** Budget breaches, each a sentence naming what is too heavy and by how much. */
export function overBudget(report: SizeReport, budgets: Budgets, pagesWithJs: number): string[] {
  const over: string[] = [];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  if (pagesWithJs && report.js.gzip > budgets.jsGzip) over.push(`JavaScript is ${kb(report.js.gzip)} gzip, budget ${kb(budgets.jsGzip)}`);
  if (report.css.gzip > budgets.cssGzip) over.push(`CSS is ${kb(report.css.gzip)} gzip, budget ${kb(budgets.cssGzip)}`);
  for (const page of report.pages) {
    if (page.gzip !== undefined && page.gzip > budgets.htmlGzip) over.push(`page ${page.route.url} is ${kb(page.gzip)} gzip, budget ${kb(budgets.htmlGzip)}`);
  }
  return over;
}

