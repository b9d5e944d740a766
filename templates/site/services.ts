// The service lists (navigation, /services, the home tiles, related services) made from the service
// entries themselves, so that a service added in the editor (two files, one per language) is listed
// with nothing else to keep in step, and one removed leaves no list naming it. Each entry says its
// kind, its place, whether the home page shows it and which services it relates to; a relation to a
// service that does not exist names the file and line where it is written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildFailure, didYouMean, inFile, type Plugin, type Problem } from 'sitewright';
import type { SiteContent } from '../content-types.ts';
import type { ServicesIndex } from '../schema.ts';

/** What the home page has room for: nine tiles, then the aesthetics tile. */
export const HOME_TILES_MAX = 9;

type Entries = SiteContent['locales'][string]['services'];

/** The lists, from one locale's entries (the facts are the same in every locale: the build checks it). */
export function servicesIndexOf(entries: Entries): ServicesIndex {
  const all = Object.entries(entries).map(([slug, { front }]) => ({ slug, ...front }));
  const sorted = all.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  const listed = sorted.filter((s) => s.listed);
  const primary = listed.filter((s) => s.group === 'primary').map((s) => s.slug);
  const aesthetic = listed.filter((s) => s.group === 'aesthetic').map((s) => s.slug);
  const shown = new Set([...primary, ...aesthetic]);
  return {
    primary,
    aesthetic,
    unlisted: sorted.filter((s) => !s.listed).map((s) => s.slug),
    selfPayExams: sorted.filter((s) => s.paidByPatient).map((s) => s.slug),
    homeTiles: [...primary, ...aesthetic].filter((slug) => entries[slug]!.front.onHome),
    // A service turned off is listed nowhere, related cards included (its page stays).
    related: Object.fromEntries(sorted.map((s) => [s.slug, s.related.filter((other) => shown.has(other))] as const).filter(([, related]) => related.length)),
  };
}

/** The line of a service file on which a key is written (1 when it cannot be found). */
function lineOf(file: string, key: string): number {
  try {
    const at = readFileSync(file, 'utf8').split('\n').findIndex((line) => line.startsWith(`${key}:`));
    return at + 1 || 1;
  } catch {
    return 1;
  }
}

/** content.servicesIndex, made from the entries; relations and home tiles checked. */
export function services(): Plugin<SiteContent> {
  return {
    name: 'services',
    contentLoaded(content, c) {
      const entries = content.locales[c.defaultLocale]!.services;
      const index = servicesIndexOf(entries);
      const known = new Set(Object.keys(entries));
      const problems: Problem[] = [];
      const shown = (slug: string) => `${c.contentDir}/${c.defaultLocale}/services/${slug}.md`;
      const path = (slug: string) => join(c.folders.content, c.defaultLocale, 'services', `${slug}.md`);
      // Each relation as written (the cards leave out services turned off).
      for (const [slug, { front }] of Object.entries(entries)) {
        for (const [i, other] of front.related.entries()) {
          const why = other === slug ? `"${other}" is this service itself` : known.has(other) ? undefined : `"${other}" is not a service${didYouMean(other, known)}: choose one of the list, or remove it`;
          if (why) problems.push(inFile('content/check', shown(slug), 'names a related service that does not exist', [{ path: `related[${i}]`, message: why }], { line: lineOf(path(slug), 'related'), col: 1 }));
        }
      }
      if (index.homeTiles.length > HOME_TILES_MAX) {
        problems.push(inFile('content/check', shown(index.homeTiles.at(-1)!), 'is one service too many for the home page', [
          { path: 'onHome', message: `${index.homeTiles.length} services are shown on the home page (${index.homeTiles.join(', ')}); it has room for ${HOME_TILES_MAX}: turn "Show on the home page" off for one` },
        ], { line: lineOf(path(index.homeTiles.at(-1)!), 'onHome'), col: 1 }));
      }
      if (problems.length) throw new BuildFailure(problems);
      return { ...content, servicesIndex: index };
    },
  };
}
