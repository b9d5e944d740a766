// The built site as the quality checks see it: every .html page of dist/ with its URL, locale and tree.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import site from '../../../site.config.ts';
import { ROOT } from '../../helpers/fixtures.ts';
import { parseHtml, type Document } from './html.ts';

/** A locale code of the site definition. */
export type Locale = string;
/** The site's locales, from its definition: a locale added there is checked here with no edit. */
export const LOCALES = Object.keys(site.locales);
export const DEFAULT_LOCALE = site.defaultLocale;
/** The URL prefix of a locale: "" for the default one, "/<code>" for the others. */
export const prefixOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

export interface Page {
  /** Path inside dist/, with forward slashes: "es/services/vaccines.html". */
  file: string;
  /** The URL the page is served at: "/es/services/vaccines", "/", "/es/". */
  url: string;
  /** The locale whose folder the page is in (dist/<code>/), the default locale's otherwise. */
  locale: Locale;
  html: string;
  doc: Document;
}

/** Every file under dir, relative, with forward slashes. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join('/'))
    .sort();
}

/** Only the pages themselves: not their .html.br / .html.gz twins. */
/** The public pages: every HTML file but the staff editor's (admin/, tested on its own in editor.slow.test.ts). */
export function htmlFiles(dist: string): string[] {
  return filesUnder(dist).filter((f) => f.endsWith('.html') && !f.startsWith('admin/'));
}

/** "index.html" → "/", "es/index.html" → "/es/", "es/about.html" → "/es/about". */
export function urlOf(file: string): string {
  if (file === 'index.html' || file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`;
  return `/${file.slice(0, -'.html'.length)}`;
}

/** The URL of the first page of each kind (its <html lang> and data-page) in the build: pages of one kind share their template. */
export function firstOfEachKind(dist: string): string[] {
  const kinds = new Map<string, string>();
  for (const file of htmlFiles(dist)) {
    const head = readFileSync(join(dist, file), 'utf8').slice(0, 200);
    const kind = `${/lang="([^"]+)"/.exec(head)?.[1]} ${/data-page="([^"]+)"/.exec(head)?.[1]}`;
    if (!kinds.has(kind)) kinds.set(kind, urlOf(file));
  }
  return [...kinds.values()];
}

export function localeOf(file: string): Locale {
  const first = file.split('/')[0]!;
  return first !== DEFAULT_LOCALE && LOCALES.includes(first) && file.includes('/') ? first : DEFAULT_LOCALE;
}

export function loadPages(dist: string): Page[] {
  return htmlFiles(dist).map((file) => {
    const html = readFileSync(join(dist, file), 'utf8');
    return { file, url: urlOf(file), locale: localeOf(file), html, doc: parseHtml(html) };
  });
}

/**
 * The file of dist/ that a static host serves for a site-absolute path, as the README describes:
 * "/" and "/es/" → index.html, "/about" → about.html, "/favicon.svg" → favicon.svg. Undefined if none.
 */
export function fileForPath(dist: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const rel = decoded.replace(/^\/+/, '');
  const candidates = decoded.endsWith('/') ? [`${rel}index.html`] : [rel, `${rel}.html`];
  return candidates.find((c) => {
    if (c.split('/').includes('..')) return false;
    try {
      return statSync(join(dist, c)).isFile();
    } catch {
      return false;
    }
  });
}

/** A string of content/<locale>/ui.yaml by its dotted key, e.g. uiString('es', 'opensInNewTab'). */
export function uiString(locale: Locale, key: string): string {
  const ui = parseYaml(readFileSync(join(ROOT, 'content', locale, 'ui.yaml'), 'utf8'));
  const value = key.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), ui);
  if (typeof value !== 'string') throw new Error(`content/${locale}/ui.yaml has no string at ${key}`);
  return value;
}
