// Loads and validates the content folder against the site's model; every problem is collected and thrown together.
import { join } from 'node:path';
import type { MarkedExtension } from 'marked';
import type { z } from 'zod';
import { hasControl } from '../problems/inert.ts';
import { shown as shownPath } from '../problems/shown.ts';
import { EDITOR_LEFTOVER, isHidden, tooDeep, walk } from '../files/walk.ts';
import { sameStamp, stampOf, type Stamp } from '../files/stamp.ts';
import { BuildFailure, inFile, MESSAGES_LANG, ProblemError, type Problem } from '../problems/problem.ts';
import type { SiteDefinition, Warning } from '../site/definition.ts';
import { callHook } from '../site/hooks.ts';
import type { EngineContent, PageData } from '../site/page-data.ts';
import { localeUrls } from '../routes/urls.ts';
import { checkLocaleParity, checkPlaceholderTokens, checkSameInEveryLocale } from './check-locales.ts';
import { classify, entryNameProblem, pagesWithContent } from './classify.ts';
import { DEFAULT_HTML_ALLOW } from '../security/html-policy.ts';
import { renderMarkdown, type MarkdownLink } from './markdown.ts';
import { mergeParity, sortProblems } from './merge-problems.ts';
import { shareParsing, type ParseElsewhere } from './parse-share.ts';
import { contentBytes, fromRecord, parseSource, textOf, type ParsedFile } from './read-file.ts';
import { ContentCache, type CachedParse, type KeptFor } from './content-cache.ts';
import { LIFECYCLE_KEYS, lifecycleOf, slugOf, type LifecycleRecord } from './lifecycle.ts';
import { tracked } from './track.ts';
import { controlCharacters, validate, type TopKeys } from './validate.ts';
import { capitalised, inEditorWords, labelOf, type SpokenFile } from './field-words.ts';
import { directionOf } from '../site/direction.ts';

/** Where each content file's site-internal Markdown links were written, for the link check. */
export type ContentLinks = { file: string; locale: string; links: MarkdownLink[] }[];

export interface LoadedContent<C = EngineContent> {
  content: C;
  /** By "<locale>/<collection>/<id>"; entries without any are absent. */
  lifecycle: Map<string, LifecycleRecord>;
  /** localizedSlugs, by "<locale>/<collection>/<id>". */
  slugs: Map<string, string>;
  /** Validated data by content-relative path: what dev compares after an edit. */
  files: Map<string, unknown>;
  links: ContentLinks;
  /** Every file read, as parsed: for the plugins' contentLoaded hooks only (then dropped: it holds every body). */
  sources: ReadonlyMap<string, ParsedFile>;
  /** Such as an autolink that is no address. */
  warnings: Warning[];
  /** Images from other sites in Markdown, where written: told once the pages' content policy is known (load-step.ts). */
  elsewhere: { file: string; href: string }[];
  /** Each content file as the editor names it, for problems found after the load (field-words.ts). */
  spoken: ReadonlyMap<string, SpokenFile>;
}

export interface LoadOptions {
  /** Shown before content-relative paths; default: the folder relative to the working folder. */
  shownDir?: string;
  /** Record what page renders read (dev). */
  track?: boolean;
  /** Reuse parses of unchanged files in this process (dev). */
  reuse?: boolean;
  /** Keep parses and Markdown between builds (content-cache.ts). */
  cache?: KeptFor;
  /** Plugins' marked extensions, applied after the HTML policy has read what content wrote. */
  markdown?: readonly MarkedExtension[];
  /** Worker threads that parse batches of the files the cache does not know. */
  parseElsewhere?: ParseElsewhere;
}

/** An entry's own address, unknown to a collection that does not read it. */
const SLUG_NOTE = { slug: 'an entry\'s own address is read only when its collection has localizedSlugs: true in the site definition; without it, the address is the file\'s name' };

// dev reloads all content on every save: a file with the same stamp (size, mtime) is not parsed, checked or rendered again.
const parsedCache = new Map<string, { stamp: Stamp; parsed: ParsedFile }>();
const checkedCache = new WeakMap<ParsedFile, Map<z.ZodType, unknown>>();
const markdownCache = new WeakMap<ParsedFile, ReturnType<typeof renderMarkdown>>();

