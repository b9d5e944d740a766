// Checks the services list: no slug twice, and every related or home-tile slug names a service.
import { didYouMean, inFile, type Detail, type ParsedContentFile, type Problem } from 'sitewright';
import type { ServicesIndex } from '../schema.ts';

export function checkServiceList(index: ServicesIndex, parsed: ParsedContentFile): Problem[] {
  const errors: Problem[] = [];
  const slugs = [...index.primary, ...index.aesthetic, ...index.unlisted];
  const known = new Set(slugs);
  const seen = new Map<string, string>();
  const lists = [['primary', index.primary], ['aesthetic', index.aesthetic], ['unlisted', index.unlisted]] as const;
  for (const [list, entries] of lists) {
    entries.forEach((slug, i) => {
      const where = `${list}[${i}]`;
      const first = seen.get(slug);
      if (first) {
        errors.push(inFile('content/check', parsed.file, `duplicate service slug "${slug}"`, [{ path: where, message: `"${slug}" is already listed at ${first}; each slug names one page` }], parsed.positionOf([list, i])));
      } else seen.set(slug, where);
    });
  }
  const unknown = (path: (string | number)[], slug: string): void => {
    if (known.has(slug)) return;
    const problem: Detail = { path: path.join('.').replace(/\.(\d+)/g, '[$1]'), message: `"${slug}" is not a service slug${didYouMean(slug, known)}` };
    errors.push(inFile('content/check', parsed.file, 'names a service that does not exist', [problem], parsed.positionOf(path)));
  };
  index.homeTiles.forEach((slug, i) => unknown(['homeTiles', i], slug));
  index.selfPayExams.forEach((slug, i) => unknown(['selfPayExams', i], slug));
  for (const [page, related] of Object.entries(index.related)) {
    if (!known.has(page)) unknown(['related', page], page);
    related.forEach((slug, i) => {
      unknown(['related', page, i], slug);
      if (slug === page) errors.push(inFile('content/check', parsed.file, 'a service cannot be related to itself', [{ path: `related.${page}[${i}]`, message: `"${slug}" is the page itself` }], parsed.positionOf(['related', page, i])));
    });
  }
  return errors;
}
