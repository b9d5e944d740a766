// The `_headers` file of Netlify and Cloudflare Pages: path patterns ("/*", "/admin/:page") and their headers. Every
// matching rule applies; a header of several rules is joined by ", " (two CSP rules are two policies, both enforced).

import type { HeaderRule } from '../site/plugin.ts';

export type { HeaderRule };

/** Rules of one pattern are written as one. */
export function formatHeadersFile(rules: HeaderRule[]): string {
  const merged: HeaderRule[] = [];
  for (const rule of rules) {
    const same = merged.find((r) => r.path === rule.path);
    if (same) same.headers = { ...same.headers, ...rule.headers };
    else merged.push({ path: rule.path, headers: { ...rule.headers } });
  }
  return merged.map((rule) => `${rule.path}\n${Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`).join('\n');
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const match = /^\s+([^:]+):\s*(.*)$/.exec(line);
    const rule = rules.at(-1);
    if (match && rule) rule.headers[match[1]!.trim()] = match[2]!.trim();
  }
  return rules;
}

const patterns = new Map<string, RegExp>();

/** A _headers pattern as an anchored regular expression ("*" anything, ":name" one segment); nginx and Caddy match with it too. */
export function patternRegex(pattern: string): string {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') && part.length > 1 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return `^${source}$`;
}

export function matches(pattern: string, path: string): boolean {
  let regex = patterns.get(pattern);
  if (!regex) patterns.set(pattern, (regex = new RegExp(patternRegex(pattern))));
  return regex.test(path);
}

export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const names = new Map<string, string>();
  for (const rule of rules) {
    if (!matches(rule.path, path)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      const key = name.toLowerCase();
      const known = names.get(key);
      if (known) headers[known] = `${headers[known]}, ${value}`;
      else {
        names.set(key, name);
        headers[name] = value;
      }
    }
  }
  return headers;
}
