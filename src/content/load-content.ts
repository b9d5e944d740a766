// Loads content/: reads every YAML and Markdown file, validates each against its schema, checks that
// both locales hold the same files and keys, and returns plain validated data. Every problem found is
// collected and thrown together as InputErrors.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import { ContentError, InputErrors } from './errors.ts';
import { checkLocaleParity } from './check-locales.ts';
import { renderMarkdown, type MarkdownLink } from './markdown.ts';
import { readMarkdownFile, readYamlFile, type ParsedFile } from './read-file.ts';
import {
  insuranceSchema, LEGAL_IDS, legalSchema, LOCALES, locationsSchema, PAGE_IDS, pageSchemas, reviewsSchema,
  serviceSchema, servicesIndexSchema, siteSchema, taglinesSchema, uiSchema, type Locale,
} from '../../templates/schema.ts';
import { checkServiceList } from './check-services.ts';
import { didYouMean } from './suggest.ts';
import type { LocaleContent, SiteContent } from './types.ts';
import { validate } from './validate.ts';

/** Where each content file's site-internal Markdown links were written, for the link check. */
export type ContentLinks = { file: string; locale: Locale; links: MarkdownLink[] }[];

export interface LoadedContent {
  content: SiteContent;
  links: ContentLinks;
}

const SHARED_FILES = {
  'site.yaml': siteSchema,
  'locations.yaml': locationsSchema,
  'services.yaml': servicesIndexSchema,
  'insurance.yaml': insuranceSchema,
  'language-assistance.yaml': taglinesSchema,
} as const;

const TITLES: Record<string, string> = {
  'site.yaml': 'the site configuration does not match its schema',
  'locations.yaml': 'the locations do not match their schema',
  'services.yaml': 'the services list does not match its schema',
  'insurance.yaml': 'the insurance plans do not match their schema',
  'language-assistance.yaml': 'the language-assistance taglines do not match their schema',
};

/** Lists files below dir as content-relative paths with forward slashes. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((f) => !f.split('/').some((part) => part.startsWith('.')) && !/(^|\/)README\.md$/.test(f))
    .sort();
}

/** What a content-relative path holds and which schema checks it, or why it is not expected. */
function classify(rel: string, serviceSlugs: Set<string>) {
  const parts = rel.split('/');
  if (parts.length === 1) {
    if (rel in SHARED_FILES) return { kind: 'shared' as const };
    return { unknown: `unknown content file${didYouMean(rel, Object.keys(SHARED_FILES))}; expected one of ${Object.keys(SHARED_FILES).join(', ')}` };
  }
  const [locale, ...rest] = parts as [string, ...string[]];
  if (!(LOCALES as readonly string[]).includes(locale)) {
    return { unknown: `unknown locale folder "${locale}"${didYouMean(locale, LOCALES)}; expected one of ${LOCALES.join(', ')}`, folder: `${locale}/` };
  }
  const name = rest.join('/');
  if (name === 'ui.yaml' || name === 'reviews.yaml') return { kind: 'text' as const, locale: locale as Locale };
  const page = /^pages\/([a-z-]+)\.yaml$/.exec(name)?.[1];
  if (page !== undefined) {
    if ((PAGE_IDS as string[]).includes(page)) return { kind: 'page' as const, locale: locale as Locale, id: page };
    return { unknown: `no page "${page}"${didYouMean(page, PAGE_IDS)}; pages are ${PAGE_IDS.join(', ')}` };
  }
  const legal = /^legal\/([a-z-]+)\.md$/.exec(name)?.[1];
  if (legal !== undefined) {
    if ((LEGAL_IDS as readonly string[]).includes(legal)) return { kind: 'legal' as const, locale: locale as Locale, id: legal };
    return { unknown: `no legal page "${legal}"${didYouMean(legal, LEGAL_IDS)}; legal pages are ${LEGAL_IDS.join(', ')}` };
  }
  const service = /^services\/([a-z0-9-]+)\.md$/.exec(name)?.[1];
  if (service !== undefined) {
    if (serviceSlugs.has(service)) return { kind: 'service' as const, locale: locale as Locale, id: service };
    return { unknown: `service "${service}" is not listed in content/services.yaml${didYouMean(service, serviceSlugs)}` };
  }
  return { unknown: 'not a content file the site knows: expected <locale>/ui.yaml, reviews.yaml, pages/*.yaml, legal/*.md or services/*.md' };
}

