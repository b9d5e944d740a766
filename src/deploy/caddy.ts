// A Caddyfile (Caddy 2.6) from _headers and _redirects, answering as the default host.
import { CACHE_REVALIDATE } from '../security/headers.ts';
import { patternRegex } from '../security/headers-file.ts';
import { HEADER_NAME, LISTEN, LOCALE, quoted as nginxQuoted, word, type ServerSettings } from './nginx.ts';

/** Caddy keeps a backslash unless a quote follows it (nginx reads "\\" as one), so only quotes are escaped; what nginx's
 * quoting refuses, and a backslash before a quote or at the end, are refused. */
function quoted(value: string): string {
  nginxQuoted(value);
  if (/\\("|$)/.test(value)) throw new Error(`a header or path holds a character a server configuration cannot carry safely: ${JSON.stringify(value)}`);
  return `"${value.replace(/"/g, '\\"')}"`;
}
/** Its closing "$" is the only one allowed. */
const quotedPattern = (regex: string) => quoted(regex.replace(/\$$/, '')).replace(/"$/, '$"');

export function caddyfile({ root, listen, rules, redirects, locales }: ServerSettings): string {
  const port = /^\d+$/.test(listen) ? `:${listen}` : word(listen, 'the listen address', LISTEN);
  const matchers: string[] = [];
  const headers: string[] = [];
  rules.forEach((rule, i) => {
    matchers.push(`\t@rule${i} path_regexp ${quotedPattern(patternRegex(rule.path))}`);
    // Each rule adds its headers; a header of several matching rules is sent once for each (as a list).
    for (const [name, value] of Object.entries(rule.headers)) headers.push(`\theader @rule${i} +${word(name, 'the header name', HEADER_NAME)} ${quoted(value)}`);
  });
  const own = redirects.map((r) => `\t\tredir ${quoted(r.from)} ${quoted(r.to)} ${r.status}`);
  const notFound = [...locales.map((l) => `\t\t@in_${l.replace(/\W/g, '_')} path /${word(l, 'the locale', LOCALE)}/*\n\t\trewrite @in_${l.replace(/\W/g, '_')} /${l}/404.html`)];
  return `# Made by \`site stage\` from the build's _headers and _redirects (Caddy 2.6): caddy run --config Caddyfile
{
\tadmin off
\tauto_https off
}

http://${port} {
\troot * ${quoted(root)}
${matchers.join('\n')}
${headers.join('\n')}
\t# A response no rule gives a Cache-Control is revalidated on every visit (pages, the 404s), as \`serve\` does.
\theader ?Cache-Control ${quoted(CACHE_REVALIDATE)}
\theader -Server

\t# In this order: refusals, the site's redirects, one URL per page, then the files.
\troute {
\t\t# Hidden files (the engine's records among them, were they there) are never served; /.well-known/ is.
\t\t@hidden {
\t\t\tpath_regexp /\\.
\t\t\tnot path_regexp ^/\\.well-known(/[^./][^/]*)+$
\t\t}
\t\terror @hidden 404
\t\t# The twins are sent for the file they compress, never at an address of their own.
\t\t@twin path *.br *.gz
\t\terror @twin 404
\t\t# The 404 pages are sent as answers, never as pages of their own.
\t\t@notfound404 path_regexp ^(/[^/]+)?/404\\.html$
\t\terror @notfound404 404
${own.join('\n')}
\t\t# One URL per page: /index.html leads to its folder, /about.html and /about/ to /about, /es to /es/.
\t\t@index path_regexp index ^(.*/)index\\.html$
\t\tredir @index {re.index.1} 308
\t\t@html path_regexp html ^(/.+)\\.html$
\t\tredir @html {re.html.1} 308
\t\t@slash {
\t\t\tpath_regexp ^/.+/$
\t\t\tnot file {path}index.html
\t\t}
\t\tvars @slash stripped yes
\t\turi @slash strip_suffix /
\t\t@moved {
\t\t\tvars stripped yes
\t\t\tfile {path}.html
\t\t}
\t\tredir @moved {path} 308
\t\t@folder {
\t\t\tnot path */
\t\t\tnot file {path} {path}.html
\t\t\tfile {path}/index.html
\t\t}
\t\tredir @folder {path}/ 308
\t\ttry_files {path} {path}.html {path}index.html
\t\tfile_server {
\t\t\tprecompressed br gzip
\t\t}
\t}

\thandle_errors {
${notFound.join('\n')}
\t\t@root not path ${locales.map((l) => `/${l}/*`).join(' ') || '/__none__/*'}
\t\trewrite @root /404.html
\t\tfile_server {
\t\t\tprecompressed br gzip
\t\t}
\t}
}
`;
}
