// An nginx 1.22 server block (with libnginx-mod-http-brotli-static) from _headers and _redirects, answering as the default host.
import type { HeaderRule } from '../site/plugin.ts';
import { CACHE_REVALIDATE } from '../security/headers.ts';
import { patternRegex } from '../security/headers-file.ts';
import { decodedPath } from '../routes/urls.ts';

export interface ServerSettings {
  /** The published folder on the server. */
  root: string;
  /** What nginx or Caddy listens on: a port, or address:port. */
  listen: string;
  rules: HeaderRule[];
  redirects: { from: string; to: string; status: number }[];
  /** First-level folders with a 404.html of their own (the locales). */
  locales: string[];
}

/** An anchored pattern as an nginx or Caddy string: its closing "$" is the only one allowed. */
export function quotedPattern(regex: string): string {
  return `${quoted(regex.replace(/\$$/, ''))}`.replace(/"$/, '$"');
}

/** Quotes and backslashes escaped; what either server reads as a variable or placeholder ($, {, }) or a line break, refused. */
export function quoted(value: string): string {
  if (/[$\n\r{}]/.test(value)) throw new Error(`a header or path holds a character a server configuration cannot carry safely: ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** A header name, listen address or locale as a bare word: anything else is refused, never written. */
export function word(value: string, what: string, shape: RegExp): string {
  if (!shape.test(value)) throw new Error(`${what} ${JSON.stringify(value)} cannot be written into a server configuration safely`);
  return value;
}
export const HEADER_NAME = /^[A-Za-z0-9!#%&'*+.^_`|~-]+$/;
export const LISTEN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)?:?\d{1,5}$/;
export const LOCALE = /^[A-Za-z0-9-]+$/;

/** A character as a browser sends it in a path, percent-encoded in either case ("é" → "%[Cc]3%[Aa]9"). */
const escapes = (c: string) => [...Buffer.from(c)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0').replace(/[A-F]/g, (d) => `[${d}${d.toLowerCase()}]`)}`).join('');

/**
 * A _headers pattern matched against the path as it was sent ($request_uri; $uri is the file try_files found, "/about.html"
 * for "/about"): what a browser percent-encodes (an accent, a space, a quote) matches as itself or as its escape.
 */
export function sentPattern(pattern: string): string {
  return patternRegex(pattern).replace(/[^\x21-\x7e]|["<>`]/gu, (c) => `(?:${c}|${escapes(c)})`);
}

export function nginxConf({ root, listen, rules, redirects, locales }: ServerSettings): string {
  const maps: string[] = ['# The request path without its query: what _headers rules match, as the hosts do (also on a 404).', 'map $request_uri $site_path {', '  "~^(?<path>[^?]*)" $path;', '}'];
  const adds: string[] = [];
  const types: string[] = [];
  rules.forEach((rule, i) => {
    Object.entries(rule.headers).forEach(([name, value], j) => {
      if (name.toLowerCase() === 'content-type') {
        // nginx would send a second Content-Type: the type of an exact path is set where it is served.
        if (!/[*:]/.test(rule.path)) types.push(`  location = ${quoted(rule.path)} {\n    types { }\n    default_type ${quoted(value)};\n  }`);
        return;
      }
      const variable = `$site_h${i}_${j}`;
      maps.push(`map $site_path ${variable} {`, `  ${quotedPattern(`~${sentPattern(rule.path)}`)} ${quoted(value)};`, '  default "";', '}');
      // Every matching rule adds its header (nginx leaves out an empty one); always: on 404s too.
      adds.push(`  add_header ${word(name, 'the header name', HEADER_NAME)} ${variable} always;`);
    });
  });
  // Without a rule's Cache-Control, revalidated on every visit, as `serve` does.
  const cached = rules.filter((rule) => Object.keys(rule.headers).some((name) => name.toLowerCase() === 'cache-control'));
  maps.push('map $site_path $site_cache {', ...cached.map((rule) => `  ${quotedPattern(`~${sentPattern(rule.path)}`)} "";`), `  default ${quoted(CACHE_REVALIDATE)};`, '}');
  adds.push('  add_header Cache-Control $site_cache always;');
  maps.push('map $site_path $site_404 {', ...locales.map((l) => `  ${quoted(`~^/${word(l, 'the locale', LOCALE)}/`)} /${l}/404.html;`), '  default /404.html;', '}');
  // nginx matches a location against the request's path decoded.
  const own = redirects.map((r) => `  location = ${quoted(decodedPath(r.from))} {\n    return ${r.status} ${quoted(r.to)};\n  }`);
  return `# Made by \`site stage\` from the build's _headers and _redirects: include it in nginx's http { } block
# (Debian: /etc/nginx/sites-enabled/), with the brotli_static module loaded
# (apt install libnginx-mod-http-brotli-static).
${maps.join('\n')}

server {
  listen ${word(listen, 'the listen address', LISTEN)};
  root ${quoted(root)};
  server_tokens off;
  absolute_redirect off;
  # The _headers rules match the path as it was sent: another spelling of a path (doubled slashes, a dot
  # segment, a percent-encoded letter or digit) is moved to the path itself, never served without them.
  if ($request_uri ~ "^[^?]*(//|/\\.\\.?(/|[?]|$)|%(2[deDE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE]))") {
    return 308 $uri$is_args$args;
  }
  # The build's .br and .gz twins when the browser accepts them, compressed on the fly otherwise; Vary either way.
  brotli_static on;
  gzip_static on;
  gzip on;
  gzip_vary on;
  gzip_types text/css application/javascript application/json application/xml image/svg+xml text/plain application/manifest+json application/rss+xml application/atom+xml application/feed+json;
${adds.join('\n')}

  error_page 404 $site_404;

  # Hidden files (the engine's records among them, were they there) are never served; /.well-known/ is.
  location ~ /\\.(?!well-known/) {
    return 404;
  }
  # The twins are sent for the file they compress, never at an address of their own.
  location ~ \\.(br|gz)$ {
    return 404;
  }
  # The 404 pages are sent as answers, never as pages of their own.
  location ~ ^(/[^/]+)?/404\\.html$ {
    internal;
  }
  # One URL per page: /about.html and /about/ lead to /about; /index.html to its folder.
  location ~ ^(?<page>.*)/index\\.html$ {
    return 308 $page/$is_args$args;
  }
  location ~ ^(?<page>/.+)\\.html$ {
    return 308 $page$is_args$args;
  }
  location ~ ^(?<page>/.+)/$ {
    if (-f $document_root$page.html) {
      return 308 $page$is_args$args;
    }
    try_files \${uri}index.html =404;
  }
  location = / {
    try_files /index.html =404;
  }
${[...own, ...types].join('\n')}
  location / {
    try_files $uri $uri.html @folder;
  }
  # A folder with an index (a locale's home): its URL ends with a slash.
  location @folder {
    if (-f $document_root$uri/index.html) {
      return 308 $uri/$is_args$args;
    }
    return 404;
  }
}
`;
}
