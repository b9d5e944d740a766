// The page-weight budgets on their own: each budget (page HTML, CSS, island JS) is enforced, the JS
// one only when some page ships JS, each breach a sentence naming what is too heavy.
import { describe, expect, it } from 'vitest';
import { measure, overBudget } from '../../src/checks/budgets.ts';
import type { Route } from '../../src/routes/routes.ts';

const route = (url: string) => ({ url }) as Route;
const budgets = { jsGzip: 1000, cssGzip: 1000, htmlGzip: 1000 };

describe('page-weight budgets', () => {
  it('are met by light pages', () => {
    const report = { pages: [{ route: route('/'), bytes: 2000, gzip: 900 }], css: { bytes: 2000, gzip: 900 }, js: { bytes: 2000, gzip: 900 } };
    expect(overBudget(report, budgets, 1)).toEqual([]);
  });

  it('name a page, the stylesheet and the script over their budgets', () => {
    const report = { pages: [{ route: route('/heavy'), bytes: 9000, gzip: 2048 }, { route: route('/light'), bytes: 100, gzip: 1000 }], css: { bytes: 9000, gzip: 1536 }, js: { bytes: 9000, gzip: 1100 } };
    expect(overBudget(report, budgets, 3)).toEqual([
      'JavaScript is 1.1 KB gzip, budget 1.0 KB',
      'CSS is 1.5 KB gzip, budget 1.0 KB',
      'page /heavy is 2.0 KB gzip, budget 1.0 KB',
    ]);
  });

  it('leave JavaScript alone when no page ships any', () => {
    const report = { pages: [], css: { bytes: 0, gzip: 0 }, js: { bytes: 9000, gzip: 5000 } };
    expect(overBudget(report, budgets, 0)).toEqual([]);
  });

  it('measure CSS and JS compressed', () => {
    const text = new TextEncoder().encode('a'.repeat(10_000));
    const report = measure([], text, text);
    expect(report.css.bytes).toBe(10_000);
    expect(report.css.gzip).toBeLessThan(200);
    expect(report.js).toEqual(report.css);
  });
});
