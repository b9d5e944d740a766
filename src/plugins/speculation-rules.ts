// Speculation Rules: Chromium browsers prefetch a page of this site when the visitor shows intent
// (hovers or starts to tap its link), so the next page is usually there at the click. The rules are
// a file named by a response header rather than an inline script, so the CSP keeps script-src 'self'.
// Only this origin's pages match: never /assets/*, downloads, or links opening a new tab.
import type { HeaderRule } from '../security/headers-file.ts';
import type { Eagerness } from '../site/definition.ts';

export const SPECULATION_RULES_FILE = 'speculation-rules.json';
/** Browsers ignore the file unless it has this content type. */
const CONTENT_TYPE = 'application/speculationrules+json';


export function speculationRules(eagerness: Eagerness): string {
  const where = { and: [{ href_matches: '/*' }, { not: { href_matches: '/assets/*' } }, { not: { selector_matches: '[download], [target=_blank], [rel~=external]' } }] };
  return `${JSON.stringify({ prefetch: [{ source: 'document', where, eagerness }] }, null, 2)}\n`;
}

/** The header that points browsers at the rules, and the rules file's content type. */
export function speculationHeaderRules(): HeaderRule[] {
  return [
    { path: '/*', headers: { 'Speculation-Rules': `"/${SPECULATION_RULES_FILE}"` } },
    { path: `/${SPECULATION_RULES_FILE}`, headers: { 'Content-Type': CONTENT_TYPE } },
  ];
}
