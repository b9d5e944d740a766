// The HTTP headers of a site: written to dist/_headers for static hosts, and read back from there by
// `serve` and (with what plain HTTP on a local network cannot use taken out) by `dev`, so a policy
// mistake shows while developing, not after deploying. The values are the engine's neutral defaults,
// adjusted by the site's definition (`output.headers`).
import type { HeadersPolicy } from '../site/definition.ts';
import { formatCsp, STRICT_CSP, withChanges } from './csp.ts';
import type { HeaderRule } from './headers-file.ts';

/** A year of HTTPS for this host only: subdomains are the site owner's to opt in. */
const DEFAULT_HSTS = 'max-age=31536000';

/** Hashed assets never change; HTML is revalidated on every visit. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Headers for every response. */
export function securityHeaders(policy: HeadersPolicy = {}): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Security-Policy': formatCsp(withChanges(STRICT_CSP, policy.csp)) };
  const hsts = policy.hsts ?? DEFAULT_HSTS;
  if (hsts) headers['Strict-Transport-Security'] = hsts;
  return {
    ...headers,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    ...policy.extra,
  };
}

/**
 * The rules of the _headers file. Each header is set by one rule per path: hosts join the values of
 * every matching rule, so a second Cache-Control (or policy) for a path would be sent as two. HTML
 * needs no Cache-Control rule: revalidating is what hosts (and serve) do by default.
 */
export function headerRules(policy: HeadersPolicy = {}): HeaderRule[] {
  return [
    { path: '/*', headers: securityHeaders(policy) },
    { path: '/assets/*', headers: { 'Cache-Control': CACHE_IMMUTABLE } },
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