function readCached(path: string, shown: string, reuse: boolean, read: (path: string, shown: string) => ParsedFile): ParsedFile {
  if (!reuse) return read(path, shown);
  const stamp = stampOf(path);
  // Missing or not a file: read() says so.
  if (!stamp) return read(path, shown);
  const known = parsedCache.get(path);
  if (known && sameStamp(stamp, known.stamp) && known.parsed.file === shown) return known.parsed;
  const parsed = read(path, shown);
  parsedCache.set(path, { stamp, parsed });
  return parsed;
}

/** Content files below dir (no hidden files, READMEs, editor leftovers); a symbolic link is an error, never followed out. */
export async function listContent(dir: string, shown: (rel: string) => string): Promise<{ files: string[]; problems: Problem[]; notes: string[] }> {
  const found = await walk(dir);
  const problems = [...found.links, ...found.special].map((rel) => inFile('content/not-a-file', shown(rel), 'is not a regular file', [{ path: '', message: 'content is read from regular files only; copy the file itself here instead of a link' }]));
  if (found.tooDeep) problems.push(tooDeep(shown(found.tooDeep)));
  // A name with a control character is refused, never read.
  const named = found.files.filter((f) => {
    if (!hasControl(f)) return true;
    problems.push(inFile('content/unsafe-name', shown(f), 'has a name the site cannot use', [{ path: '', message: 'its name holds a control character (a line break, a tab, an escape) or an invisible one (a direction mark or a zero-width space, often pasted with the text): rename it, typing it again with letters, digits and dashes' }]));
    return false;
  });
  // "..md" is a page named "." (Eleventy fails on it); hiding it would drop a page silently.
  for (const f of named.filter((name) => /(^|\/)\.{2,3}(md|ya?ml)$/.test(name))) {
    const id = f.split('/').pop()!.replace(/\.(md|ya?ml)$/, '');
    problems.push(inFile('content/unsafe-name', shown(f), 'has a name the site cannot use', [{ path: '', message: entryNameProblem(id)! }]));
  }
  const files = named.filter((f) => !isHidden(f) && !/(^|\/)README\.md$/.test(f) && !EDITOR_LEFTOVER.test(f));
  // A README in a section's folder (docs brought from elsewhere) would be a page there: not published, and said so.
  const notes = named.filter((f) => !isHidden(f) && /^[^/]+\/.+\/README\.md$/.test(f));
  return { files, problems, notes };
}

/** A collection without a list: its folder's files, in any locale. */
function entriesInFolder(files: string[], locales: string[], folder: string, ext: string): string[] {
  const found = new Set<string>();
  for (const locale of locales) {
    const prefix = `${locale}/${folder}/`;
    for (const file of files) {
      const id = file.startsWith(prefix) && file.endsWith(ext) ? file.slice(prefix.length, -ext.length) : undefined;
      if (id && !id.includes('/') && !entryNameProblem(id)) found.add(id);
    }
  }
  return [...found].sort();
}

/** usePage() for a Markdown component: locales and links, not the page (a file's HTML is made once for every page). */
function componentPage(site: SiteDefinition, locale: string): PageData {
  const locales = Object.keys(site.locales);
  const urls = localeUrls(locales, site.defaultLocale);
  const known: Partial<PageData> = { locale, locales, defaultLocale: site.defaultLocale, intl: site.locales[locale]!.intl, intlOf: (other) => site.locales[other]!.intl, dir: directionOf(site.locales[locale]!.intl), dirOf: (other) => directionOf(site.locales[other]!.intl), href: (path, other = locale) => urls.href(other, path) };
  return new Proxy(known, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) throw new Error(`usePage().${key} is not known to a component in Markdown, which is rendered once per file as the content loads: it has locale, locales, defaultLocale, intl, intlOf, dir, dirOf and href; give it what else it needs as a prop`);
      return target[key as keyof PageData];
    },
  }) as PageData;
}

