// The HTTP headers every response carries: written to dist/_headers for static hosts and sent by
// `serve`. Frames are allowed only from the origins the site names (its form and maps providers).

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

/** The speculation rules file; browsers ignore it unless it has this content type. */
export const SPECULATION_RULES = { url: '/speculation-rules.json', contentType: 'application/speculationrules+json' };

/** Hashed assets never change; HTML is revalidated on every visit. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
export const HASHED_ASSET = /^\/assets\//;
