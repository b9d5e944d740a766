// Without ICU data for a locale's Intl tag, Node silently writes its dates, numbers and plurals as another locale does: a
// warning names the formats and the fallback (an error with --strict).
import type { Warning } from '../site/definition.ts';

const FORMATS: [string, (tags: string[]) => string[]][] = [
  ['dates and times', (tags) => Intl.DateTimeFormat.supportedLocalesOf(tags)],
  ['numbers', (tags) => Intl.NumberFormat.supportedLocalesOf(tags)],
  ['plurals', (tags) => Intl.PluralRules.supportedLocalesOf(tags)],
  ['lists', (tags) => Intl.ListFormat.supportedLocalesOf(tags)],
];

export function localesWithoutIcu(locales: Record<string, { intl: string }>, file: string): Warning[] {
  const warnings: Warning[] = [];
  for (const [code, { intl }] of Object.entries(locales)) {
    const missing = FORMATS.filter(([, supported]) => supported([intl]).length === 0).map(([name]) => name);
    if (!missing.length) continue;
    const fallback = new Intl.DateTimeFormat(intl).resolvedOptions().locale;
    warnings.push({ file, message: `locale "${code}" (Intl tag "${intl}"): this Node has no ICU data for it, so its ${missing.join(', ')} are written as ${fallback} writes them; pick a tag Node knows, or write those in content` });
  }
  return warnings;
}
