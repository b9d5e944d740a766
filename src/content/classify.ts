// What a content-relative path holds in the site's content model, or why the site does not expect it.
import type { SiteDefinition } from '../site/definition.ts';
import { didYouMean } from './suggest.ts';
import { MEDIA_TYPES } from '../output/static-policy.ts';
import { hasInvisible } from '../routes/urls.ts';

export type FileRole =
  | { kind: 'shared'; key: string }
  | { kind: 'locale-file'; locale: string; key: string }
  | { kind: 'page'; locale: string; id: string }
  | { kind: 'entry'; locale: string; collection: string; id: string }
  | { kind: 'unknown'; why: string; folder?: string };

export function pagesWithContent(site: SiteDefinition) {
  return site.pages.filter((p) => p.schema);
}

const list = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : items.join(''));

/** Made once per collection, not per file. */
const entryPatterns = new WeakMap<{ folder: string; ext: string }, RegExp>();
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
function entryPattern(def: { folder: string; ext: string }): RegExp {
  let pattern = entryPatterns.get(def);
  if (!pattern) entryPatterns.set(def, (pattern = new RegExp(`^${escaped(def.folder)}/([^/]+)${escaped(def.ext)}$`)));
  return pattern;
}

/** Names are kept as written ("c++"), percent-encoded in links; only what no host can serve as a page is refused. */
export function entryNameProblem(id: string): string | undefined {
  if (id === '.' || id === '..') return `"${id}" is a dot segment: a browser reads "/${id}" as a folder, never as a page. Rename the file`;
  if (id.startsWith('.')) return 'a name starting with "." is a hidden file, which hosts do not serve. Rename the file';
  if (/[\\\u0000-\u001f\u007f]/.test(id)) return 'a name with a backslash or a control character cannot be an address. Rename the file';
  // A mark pasted with right-to-left text, a zero-width or no-break space: the address holds it, a link typed as the name reads does not.
  if (hasInvisible(id)) return 'its name holds an invisible character (a direction mark, a zero-width or no-break space, a filler, often pasted with the text): a link typed as the name reads would not find its page. Rename the file, typing its name again';
  // "a%62c" would be linked as written, and a browser reads "%62" as "b": another page's address.
  if (/%[0-9A-Fa-f]{2}/.test(id)) return 'a name with "%" followed by two digits or letters A–F reads as an escape in an address ("%62" is "b"): a link to it would lead elsewhere. Rename the file';
  if (/[#?]/.test(id)) return 'a name with "#" or "?" ends an address there (the rest is read as a fragment or a query). Rename the file';
  // Its page is "<name>.html", with "<name>.html.br" beside it, and a file system's names hold at most 255 bytes (UTF-8: 2–3 a letter beyond Latin).
  if (Buffer.byteLength(id) > 247) return `its name is ${Buffer.byteLength(id)} bytes long, and its page's file (with ".html.br" for a compressed copy) would be longer than a file's name may be (255 bytes). Rename the file shorter: at most 247 bytes, which is 247 Latin letters, 123 Arabic or 82 Japanese ones`;
  if (/\.html?$/i.test(id)) return 'a name ending in .html is read as the page of another address. Rename the file';
  // As some systems save "é": a letter and its accent apart, which looks the same and is another address than the one typed.
  if (id !== id.normalize('NFC')) return 'its name has characters stored in another form than the usual one (as some systems save an accent apart from its letter): it looks like the usual spelling, but a link typed with that spelling would not find it. Rename the file, typing its name again';
  return undefined;
}

export function classify(site: SiteDefinition, rel: string, ids: Record<string, Set<string>>, shown: (rel: string) => string): FileRole {
  const { shared, perLocale, collections } = site.content;
  const parts = rel.split('/');
  if (parts.length === 1) {
    const key = Object.keys(shared).find((k) => shared[k]!.file === rel);
    if (key) return { kind: 'shared', key };
    const files = Object.values(shared).map((s) => s.file);
    return { kind: 'unknown', why: `unknown content file${didYouMean(rel, files)}; expected one of ${files.join(', ')}` };
  }
  const [locale, ...rest] = parts as [string, ...string[]];
  const locales = Object.keys(site.locales);
  if (!locales.includes(locale)) {
    return { kind: 'unknown', why: `unknown locale folder "${locale}"${didYouMean(locale, locales)}; expected one of ${locales.join(', ')}`, folder: `${locale}/` };
  }
  const name = rest.join('/');
  const key = Object.keys(perLocale).find((k) => perLocale[k]!.file === name);
  if (key) return { kind: 'locale-file', locale, key };
  const page = /^pages\/([a-z0-9-]+)\.yaml$/.exec(name)?.[1];
  if (page !== undefined) {
    const known = pagesWithContent(site).map((p) => p.id);
    if (known.includes(page)) return { kind: 'page', locale, id: page };
    return { kind: 'unknown', why: `no page "${page}"${didYouMean(page, known)}; pages are ${known.join(', ')}` };
  }
  for (const [collection, def] of Object.entries(collections)) {
    const id = entryPattern(def).exec(name)?.[1];
    if (id === undefined) continue;
    const wrong = entryNameProblem(id);
    if (wrong) return { kind: 'unknown', why: wrong };
    const listed = ids[collection];
    if (listed?.has(id)) return { kind: 'entry', locale, collection, id };
    const hint = didYouMean(id, listed ?? []);
    if (def.listedIn) return { kind: 'unknown', why: `${def.label} "${id}" is not listed in ${shown(def.listedIn)}${hint}` };
    return { kind: 'unknown', why: `no ${def.label} "${id}"${hint}; ${def.label}s are ${[...(listed ?? [])].join(', ')}` };
  }
  // A photo or PDF brought with Markdown from elsewhere: static/ publishes files, content/ holds text.
  if (MEDIA_TYPES.some((ext) => rel.toLowerCase().endsWith(ext))) {
    const file = parts.at(-1)!;
    return { kind: 'unknown', why: `an image or PDF is published from static/, not content/: move it into static/ (static/images/${file}, say) and link it by its address from the site's root (/images/${file})` };
  }
  const expected = [...Object.values(perLocale).map((f) => f.file), 'pages/*.yaml', ...Object.values(collections).map((c) => `${c.folder}/*${c.ext}`)];
  return { kind: 'unknown', why: `not a content file the site knows: expected <locale>/${list(expected)}` };
}
