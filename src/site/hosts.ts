// Where a site is published, and what each host does with the output: the build writes _redirects in its dialect, and
// `site stage` copies exactly what it should get (docs/deploy.md).
export const HOSTS = ['cloudflare-pages', 'netlify', 'github-pages', 'nginx', 'caddy'] as const;
export type Host = (typeof HOSTS)[number];

/** Every site's default: reads _headers and _redirects, finds each folder's 404.html, compresses at the edge. */
export const DEFAULT_HOST: Host = 'cloudflare-pages';

export interface HostTraits {
  /** Applies the _headers file (the CSP and the other security headers). */
  readsHeaders: boolean;
  /** Applies the _redirects file; 'forced' needs "301!" to redirect where a file answers too (Netlify). */
  redirects: false | 'plain' | 'forced';
  /** Needs "/es/*  /es/404.html  404" to send a locale's 404 page (Netlify); the others find the nearest 404.html. */
  notFoundRules: boolean;
  /** Sends the .br/.gz twins the build wrote (nginx's brotli_static and gzip_static, Caddy's precompressed). */
  usesTwins: boolean;
}

export const HOST_TRAITS: Record<Host, HostTraits> = {
  // Cloudflare rejects a 404 "redirect" and "301!", applies redirects before files, looks for 404.html up the path.
  'cloudflare-pages': { readsHeaders: true, redirects: 'plain', notFoundRules: false, usesTwins: false },
  netlify: { readsHeaders: true, redirects: 'forced', notFoundRules: true, usesTwins: false },
  // GitHub Pages reads neither file: the build puts the CSP in each page's <meta> (docs/deploy.md says what is lost).
  'github-pages': { readsHeaders: false, redirects: false, notFoundRules: false, usesTwins: false },
  // The configurations `site stage` writes are made from _headers and _redirects.
  nginx: { readsHeaders: true, redirects: 'plain', notFoundRules: false, usesTwins: true },
  caddy: { readsHeaders: true, redirects: 'plain', notFoundRules: false, usesTwins: true },
};

export function isHost(name: unknown): name is Host {
  return typeof name === 'string' && (HOSTS as readonly string[]).includes(name);
}
