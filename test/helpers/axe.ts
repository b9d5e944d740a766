// axe-core, the newest release (a devDependency of its own, not the older copy inside
// @axe-core/playwright, whose newest release needs Node 22), injected into a page and run there.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

// Evaluated through the DevTools protocol: a <script> tag would be (rightly) refused by the site's CSP.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0/2.1 A and AA, and 2.2 AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Rules axe still marks experimental or best practice that WCAG nonetheless asks for (2.5.3 Label in Name), and every
 * part of a page in a landmark (region): a screen reader that lists landmarks must find the call button and the help.
 */
export const EXTRA_RULES = ['label-content-name-mismatch', 'region'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Has every page the context opens from now on start with axe loaded (as an init script: sent to the
 * browser once, not 550 KB through the protocol and evaluated again on every page, ~0.1–0.3 s each).
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript(AXE);
}

/** axe's violations as readable lines: rule, impact, help, and the offending elements. */
export async function violations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(
    async ({ include, tags, extra }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
      // The only frames are third parties' (the booking form, a map; tests answer them with an empty page): axe
      // cannot audit inside them, and asking them cost half a second of waiting for an answer per run.
      // The <iframe> element itself (its title) is still audited. Only violations are wanted: axe then
      // keeps one node of each passing rule instead of all (~60 ms a run).
      const options = { runOnly: { type: 'tag', values: tags }, rules: Object.fromEntries(extra.map((id) => [id, { enabled: true }])), iframes: false, resultTypes: ['violations'] };
      const { violations: found } = await axe.run(include ? { include: [include] } : document, options);
      return found.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
    },
    { include, tags: WCAG_TAGS, extra: EXTRA_RULES },
  );
  return found.map((v) => `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n      ')}`);
}

/** The version injected, for messages. */
export async function axeVersion(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { axe: { version: string } }).axe.version);
}
