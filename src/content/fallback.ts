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
      // Its page here is at its name (routes.ts): the original's localized slug is the original's address alone.
      const copy = (id: string, entry: object) => ({ ...entry, ...('slug' in entry ? { slug: id } : {}), fallback: site.defaultLocale });
      if (missing.length) text[name] = { ...own, ...Object.fromEntries(missing.map(([id, entry]) => [id, copy(id, entry as object)])) };
    }
    locales[locale] = text;
  }
  return { ...content, locales };
}