/** Loads and validates the whole content folder. Throws InputErrors listing every problem. */
export async function loadContent(contentDir: string, shownDir = relative(process.cwd(), contentDir) || '.'): Promise<LoadedContent> {
  const errors: ContentError[] = [];
  const shown = (rel: string) => `${shownDir}/${rel}`;
  const files = await listFiles(contentDir);

  // services.yaml decides which service files are expected, so it is read first.
  const parse = async (rel: string): Promise<ParsedFile | undefined> => {
    try {
      const path = join(contentDir, rel);
      return rel.endsWith(".md") ? readMarkdownFile(path, shown(rel)) : readYamlFile(path, shown(rel));
    } catch (error) {
      if (error instanceof ContentError) errors.push(error);
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') errors.push(new ContentError(shown(rel), 'is missing', [{ path: '', message: 'every site needs this file' }]));
      else throw error;
      return undefined;
    }
  };
  const check = <T extends z.ZodType>(schema: T, parsed: ParsedFile | undefined, title: string): z.infer<T> | undefined => {
    if (!parsed) return undefined;
    const result = validate(schema, parsed, title);
    if (result.ok) return result.data;
    errors.push(result.error);
    return undefined;
  };

  const shared = Object.fromEntries(
    await Promise.all(Object.keys(SHARED_FILES).map(async (rel) => [rel, await parse(rel)] as const)),
  ) as Record<keyof typeof SHARED_FILES, ParsedFile | undefined>;
  const servicesIndex = check(servicesIndexSchema, shared['services.yaml'], TITLES['services.yaml']!);
  const serviceSlugs = servicesIndex ? [...servicesIndex.primary, ...servicesIndex.aesthetic, ...servicesIndex.unlisted] : [];
  if (servicesIndex && shared['services.yaml']) errors.push(...checkServiceList(servicesIndex, shared['services.yaml']));

  const slugSet = new Set(serviceSlugs);
  const parsedByRel = new Map<string, ParsedFile>();
  const reportedFolders = new Set<string>();
  await Promise.all(
    files.map(async (rel) => {
      if (rel in SHARED_FILES) return;
      const what = classify(rel, slugSet);
      // Without a valid services.yaml no service file can be placed; its own error says why.
      if ('unknown' in what && !servicesIndex && rel.includes('/services/')) return;
      if ('unknown' in what) {
        const folder = 'folder' in what ? what.folder : undefined;
        if (folder && reportedFolders.has(folder)) return;
        if (folder) reportedFolders.add(folder);
        errors.push(new ContentError(shown(folder ?? rel), 'is not part of the site', [{ path: '', message: what.unknown! }]));
        return;
      }
      const parsed = await parse(rel);
      if (parsed) parsedByRel.set(rel, parsed);
    }),
  );

  // Every locale must hold every page, legal page and service, with the same keys.
  const expected = [
    'ui.yaml', 'reviews.yaml',
    ...PAGE_IDS.map((id) => `pages/${id}.yaml`),
    ...LEGAL_IDS.map((id) => `legal/${id}.md`),
    ...serviceSlugs.map((slug) => `services/${slug}.md`),
  ];
  errors.push(...checkLocaleParity(expected, files, parsedByRel, shown));

  const aesthetic = new Set(servicesIndex?.aesthetic);
  const links: ContentLinks = [];
  const locales = {} as Record<Locale, LocaleContent>;
  for (const locale of LOCALES) {
    const get = (name: string) => parsedByRel.get(`${locale}/${name}`);
    const ui = check(uiSchema, get('ui.yaml'), `UI strings (${locale}) do not match their schema`);
    const reviews = check(reviewsSchema, get('reviews.yaml'), `reviews (${locale}) do not match their schema`);
    const pages = Object.fromEntries(
      PAGE_IDS.map((id) => [id, check(pageSchemas[id], get(`pages/${id}.yaml`), `page "${id}" (${locale}) does not match its schema`)]),
    );
    const markdown = (name: string, parsed: ParsedFile) => {
      const { html, links: found } = renderMarkdown(parsed.body ?? '', parsed.bodyLine ?? 1);
      if (found.length) links.push({ file: parsed.file, locale, links: found });
      return html;
    };
    const legal = Object.fromEntries(
      LEGAL_IDS.map((id) => {
        const parsed = get(`legal/${id}.md`);
        const front = check(legalSchema, parsed, `legal page "${id}" (${locale}) does not match its schema`);
        return [id, front && parsed ? { front, html: markdown(id, parsed) } : undefined];
      }),
    );
    const services = Object.fromEntries(
      serviceSlugs.map((slug) => {
        const parsed = get(`services/${slug}.md`);
        const front = check(serviceSchema, parsed, `service "${slug}" (${locale}) does not match its schema`);
        const group = aesthetic.has(slug) ? 'aesthetic' : 'primary';
        const related = servicesIndex!.related[slug] ?? [];
        return [slug, front && parsed ? { slug, group, front, html: markdown(slug, parsed), related } : undefined];
      }),
    );
    locales[locale] = { ui, reviews, pages, legal, services } as LocaleContent;
  }

  const site = check(siteSchema, shared['site.yaml'], TITLES['site.yaml']!);
  const locations = check(locationsSchema, shared['locations.yaml'], TITLES['locations.yaml']!);
  const insurance = check(insuranceSchema, shared['insurance.yaml'], TITLES['insurance.yaml']!);
  const taglines = check(taglinesSchema, shared['language-assistance.yaml'], TITLES['language-assistance.yaml']!);

  if (errors.length) throw new InputErrors(sortErrors(mergeParity(errors)));
  return {
    content: { site: site!, locations: locations!, servicesIndex: servicesIndex!, serviceSlugs, insurance: insurance!, taglines: taglines!, locales },
    links,
  };
}

