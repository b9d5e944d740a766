// Written to dist/_headers and read back by serve and dev, so a policy mistake shows before deploying.
import type { HeadersPolicy } from '../site/definition.ts';
import { formatCsp, strictCsp, withChanges } from './csp.ts';
import type { HeaderRule } from './headers-file.ts';
import type { CspDirectives, PolicyArea } from '../site/plugin.ts';

/** A year of HTTPS for this host only: subdomains are the site owner's to opt in. */
const DEFAULT_HSTS = 'max-age=31536000';

/** Hashed assets never change; HTML is revalidated on every visit. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

export function securityHeaders(policy: HeadersPolicy = {}): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Security-Policy': formatCsp(withChanges(strictCsp(), policy.csp)) };
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


/** One rule per header per path: hosts join matching rules' values, so a second Cache-Control or policy would be sent as two.
 * With an area of its own policy (the editor), the site's policy cannot sit on "/*" (the area would get both, and the strict
 * one wins): it goes on "/", "/:page" and each other top-level folder. HTML needs no Cache-Control: hosts revalidate. */
export function headerRules(policy: HeadersPolicy = {}, layout?: { topDirs: readonly string[]; areas: readonly PolicyArea[] }): HeaderRule[] {
  const headers = securityHeaders(policy);
  if (!layout?.areas.length) {
    return [
      { path: '/*', headers },
      { path: '/assets/*', headers: { 'Cache-Control': CACHE_IMMUTABLE } },
    ];
  }
  const { 'Content-Security-Policy': csp, ...rest } = headers;
  const strict = { 'Content-Security-Policy': csp! };
  const dirs = [...new Set(layout.topDirs)].filter((dir) => !layout.areas.some((area) => area.dir === dir)).sort();
  return [
    { path: '/*', headers: rest },
    { path: '/', headers: strict },
    { path: '/:page', headers: strict },
    ...dirs.map((dir) => ({ path: `/${dir}/*`, headers: strict })),
    ...layout.areas.map((area) => ({ path: `/${area.dir}/*`, headers: { 'Content-Security-Policy': formatCsp(area.csp) } })),
    { path: '/assets/*', headers: { 'Cache-Control': CACHE_IMMUTABLE } },
  ];
}

/** Production's headers minus what breaks plain HTTP on a local network (a phone at http://192.168.…). */
export function devHeaders(headers: Record<string, string>): Record<string, string> {
  const dev: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'strict-transport-security') continue;
    dev[name] = name.toLowerCase() === 'content-security-policy' ? value.split(/\s*;\s*/).filter((d) => d !== 'upgrade-insecure-requests').join('; ') : value;
  }
  return dev;
}

/** For a <meta http-equiv>: without the directives browsers ignore there, and for dev without upgrade-insecure-requests. */
export function metaCsp(policy: HeadersPolicy = {}, { dev = false } = {}): string {
  const directives = withChanges(strictCsp(), policy.csp);
  const kept = Object.fromEntries(Object.entries(directives).filter(([name]) => !['frame-ancestors', 'report-uri', 'report-to', 'sandbox'].includes(name) && !(dev && name === 'upgrade-insecure-requests')));
  return formatCsp(kept);
}
