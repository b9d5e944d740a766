// Links on every built page: internal links and assets resolve (fragments included), links that open a
// new tab are safe and say so to screen-reader users in the page's language, and no link is a dud.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.ts';
import { attr, collapse, elements, openingTag, textOf, type Element } from './lib/html.ts';
import { fileForPath, loadPages, LOCALES, uiString, type Page } from './lib/site.ts';

let dist: string;
let pages: Page[];
/** dist/ file → the element ids on it (HTML pages parsed; other files read on demand). */
const idsByFile = new Map<string, Set<string>>();

beforeAll(() => {
  dist = inject('distDir');
  pages = loadPages(dist);
  for (const page of pages) {
    idsByFile.set(page.file, new Set([...elements(page.doc)].map((el) => attr(el, 'id')).filter((id): id is string => !!id)));
  }
});

function idsIn(file: string): Set<string> {
  let ids = idsByFile.get(file);
  if (!ids) {
    // An SVG or other markup file: its id="…" attributes (e.g. sprite symbols).
    ids = new Set(Array.from(readFileSync(join(dist, file), 'utf8').matchAll(/\sid="([^"]+)"/g), (m) => m[1]!));
    idsByFile.set(file, ids);
  }
  return ids;
}

/** Why a site-internal URL ("/about", "/es/contact#appointment", "#main") does not resolve, or undefined. */
function problemWith(url: string, page: Page): string | undefined {
  const hash = url.indexOf('#');
  const pathAndQuery = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? undefined : url.slice(hash + 1);
  const path = pathAndQuery.split('?')[0]!;
  const file = path === '' ? page.file : fileForPath(dist, path);
  if (!file) return `no page or file at "${path}" (looked for dist${path.endsWith('/') ? `${path}index.html` : /\.\w+$/.test(path) ? path : `${path}.html`})`;
  if (!fragment) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    return `"#${fragment}" is not a valid fragment`;
  }
  return idsIn(file).has(id) ? undefined : `no element with id="${id}" in ${file}`;
}

const isInternal = (url: string) => (url.startsWith('/') && !url.startsWith('//')) || url.startsWith('#');

/** Attributes that hold one URL; srcset holds several. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action', 'xlink:href', 'data'];

/** Every URL the page's markup references: [element, attribute, url]. */
function* references(page: Page): Generator<[Element, string, string]> {
  for (const el of elements(page.doc)) {
    for (const a of el.attrs) {
      const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
      if (URL_ATTRIBUTES.includes(name)) yield [el, name, a.value.trim()];
      if (name === 'srcset' || name === 'imagesrcset') {
        for (const candidate of a.value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) yield [el, name, url];
        }
      }
    }
  }
}

/** The URLs the islands render in the browser, from the page's island-props JSON: [where, url]. */
function* islandUrls(page: Page): Generator<[string, string]> {
  const script = [...elements(page.doc)].find((el) => el.tagName === 'script' && attr(el, 'id') === 'island-props');
  if (!script) return;
  const json = JSON.parse(script.childNodes.map((n) => ('value' in n ? n.value : '')).join(''));
  function* walk(value: unknown, where: string): Generator<[string, string]> {
    if (typeof value === 'string') yield [where, value];
    else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${where}[${i}]`);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, `${where}.${k}`);
  }
  yield* walk(json, 'island-props');
}

/** Absolute URLs on the site's own origin in JSON-LD (e.g. "https://www.example.com/about"): [where, url]. */
function* structuredDataUrls(page: Page, origin: string): Generator<[string, string]> {
  const scripts = [...elements(page.doc)].filter((el) => el.tagName === 'script' && attr(el, 'type') === 'application/ld+json');
  function* walk(value: unknown, where: string, key: string): Generator<[string, string]> {
    // "@id" names a node of the graph; it is an identifier, not a link to follow.
    if (typeof value === 'string' && key !== '@id' && value.startsWith(`${origin}/`)) yield [where, value.slice(origin.length)];
    else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${where}[${i}]`, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, `${where}.${k}`, k);
  }
  for (const script of scripts) yield* walk(JSON.parse(textOf(script)), 'JSON-LD', '');
}

const where = (page: Page) => `${page.url} (dist/${page.file})`;
const report = (problems: string[], rule: string) => `${problems.length} ${rule}:\n${problems.join('\n')}\n`;