/** "fr" → "French", in the language of the engine's messages. */
export function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames([MESSAGES_LANG], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** As the editor lists it: name or title, else the file's name. */
function entryName(parsed: ParsedFile | undefined, id: string): string {
  const data = parsed?.data as Record<string, unknown> | undefined;
  const name = data?.name ?? data?.title;
  return typeof name === 'string' && name.trim() ? name.trim() : id;
}

export async function loadContent<C = EngineContent>(site: SiteDefinition<C>, contentDir: string, options: LoadOptions = {}): Promise<LoadedContent<C>> {
  const shownDir = options.shownDir ?? shownPath(contentDir);
  const { shared, perLocale, collections } = site.content;
  const locales = Object.keys(site.locales);
  const problems: Problem[] = [];
  const shown = (rel: string) => `${shownDir}/${rel}`;
  const htmlAllowed = { ...DEFAULT_HTML_ALLOW, ...site.markdownHtml };
  const listing = await listContent(contentDir, shown);
  const files = listing.files;
  problems.push(...listing.problems);
  const values = new Map<string, unknown>();
  const keep = <T>(rel: string, data: T): T => {
    values.set(rel, data);
    return options.track ? tracked(data, rel) : data;
  };

  // Parsed again only when its bytes are new to the cache.
  const cache = new ContentCache(options.cache?.file, options.cache?.version, options.cache?.renders);
  const sharedKeys = options.parseElsewhere ? await shareParsing(cache, files.map((rel) => ({ path: join(contentDir, rel), shown: shown(rel) })), options.parseElsewhere) : undefined;
  const records = new WeakMap<ParsedFile, CachedParse>();
  const read = (path: string, shownFile: string): ParsedFile => {
    // Already parsed by the sharing: not read again.
    const sharedKey = sharedKeys?.get(path);
    let entry = sharedKey === undefined ? undefined : cache.get(sharedKey);
    if (!entry) {
      const bytes = contentBytes(path, shownFile);
      const key = ContentCache.keyOf(path, bytes);
      entry = cache.get(key);
      // A kept Markdown parse has no body: take it from these bytes, else parse again.
      if (entry && entry.body === undefined && path.endsWith('.md')) {
        if (entry.bodyByte !== undefined && entry.bodyByte <= bytes.length) entry.body = bytes.toString('utf8', entry.bodyByte);
        else entry = undefined;
      }
      if (!entry) {
        entry = parseSource(textOf(bytes, shownFile), path, shownFile);
        cache.put(key, entry);
      }
    }
    const parsed = fromRecord(entry, shownFile, path);
    records.set(parsed, entry);
    return parsed;
  };
  const parse = (rel: string): ParsedFile | undefined => {
    try {
      return readCached(join(contentDir, rel), shown(rel), !!options.reuse, read);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') problems.push(inFile('content/missing-file', shown(rel), 'is missing', [{ path: '', message: 'every site needs this file' }]));
      else if (error instanceof ProblemError) problems.push(error.problem);
      else throw error;
      return undefined;
    }
  };
  const named = (name: string, top?: TopKeys) => ({ name, words: site.content.labels, ...top });
  const spoken = new Map<string, SpokenFile>();
  const check = <T extends z.ZodType>(schema: T, parsed: ParsedFile | undefined, title: string, name: string, top?: TopKeys): z.infer<T> | undefined => {
    if (!parsed) return undefined;
    spoken.set(parsed.file, { name, schema, data: parsed.data, bodyLine: parsed.bodyLine });
    const known = checkedCache.get(parsed)?.get(schema);
    if (known !== undefined) return known as z.infer<T>;
    const hidden = controlCharacters(parsed, title, named(name), schema);
    if (hidden) {
      problems.push(hidden);
      return undefined;
    }
    const result = validate(schema, parsed, title, named(name, top));
    if (result.ok) {
      if (!checkedCache.has(parsed)) checkedCache.set(parsed, new Map());
      checkedCache.get(parsed)!.set(schema, result.data);
      return result.data;
    }
    problems.push(result.problem);
    return undefined;
  };

  // Shared files come first: they may decide which collection entries exist (a list of ids).
  const sharedData: Record<string, unknown> = {};
  const sources = new Map<string, ParsedFile>();
  for (const [key, def] of Object.entries(shared)) {
    const parsed = parse(def.file);
    if (parsed) sources.set(def.file, parsed);
    const data = check(def.schema, parsed, def.title, labelOf(def.file.replace(/\.[a-z]+$/, '')));
    if (data === undefined || !parsed) continue;
    // Hooks are typed with what the schema returns: this data has just passed it.
    const found = callHook(`content.shared.${key}.check()`, def.file, () => def.check?.(data as never, parsed, sharedData as never) ?? []);
    problems.push(...found);
    sharedData[key] = data;
  }
  const ids: Record<string, Set<string>> = {};
  for (const [name, def] of Object.entries(collections)) {
    // Without valid shared files there is no list of entries; their own errors say why.
    if (def.ids && Object.keys(shared).some((key) => !(key in sharedData))) continue;
    ids[name] = new Set(def.ids ? callHook(`content.collections.${name}.ids()`, undefined, () => def.ids!(sharedData as never)) : entriesInFolder(files, locales, def.folder, def.ext));
  }

  const parsedByRel = new Map<string, ParsedFile>();
  const lifecycle = new Map<string, LifecycleRecord>();
  const slugs = new Map<string, string>();
  const reportedFolders = new Set<string>();
  for (const rel of files) {
    const role = classify(site, rel, ids, shown);
    if (role.kind === 'shared') continue;
    if (role.kind === 'entry' || role.kind === 'page' || role.kind === 'locale-file') {
      const parsed = parse(rel);
      if (!parsed) continue;
      sources.set(rel, parsed);
      if (role.kind !== 'entry') {
        parsedByRel.set(rel, parsed);
        continue;
      }
      // Lifecycle keys are the engine's: out of what the schema and the other locales see.
      const entry = lifecycleOf(parsed);
      problems.push(...entry.problems);
      const key = `${role.locale}/${role.collection}/${role.id}`;
      if (Object.keys(entry.lifecycle).length) lifecycle.set(key, { ...entry.lifecycle, file: parsed.file });
      let own = entry.parsed;
      if (collections[role.collection]!.localizedSlugs) {
        const slug = slugOf(own);
        problems.push(...slug.problems);
        if (slug.slug) slugs.set(key, slug.slug);
        own = slug.parsed;
      }
      const record = records.get(parsed);
      if (record) records.set(own, record);
      parsedByRel.set(rel, own);
      continue;
    }
    // Without a valid list of entries no entry file can be placed; the list's own error says why.
    if (Object.entries(collections).some(([name, c]) => !ids[name] && rel.includes(`/${c.folder}/`))) continue;
    if (role.folder && reportedFolders.has(role.folder)) continue;
    if (role.folder) reportedFolders.add(role.folder);
    problems.push(inFile('content/unknown-file', shown(role.folder ?? rel), 'is not part of the site', [{ path: '', message: role.why }]));
  }

  const expected = [
    ...Object.values(perLocale).map((f) => f.file),
    ...pagesWithContent(site).map((p) => `pages/${p.id}.yaml`),
    // A collection that allows an entry in some locales only is not held to parity.
    ...Object.entries(collections).filter(([, c]) => !c.partial && !c.fallback).flatMap(([name, c]) => [...(ids[name] ?? [])].map((id) => `${c.folder}/${id}${c.ext}`)),
  ];
  const present = new Set(files);
  const entries = new Map(Object.entries(collections).flatMap(([name, c]) => [...(ids[name] ?? [])].map((id) => [`${c.folder}/${id}${c.ext}`, name] as const)));
  problems.push(...checkLocaleParity(locales, expected, files, parsedByRel, shown, entries));
  const sameFacts = Object.entries(collections).flatMap(([name, c]) =>
    c.sameInEveryLocale?.length ? [...(ids[name] ?? [])].map((id) => ({ name: `${c.folder}/${id}${c.ext}`, keys: c.sameInEveryLocale! })) : []);
  problems.push(...checkSameInEveryLocale(locales, sameFacts, parsedByRel));
  problems.push(...checkPlaceholderTokens(locales, expected, parsedByRel));

  const links: ContentLinks = [];
  const warnings: Warning[] = [];
  const elsewhere: LoadedContent['elsewhere'] = [];
  // A README in a section's folder is a note: renamed, it is a page where the section takes any Markdown file (no list of
  // ids); in another folder nothing is read, renamed or not.
  const sections = new Map(Object.values(collections).filter((c) => c.ext === '.md').map((c) => [c.folder, c.ids ? 'listed' : 'open'] as const));
  const open = [...sections.keys()].filter((folder) => sections.get(folder) === 'open');
  const folderOf = (note: string) => note.split('/').slice(1, -1).join('/');
  const kindOf = (note: string) => sections.get(folderOf(note)) ?? 'other';
  for (const kind of ['open', 'listed', 'other'] as const) {
    const [first, ...more] = listing.notes.filter((note) => kindOf(note) === kind);
    if (!first) continue;
    const others = more.length ? `and ${more.length} more README.md ${more.length === 1 ? 'file' : 'files'} (${more.slice(0, 3).map(shown).join(', ')}${more.length > 3 ? ', …' : ''}) are` : 'is';
    const one = more.length ? 'one' : 'it';
    const publish = {
      open: `to publish ${one}, rename it (overview.md)`,
      listed: `to publish ${one}, rename it (overview.md) and add that name to its collection's list of entries (ids) in the site definition`,
      other: `${more.length ? 'their folders are' : `its folder ${folderOf(first)}/ is`} not one the site takes pages from: to publish ${one}, ${open.length ? `move it into a section's folder (${open.join('/, ')}/) and rename it (overview.md), or ` : ''}give the folder a collection in the site definition`,
    }[kind];
    warnings.push({ file: shown(first), message: `${others} read as a note for the team, not a page, and not published; ${publish}` });
  }
  const byLocale: Record<string, Record<string, unknown>> = {};
  for (const locale of locales) {
    const get = (name: string) => parsedByRel.get(`${locale}/${name}`);
    const text: Record<string, unknown> = {};
    // Made once per locale, not per file.
    const componentScope = site.markdownComponents ? componentPage(site, locale) : undefined;
    for (const [key, def] of Object.entries(perLocale)) {
      const data = check(def.schema, get(def.file), `${def.label} (${locale}) do not match their schema`, `${capitalised(def.label)} (${languageName(locale)})`);
      text[key] = data === undefined ? undefined : keep(`${locale}/${def.file}`, data);
    }
    text.pages = Object.fromEntries(
      pagesWithContent(site).map((p) => {
        const rel = `pages/${p.id}.yaml`;
        const data = check(p.schema!, get(rel), `page "${p.id}" (${locale}) does not match its schema`, `Pages › ${p.path === '/' ? 'Home' : labelOf(p.id)} (${languageName(locale)})`);
        return [p.id, data === undefined ? undefined : keep(`${locale}/${rel}`, data)];
      }),
    );
    for (const [name, def] of Object.entries(collections)) {
      text[name] = Object.fromEntries(
        [...(ids[name] ?? [])].filter((id) => !(def.partial || def.fallback) || present.has(`${locale}/${def.folder}/${id}${def.ext}`)).map((id) => {
          const rel = `${def.folder}/${id}${def.ext}`;
          const parsed = get(rel);
          const data = check(def.schema, parsed, `${def.label} "${id}" (${locale}) does not match its schema`, `${labelOf(name)} › ${entryName(parsed, id)} (${languageName(locale)})`, { engineKeys: LIFECYCLE_KEYS, keyNotes: def.localizedSlugs ? undefined : SLUG_NOTE });
          if (data === undefined || !parsed) return [id, undefined];
          if (def.ext === '.yaml') return [id, keep(`${locale}/${rel}`, data)];
          if (!markdownCache.has(parsed)) {
            const entry = records.get(parsed);
            const markdown = entry?.markdown ?? renderMarkdown(parsed.body ?? '', parsed.bodyLine ?? 1, htmlAllowed, options.markdown, site.markdownComponents, componentScope);
            if (entry && !entry.markdown) cache.rendered(entry, markdown);
            markdownCache.set(parsed, markdown);
          }
          const { html, links: found, findings } = markdownCache.get(parsed)!;
          if (found.length) links.push({ file: parsed.file, locale, links: found });
          for (const finding of findings) {
            if (finding.elsewhere) {
              elsewhere.push({ file: `${parsed.file}:${finding.line}`, href: finding.message });
              continue;
            }
            if (finding.warning) {
              warnings.push({ file: `${parsed.file}:${finding.line}`, message: finding.message });
              continue;
            }
            const title = { 'markdown/html': 'has HTML that content may not hold', 'markdown/url': 'has an address that content may not use', 'markdown/image': 'has an image without a description', 'markdown/component': 'has a component it cannot show', 'markdown/text': 'has another generator\'s template syntax', 'content/too-deep': 'is too complex to read safely' }[finding.code];
            problems.push(inFile(finding.code, parsed.file, title, [{ path: '', message: finding.message }], { line: finding.line, col: 1 }));
          }
          // With localizedSlugs each Markdown entry gets its own address (its id when it names none).
          const slug = def.localizedSlugs ? { slug: slugs.get(`${locale}/${name}/${id}`) ?? id } : {};
          return [id, keep(`${locale}/${rel}`, { front: data, html, ...slug })];
        }),
      );
    }
    byLocale[locale] = text;
  }

  // Saved whether or not the content passed.
  cache.save();
  if (problems.length) throw new BuildFailure(sortProblems(mergeParity(inEditorWords(problems, spoken, site.content.labels))));
  const content = {} as Record<string, unknown>;
  for (const [key, def] of Object.entries(shared)) content[key] = keep(def.file, sharedData[key]);
  content.locales = byLocale;
  return { content: content as C, files: values, links, lifecycle, slugs, sources, warnings, spoken, elsewhere };
}