/**
 * A key missing in one locale is reported once: the schema's "required, missing" gains a note of the
 * locale that has it. A key only the other locale has because it is misspelt there is not reported
 * as missing here: the misspelling is the mistake.
 */
function mergeParity(errors: ContentError[]): ContentError[] {
  const schemaProblems = new Map<string, ContentError>();
  const unknownKeys = new Set<string>();
  for (const error of errors) {
    if (!error.title.includes('does not match')) continue;
    schemaProblems.set(error.file, error);
    for (const p of error.problems) if (p.message.startsWith('unknown key')) unknownKeys.add(p.path);
  }
  const merged: ContentError[] = [];
  for (const error of errors) {
    if (!error.title.startsWith('lacks content')) {
      merged.push(error);
      continue;
    }
    const schema = schemaProblems.get(error.file);
    const left = error.problems.filter((problem) => {
      if (unknownKeys.has(problem.path)) return false;
      const twin = schema?.problems.find((p) => p.path === problem.path && p.message.startsWith('required, missing'));
      if (!twin) return true;
      twin.message = `required, missing (${problem.message.replace('missing, ', '')})`;
      return false;
    });
    if (left.length) merged.push(new ContentError(error.file, error.title, left, error.position));
  }
  return merged;
}

/** Stable order: by file, then line, so reports read top to bottom. */
function sortErrors(errors: ContentError[]): ContentError[] {
  return errors.sort((a, b) => a.file.localeCompare(b.file) || (a.position?.line ?? 0) - (b.position?.line ?? 0));
}