describe('internal links and assets', () => {
  it('every href/src/srcset starting with "/" or "#" resolves to a file of dist/, and its #fragment to an id there', () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const [el, name, url] of references(page)) {
        if (!isInternal(url)) continue;
        const problem = problemWith(url, page);
        if (problem) problems.push(`${where(page)}: ${name}="${url}" on ${openingTag(el, page.html)} → ${problem}`);
      }
    }
    expect(problems.length, report(problems, 'broken internal link(s) or asset(s)')).toBe(0);
  });

  it('every internal URL the interactive widgets render (island-props) resolves too', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const [path, url] of islandUrls(page)) {
        if (!isInternal(url)) continue;
        checked++;
        const problem = problemWith(url, page);
        if (problem) problems.push(`${where(page)}: widget link ${path} = "${url}" → ${problem}`);
      }
    }
    expect(checked, 'internal URLs found in island-props').toBeGreaterThan(0);
    expect(problems.length, report(problems, 'broken widget link(s)')).toBe(0);
  });

  it('every URL on the site’s own origin in the structured data (JSON-LD) resolves to a file of dist/', () => {
    const site = parseYaml(readFileSync(join(ROOT, 'content/site.yaml'), 'utf8')) as { baseUrl: string };
    const origin = new URL(site.baseUrl).origin;
    const problems: string[] = [];
    for (const page of pages) {
      for (const [path, url] of structuredDataUrls(page, origin)) {
        const problem = problemWith(url, page);
        if (problem) problems.push(`${where(page)}: ${path} = "${origin}${url}" → ${problem}`);
      }
    }
    expect(problems.length, report(problems, 'broken URL(s) in structured data')).toBe(0);
  });
});

describe('links that open a new tab (target="_blank")', () => {
  const hint = Object.fromEntries(LOCALES.map((locale) => [locale, uiString(locale, 'opensInNewTab')]));

  /** What a screen reader announces for the link: aria-labelledby, else aria-label, else its text. */
  function accessibleName(el: Element, page: Page): string {
    const labelledBy = attr(el, 'aria-labelledby');
    if (labelledBy) {
      const byId = new Map([...elements(page.doc)].map((e) => [attr(e, 'id'), e]));
      return collapse(labelledBy.split(/\s+/).map((id) => (byId.get(id) ? textOf(byId.get(id)!) : '')).join(' '));
    }
    const label = attr(el, 'aria-label')?.trim();
    return label ? collapse(label) : textOf(el);
  }

  const newTabLinks = (page: Page) => [...elements(page.doc)].filter((el) => (el.tagName === 'a' || el.tagName === 'area') && attr(el, 'target')?.toLowerCase() === '_blank');

  it('have rel="noopener noreferrer"', () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const el of newTabLinks(page)) {
        const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/\s+/);
        const missing = ['noopener', 'noreferrer'].filter((token) => !rel.includes(token));
        if (missing.length) problems.push(`${where(page)}: ${openingTag(el, page.html)} → rel lacks ${missing.join(' and ')}`);
      }
    }
    expect(problems.length, report(problems, 'new-tab link(s) without rel="noopener noreferrer"')).toBe(0);
  });

  it(`tell screen-reader users, in the page's language, that they open a new tab ("${hint.en}" / "${hint.es}")`, () => {
    const problems: string[] = [];
    let checked = 0;
    for (const page of pages) {
      const expected = hint[page.locale]!;
      for (const el of newTabLinks(page)) {
        checked++;
        const name = accessibleName(el, page);
        if (!name.includes(expected)) problems.push(`${where(page)}: ${openingTag(el, page.html)} is announced as "${name}" → should include "${expected}"`);
      }
    }
    expect(checked, 'new-tab links found on the site').toBeGreaterThan(0);
    expect(problems.length, report(problems, 'new-tab link(s) that do not say so')).toBe(0);
  });
});

it('no link has an empty href, a bare "#" or a "javascript:" URL', () => {
  const problems: string[] = [];
  for (const page of pages) {
    for (const el of elements(page.doc)) {
      if (!['a', 'area', 'link'].includes(el.tagName)) continue;
      const href = attr(el, 'href');
      if (href === undefined) continue;
      // Browsers ignore leading/trailing whitespace and control characters, and tabs/newlines anywhere.
      const url = href.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
      const problem = url === '' ? 'empty href (reloads the page)' : url === '#' ? 'href="#" goes nowhere' : /^javascript:/i.test(url) ? 'javascript: URL' : undefined;
      if (problem) problems.push(`${where(page)}: ${openingTag(el, page.html)} → ${problem}`);
    }
  }
  expect(problems.length, report(problems, 'dud link(s)')).toBe(0);
});
