// The URL helpers: the default locale at the site's paths, the others under /<code>, files that
// static hosts serve without redirects.
import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalPath, decodedPath, fileOfUrl, hasInvisible, hrefPath, isPlainRelative, isSlug, localeUrls, originOf } from '../src/routes/urls.ts';

const { localeUrl, localeOfPath, href, pathOf } = localeUrls(['en', 'es', 'fr'], 'en');

describe('URLs', () => {
  it('puts the default locale at the site\'s paths and the others under /<code>', () => {
    expect(localeUrl('en', '/')).toBe('/');
    expect(localeUrl('en', '/services/vaccines')).toBe('/services/vaccines');
    expect(localeUrl('es', '/')).toBe('/es/');
    expect(localeUrl('es', '/about')).toBe('/es/about');
    expect(localeUrl('fr', '/about')).toBe('/fr/about');
  });

  it('follows the configured default locale, whichever it is', () => {
    const spanishFirst = localeUrls(['en', 'es'], 'es');
    expect(spanishFirst.localeUrl('es', '/about')).toBe('/about');
    expect(spanishFirst.localeUrl('en', '/about')).toBe('/en/about');
    expect(spanishFirst.localeOfPath('/nada')).toBe('es');
  });

  it('tells the locale of any request path', () => {
    expect(localeOfPath('/es')).toBe('es');
    expect(localeOfPath('/es/nada')).toBe('es');
    expect(localeOfPath('/fr/rien')).toBe('fr');
    expect(localeOfPath('/essay')).toBe('en');
    expect(localeOfPath('/nope')).toBe('en');
  });

  it('keeps a #fragment on a link', () => {
    expect(href('es', '/contact#appointment')).toBe('/es/contact#appointment');
    expect(href('en', '/#services')).toBe('/#services');
    expect(href('es', '/#services')).toBe('/es/#services');
    // An empty fragment is dropped; a path without one is left as it is.
    expect(href('es', '/about#')).toBe('/es/about');
    expect(href('fr', '/about')).toBe('/fr/about');
  });

  it('tells the path a URL shows in every locale, fragment kept', () => {
    expect(pathOf('/es/about')).toBe('/about');
    expect(pathOf('/es/')).toBe('/');
    expect(pathOf('/es')).toBe('/');
    expect(pathOf('/es#top')).toBe('/#top');
    expect(pathOf('/fr/a/b#c')).toBe('/a/b#c');
    expect(pathOf('/essay')).toBe('/essay');
    expect(pathOf('/en/about')).toBe('/en/about');
    expect(pathOf('/about')).toBe('/about');
  });

  it('writes each page as <path>.html and the homes as index.html', () => {
    expect(fileOfUrl('/')).toBe('index.html');
    expect(fileOfUrl('/es/')).toBe('es/index.html');
    expect(fileOfUrl('/about')).toBe('about.html');
    expect(fileOfUrl('/es/services/vaccines')).toBe('es/services/vaccines.html');
  });

  it('joins the base URL without doubling slashes', () => {
    expect(absoluteUrl('https://clinic.example/', '/es/')).toBe('https://clinic.example/es/');
    expect(absoluteUrl('https://clinic.example//', '/a')).toBe('https://clinic.example/a');
    expect(absoluteUrl('https://clinic.example', '/a')).toBe('https://clinic.example/a');
  });
});

describe('names and links as addresses', () => {
  it('takes a slug of lowercase words in any script, in its usual form, with nothing invisible in it', () => {
    // Persian spells some words with a zero-width non-joiner between letters ("می‌خواهم"); Devanagari with a joiner.
    for (const ok of ['pan-cubano', 'café', 'パン', 'مخبز', '2026-menu', 'می\u200cخواهم', 'کتاب\u200cها-نو', 'क्\u200dष']) expect(isSlug(ok), ok).toBe(true);
    // A joiner at a word's end, before a dash or a digit, or two in a row, is no spelling: it hides in the address.
    for (const bad of ['می\u200c', 'می\u200c-ها', 'a\u200cb', 'می\u200c\u200cخواهم']) expect(isSlug(bad), JSON.stringify(bad)).toBe(false);
    // Capitals, spaces, the decomposed form of "é", a zero-width space, a direction mark, a no-break space.
    for (const bad of ['Pan', 'pan cubano', 'cafe\u0301', 'pan\u200bcubano', 'pan\u200ecubano', 'pan\u00a0cubano', '']) expect(isSlug(bad), JSON.stringify(bad)).toBe(false);
  });

  it('writes a link with what an address may not hold bare percent-encoded, escapes kept, a lone surrogate as U+FFFD', () => {
    expect(hrefPath('/blog/café au lait')).toBe('/blog/caf%C3%A9%20au%20lait');
    expect(hrefPath('/a%20b/100%/"x"<y>`{|}^\\')).toBe('/a%20b/100%25/%22x%22%3Cy%3E%60%7B%7C%7D%5E%5C');
    expect(hrefPath('/pan/\ud800')).toBe('/pan/%EF%BF%BD');
    expect(hrefPath('/emoji/😀')).toBe('/emoji/%F0%9F%98%80');
  });
});

describe('paths inside a folder, and the origin a site is published at', () => {
  it('a plain relative path has no ".", ".." or empty part, no backslash, and does not start at the root', () => {
    for (const ok of ['a', 'a/b.png', 'fotos/café.jpg', '.well-known/x']) expect(isPlainRelative(ok), ok).toBe(true);
    for (const bad of ['', '/a', 'a//b', 'a/./b', '../a', 'a/..', '.', 'a\\b', 'a/']) expect(isPlainRelative(bad), JSON.stringify(bad)).toBe(false);
  });

  it('decodes each segment of a path, keeps one that is no valid escape, and spells it once encoded', () => {
    expect(decodedPath('/images/my%20photo.jpg')).toBe('/images/my photo.jpg');
    expect(decodedPath('/a%2Fb/100%/c')).toBe('/a/b/100%/c');
    expect(canonicalPath('/c++/c%2b%2B')).toBe('/c%2B%2B/c%2B%2B');
    expect(fileOfUrl('/es/caf%C3%A9')).toBe('es/café.html');
  });

  it('sees what shows nothing, but the joiners Persian and Indic words need', () => {
    for (const hidden of ['a\u200bb', 'a\u00a0b', 'a\u3000b', 'a\ufe0fb', 'a\u2800b']) expect(hasInvisible(hidden), JSON.stringify(hidden)).toBe(true);
    for (const shown of ['می\u200cخواهم', 'क्\u200dष', 'plain text']) expect(hasInvisible(shown), JSON.stringify(shown)).toBe(false);
  });

  it('takes an http(s) origin with no path, and says why not otherwise', () => {
    expect(originOf('https://clinic.example')).toEqual({ origin: 'https://clinic.example' });
    expect(originOf('http://clinic.example:8080/')).toEqual({ origin: 'http://clinic.example:8080' });
    expect(originOf('https://café.example')).toEqual({ origin: 'https://xn--caf-dma.example' });
    for (const bad of ['clinic.example', 'ftp://clinic.example', 'not a url']) expect(originOf(bad), bad).toEqual({ why: expect.stringMatching(/^is not an absolute http\(s\) URL/) });
    for (const bad of ['https://example.org/clinic', 'https://example.org/?a=1', 'https://example.org/#x']) expect(originOf(bad), bad).toEqual({ why: expect.stringMatching(/^has a path/) });
  });
});
