// Page-weight budgets in brotli bytes: what browsers are sent (the .br twins, or a host compressing on the fly).
import { createHash } from 'node:crypto';
import { brotli } from '../output/write-files.ts';
import type { Route } from '../routes/routes.ts';
import { decodedPath } from '../routes/urls.ts';
import type { Budgets } from '../site/definition.ts';

export interface PageWeight {
  route: Route;
  bytes: number;
  /** Brotli bytes, measured when the site has budgets (see render-pages.ts): its only use. */
  brotli?: number;
}

export interface SizeReport {
  pages: PageWeight[];
  css: { bytes: number; brotli: number };
  js: { bytes: number; brotli: number };
}

/** A stylesheet or script, with its brotli weight when the build already knows it (its .br twin's). */
export interface Asset {
  contents: Uint8Array;
  brotli?: number;
}

export function measure(pages: PageWeight[], css: Asset, js: Asset): SizeReport {
  return {
    pages,
    css: { bytes: css.contents.length, brotli: css.brotli ?? weight(css.contents, 'style.css') },
    js: { bytes: js.contents.length, brotli: js.brotli ?? weight(js.contents, 'script.js') },
  };
}

/** Weights measured in this process, by content: dev weighs the unchanged CSS and JS of every rebuild once. */
const weights = new Map<string, number>();
function weight(contents: Uint8Array, name: string): number {
  const key = createHash('sha1').update(name).update(contents).digest('hex');
  let known = weights.get(key);
  if (known === undefined) {
    if (weights.size >= 16) weights.clear();
    known = brotli(contents, name).length;
    weights.set(key, known);
  }
  return known;
}

/** Budget breaches, each a sentence naming what is too heavy and by how much. */
export function overBudget(report: SizeReport, budgets: Budgets, pagesWithJs: number): string[] {
  const over: string[] = [];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  // In bytes when kilobytes to one decimal would show the weight and its budget alike ("0.7 KB, budget 0.7 KB").
  const weighs = (n: number, budget: number) => (kb(n) === kb(budget) ? `${n} bytes brotli, budget ${budget} bytes` : `${kb(n)} brotli, budget ${kb(budget)}`);
  if (pagesWithJs && report.js.brotli > budgets.jsBrotli) over.push(`JavaScript is ${weighs(report.js.brotli, budgets.jsBrotli)}`);
  if (report.css.brotli > budgets.cssBrotli) over.push(`CSS is ${weighs(report.css.brotli, budgets.cssBrotli)}`);
  for (const page of report.pages) {
    // The address as it reads (/ja/パン), not as it is sent (/ja/%E3%83%91%E3%83%B3).
    if (page.brotli !== undefined && page.brotli > budgets.htmlBrotli) over.push(`page ${decodedPath(page.route.url)} is ${weighs(page.brotli, budgets.htmlBrotli)}`);
  }
  return over;
}

