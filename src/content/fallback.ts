// `fallback: true`: a locale without an entry takes the default locale's, marked `fallback: '<default locale>'` (routes.ts).
// Made after the dates: an entry the default locale does not publish is nobody's fallback.
import type { SiteDefinition } from '../site/definition.ts';
import type { EngineContent } from '../site/page-data.ts';

export function withFallbacks(site: SiteDefinition, content: EngineContent): EngineContent {
  const collections = Object.entries(site.content.collections).filter(([, c]) => c.fallback);
  if (!collections.length) return content;
  const origin = content.locales[site.defaultLocale] ?? {};
  const locales = { ...content.locales };
  for (const locale of Object.keys(site.locales)) {
    if (locale === site.defaultLocale) continue;
    const text = { ...locales[locale] };
    for (const [name] of collections) {
      const own = (text[name] ?? {}) as Record<string, unknown>;
      const missing = Object.entries((origin[name] ?? {}) as Record<string, unknown>).filter(([id, entry]) => !Object.hasOwn(own, id) && entry && typeof entry === 'object');
      if (missing.length) text[name] = { ...own, ...Object.fromEntries(missing.map(([id, entry]) => [id, { ...(entry as object), fallback: site.defaultLocale }])) };
    }
    locales[locale] = text;
  }
  return { ...content, locales };
}
