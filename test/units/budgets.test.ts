// The page-weight budgets on their own: each budget (page HTML, CSS, island JS) is enforced, the JS
// one only when some page ships JS, each breach a sentence naming what is too heavy.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measure, overBudget } from '../../src/checks/budgets.ts';
import type { Route } from '../../src/routes/routes.ts';

const route = (url: string) => ({ url }) as Route;
const budgets = { jsBrotli: 1000, cssBrotli: 1000, htmlBrotli: 1000 };

describe('page-weight budgets', () => {
  it('are met by light pages', () => {
    const report = { pages: [{ route: route('/'), bytes: 2000, brotli: 900 }], css: { bytes: 2000, brotli: 900 }, js: { bytes: 2000, brotli: 900 } };
    expect(overBudget(report, budgets, 1)).toEqual([]);
  });

  it('name a page, the stylesheet and the script over their budgets', () => {
    const report = { pages: [{ route: route('/heavy'), bytes: 9000, brotli: 2048 }, { route: route('/light'), bytes: 100, brotli: 1000 }], css: { bytes: 9000, brotli: 1536 }, js: { bytes: 9000, brotli: 1100 } };
    expect(overBudget(report, budgets, 3)).toEqual([
      'JavaScript is 1.1 KB brotli, budget 1.0 KB',
      'CSS is 1.5 KB brotli, budget 1.0 KB',
      'page /heavy is 2.0 KB brotli, budget 1.0 KB',
    ]);
  });

  it('say bytes where kilobytes would show the weight and the budget alike, and a page\'s address as it reads', () => {
    const report = { pages: [{ route: route('/ja/%E3%83%91%E3%83%B3'), bytes: 9000, brotli: 717 }], css: { bytes: 900, brotli: 700 }, js: { bytes: 900, brotli: 700 } };
    expect(overBudget(report, { jsBrotli: 700, cssBrotli: 700, htmlBrotli: 700 }, 1)).toEqual(['page /ja/パン is 717 bytes brotli, budget 700 bytes']);
  });

  it('are met by what weighs exactly the budget', () => {
    const report = { pages: [{ route: route('/'), bytes: 2000, brotli: 1000 }], css: { bytes: 2000, brotli: 1000 }, js: { bytes: 2000, brotli: 1000 } };
    expect(overBudget(report, budgets, 1)).toEqual([]);
  });

  it('leave JavaScript alone when no page ships any', () => {
    const report = { pages: [], css: { bytes: 0, brotli: 0 }, js: { bytes: 9000, brotli: 5000 } };
    expect(overBudget(report, budgets, 0)).toEqual([]);
  });

  it('measure CSS and JS compressed', () => {
    const text = new TextEncoder().encode('a'.repeat(10_000));
    const report = measure([], { contents: text }, { contents: text });
    expect(report.css.bytes).toBe(10_000);
    expect(report.css.brotli).toBeLessThan(200);
    expect(report.css.brotli).toBeGreaterThan(0);
    expect(report.js).toEqual(report.css);
  });

  it('weigh CSS and JS as their served .br twins, compressed at the highest quality', () => {
    const css = new TextEncoder().encode(readFileSync(new URL('../../src/admin/fields.ts', import.meta.url), 'utf8'));
    const report = measure([], { contents: css }, { contents: css });
    const best = brotliCompressSync(css, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(report.css.brotli).toBe(best);
    expect(report.js.brotli).toBe(best);
  });

  it('take a weight the build already knows (its .br twin\'s) instead of compressing again', () => {
    const text = new TextEncoder().encode('body { color: red }');
    expect(measure([], { contents: text, brotli: 1234 }, { contents: text, brotli: 99 })).toEqual({ pages: [], css: { bytes: text.length, brotli: 1234 }, js: { bytes: text.length, brotli: 99 } });
  });
});
