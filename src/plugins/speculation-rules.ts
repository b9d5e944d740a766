// Speculation Rules: Chromium prefetches this site's pages on a sign of intent (hover, start of a tap). A file named by a
// header, not an inline script, keeps script-src 'self'. Never /assets/*, downloads or links opening a new tab.
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
