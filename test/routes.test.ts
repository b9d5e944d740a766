// The URL helpers: English at the spec's routes, Spanish under /es, files that static hosts serve
// without redirects.
import { describe, expect, it } from 'vitest';
import { absoluteUrl, fileOfUrl, localeOfPath, localeUrl } from '../src/routes/urls.ts';

describe('URLs', () => {
  it('puts English at the spec\'s routes and Spanish under /es', () => {
    expect(localeUrl('en', '/')).toBe('/');
    expect(localeUrl('en', '/services/vaccines')).toBe('/services/vaccines');
    expect(localeUrl('es', '/')).toBe('/es/');
    expect(localeUrl('es', '/about')).toBe('/es/about');
  });

  it('tells the locale of any request path', () => {
    expect(localeOfPath('/es')).toBe('es');
    expect(localeOfPath('/es/nada')).toBe('es');
    expect(localeOfPath('/essay')).toBe('en');
    expect(localeOfPath('/nope')).toBe('en');
  });

  it('writes each page as <path>.html and the homes as index.html', () => {
    expect(fileOfUrl('/')).toBe('index.html');
    expect(fileOfUrl('/es/')).toBe('es/index.html');
    expect(fileOfUrl('/about')).toBe('about.html');
    expect(fileOfUrl('/es/services/vaccines')).toBe('es/services/vaccines.html');
  });

  it('joins the base URL without doubling slashes', () => {
    expect(absoluteUrl('https://clinic.example/', '/es/')).toBe('https://clinic.example/es/');
  });
});
