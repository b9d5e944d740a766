// A strict default (this origin only, no inline script or style, no frames or plugins), adjusted per directive by the site.

import type { CspChanges } from '../site/definition.ts';
// Directive → its sources; empty for one without any (upgrade-insecure-requests).
import type { CspDirectives } from '../site/plugin.ts';

/** Made fresh for each use, so no caller can change it for the others. */
export function strictCsp(): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': [],
  };
}

/** A policy with changes applied: directives keep their order, new ones come last. */
export function withChanges(base: CspDirectives, changes: CspChanges = {}): CspDirectives {
  const policy: Record<string, readonly string[]> = {};
  for (const [name, sources] of Object.entries(base)) {
    const change = changes[name];
    if (change === false) continue;
    policy[name] = change ?? sources;
  }
  for (const [name, change] of Object.entries(changes)) if (!(name in base) && change !== false) policy[name] = change;
  return policy;
}

/** A host source: [scheme://]host or *.host[:port][/path]. */
const HOST_SOURCE = /^(?:([a-z][a-z\d+.-]*):\/\/)?(\*\.)?([^/:*]+)(?::(\d+|\*))?(\/.*)?$/;

/** Whether a directive's sources let a page load this address from another site, as CSP matches them (case aside). */
export function cspAllows(sources: readonly string[], url: URL): boolean {
  // http: and http://host also allow https (CSP 3); a source with no scheme, the page's own (https) and http.
  const schemeFits = (scheme: string) => `${scheme}:` === url.protocol || (scheme === 'http' && url.protocol === 'https:');
  return sources.some((raw) => {
    const source = raw.toLowerCase();
    if (source === '*') return url.protocol === 'http:' || url.protocol === 'https:';
    if (/^[a-z][a-z\d+.-]*:$/.test(source)) return schemeFits(source.slice(0, -1));
    const [, scheme, wild, host, port, path] = HOST_SOURCE.exec(source) ?? [];
    if (!host || (scheme ? !schemeFits(scheme) : !['http:', 'https:'].includes(url.protocol))) return false;
    return (wild ? url.hostname.endsWith(`.${host}`) : url.hostname === host) && (port === '*' || (port ?? '') === url.port) && (!path || (path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path));
  });
}

/** Each image from another site the policy would not let a browser show, as a warning where it is written. */
export function blockedImages(images: readonly { file: string; href: string }[], policy: CspDirectives): { file: string; message: string }[] {
  const sources = policy['img-src'] ?? policy['default-src'];
  if (!sources) return [];
  return images.flatMap(({ file, href }) => {
    const url = new URL(href, 'https://site.invalid/');
    if (cspAllows(sources, url)) return [];
    const name = url.pathname.split('/').pop() || 'image.png';
    return [{ file, message: `shows an image from another site, "${href}", and the pages' content policy lets a browser show images from ${sources.join(' ')} only: it would not be shown. Copy it into the static folder and write its address here (/images/${name}), or have a developer allow ${url.origin} (csp: { 'img-src': [...] } in the site definition)` }];
  });
}

export function formatCsp(policy: CspDirectives): string {
  return Object.entries(policy).map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** Origins for a source list ("https://forms.example.com/embed/x" → "https://forms.example.com"). */
export function origins(urls: readonly string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).origin))];
}
