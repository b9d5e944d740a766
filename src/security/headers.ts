// The HTTP headers of a site: written to dist/_headers for static hosts, and read back from there by
// `serve` and (with what plain HTTP on a local network cannot use taken out) by `dev`, so a policy
// mistake shows while developing, not after deploying. Frames are allowed only from the origins the
// site names (its form and maps providers).
import type { HeaderRule } from './headers-file.ts';

export function contentSecurityPolicy(frameSources: string[]): string {
  const frameHosts = [...new Set(frameSources.map((url) => new URL(url).origin))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameHosts.length ? frameHosts.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** Headers for every response. */
export function securityHeaders(frameSources: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(frameSources),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    // Prefetch same-origin pages on hover or tap (static/speculation-rules.json): no inline script, so the CSP stays strict.
    'Speculation-Rules': `"${SPECULATION_RULES.url}"`,
  };
}

/**
 * The rules of the site's _headers file. Each header is set by one rule per path: hosts join the values
 * of every matching rule, so a second Cache-Control (or policy) for a path would be sent as two.
 * HTML needs no Cache-Control rule: revalidating is what hosts (and serve) do by default.
 */
export function headerRules(frameSources: string[]): HeaderRule[] {
  return [
    { path: '/*', headers: securityHeaders(frameSources) },
    { path: '/assets/*', headers: { 'Cache-Control': CACHE_IMMUTABLE } },
    { path: SPECULATION_RULES.url, headers: { 'Content-Type': SPECULATION_RULES.contentType } },
  ];
}

/**
 * The headers `dev` sends: production's, minus what breaks plain HTTP on a local network (people test
 * on a phone at http://192.168.…): no HSTS, no upgrade-insecure-requests.
 */
export function devHeaders(headers: Record<string, string>): Record<string, string> {
  const dev: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'strict-transport-security') continue;
    dev[name] = name.toLowerCase() === 'content-security-policy' ? value.split(/\s*;\s*/).filter((d) => d !== 'upgrade-insecure-requests').join('; ') : value;
  }
  return dev;
}

/** The speculation rules file; browsers ignore it unless it has this content type. */
export const SPECULATION_RULES = { url: '/speculation-rules.json', contentType: 'application/speculationrules+json' };

/** Hashed assets never change; HTML is revalidated on every visit. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
export const HASHED_ASSET = /^\/assets\//;
