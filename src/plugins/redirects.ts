// The site's redirects and each locale's 404 page, in _redirects in the host's dialect (`serve` and `dev` apply it too), and
// a small page at each old address for hosts that read no _redirects. A redirect to a missing page is a broken link.
import { Problem } from '../problems/problem.ts';
import { absoluteUrl, canonicalPath, decodedPath, fileOfUrl } from '../routes/urls.ts';
import type { Redirect } from '../site/definition.ts';
import { DEFAULT_HOST, HOST_TRAITS, type Host } from '../site/hosts.ts';
import type { Plugin, SiteShape } from '../site/plugin.ts';

/** A redirect in one locale: from and to as that locale's URLs. */
export interface PlannedRedirect {
  from: string;
  to: string;
  status: 301 | 302;
  locale: string;
}

export function plannedRedirects(redirects: readonly Redirect[], shape: SiteShape): PlannedRedirect[] {
  return redirects.flatMap((r) => (r.locale ? [r.locale] : shape.locales).map((locale) => ({
    // Spelt as the site's URLs are: a name in any script, percent-encoded ("/blog/caf%C3%A9").
    from: canonicalPath(shape.urls.localeUrl(locale, r.from)),
    to: canonicalPath(shape.urls.localeUrl(locale, r.to)),
    status: r.permanent === false ? (302 as const) : (301 as const),
    locale,
  })));
}

/** _redirects in the host's dialect (Netlify: "301!" and a 404 rule per locale; Cloudflare refuses both); may be empty. */
export function redirectsFile(shape: Pick<SiteShape, 'locales' | 'defaultLocale'>, redirects: readonly PlannedRedirect[] = [], host: Host = DEFAULT_HOST): string {
  const traits = HOST_TRAITS[host];
  const own = redirects.map((r) => `${r.from}  ${r.to}  ${r.status}${traits.redirects === 'forced' ? '!' : ''}`);
  const notFound = traits.notFoundRules ? [...shape.locales.filter((l) => l !== shape.defaultLocale).map((l) => `/${l}/*  /${l}/404.html  404`), '/*  /404.html  404'] : [];
  const lines = [...own, ...notFound];
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** The redirects of a _redirects file: exact paths of this site to paths of this site (404 rules and wildcards left out). */
export function parseRedirectsFile(text: string): { from: string; to: string; status: number }[] {
  const redirects: { from: string; to: string; status: number }[] = [];
  for (const line of text.split('\n')) {
    const [from, to, code] = line.trim().split(/\s+/);
    const status = Number(code?.replace(/!$/, ''));
    if (!from || !to || !/^\/[^*:]*$/.test(from) || !/^\/(?!\/)/.test(to) || ![301, 302, 303, 307, 308].includes(status)) continue;
    redirects.push({ from, to, status });
  }
  return redirects;
}

/** The page at an old address: it sends the visitor on, and tells search engines where the page is now. */
export function redirectPage(redirect: PlannedRedirect, baseUrl: string): string {
  const to = redirect.to.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="${redirect.locale}"><head><meta charset="utf-8"><title>${to}</title><meta http-equiv="refresh" content="0; url=${to}"><link rel="canonical" href="${absoluteUrl(baseUrl, redirect.to).replace(/"/g, '&#34;')}"><meta name="robots" content="noindex"></head><body><a href="${to}">${to}</a></body></html>\n`;
}

const PATH = /^(?!.*\/\/)\/(?:[A-Za-z0-9._~\-/]|%[0-9A-F]{2})*$/;

/** The redirects plugin: _redirects (unless output.redirects is false) and a page per old address. */
export function redirectsPlugin<C>(redirects: readonly Redirect[], writeFile: boolean, host: Host = DEFAULT_HOST): Plugin<C> {
  const planned = (c: SiteShape) => plannedRedirects(redirects, c);
  return {
    name: 'redirects',
    files(c) {
      const files: Record<string, string> = {};
      const text = writeFile && HOST_TRAITS[host].redirects ? redirectsFile(c, planned(c), host) : '';
      if (text) files._redirects = text;
      for (const r of planned(c)) files[fileOfUrl(r.from)] = redirectPage(r, c.baseUrl);
      return files;
    },
    check(c) {
      const urls = new Set(c.pages.map((p) => p.route.url));
      // As written: no query, fragment or wildcard, no encoded slash; read as its file would be named, no "." or ".." part.
      const fit = (path: string) => !/[?#*]|%2f|%5c/i.test(path) && PATH.test(canonicalPath(path)) && !/(^|\/)\.\.?(\/|$)/.test(decodedPath(path));
      // One that is no address is told once, as written, not once a locale.
      const problems = redirects.filter((r) => !fit(r.from) || !fit(r.to)).map((r) => new Problem('site/definition', { part: `redirects in the site definition: ${r.from} → ${r.to}` }, 'is not a redirect between two addresses of the site', [{ path: '', message: 'from and to are paths of this site, such as "/old-page" and "/about" (letters of any script, digits, - . _ ~ /; no "?", "#", "*" or ".." part)' }]));
      for (const r of planned(c)) {
        const at = { part: `redirects in the site definition: ${r.from} → ${r.to}` };
        if (!PATH.test(r.from) || !PATH.test(r.to)) continue;
        if (urls.has(r.from)) problems.push(new Problem('site/definition', at, 'redirects away from a page the site has', [{ path: '', message: `${r.from} is a page of the site; remove the redirect or the page` }]));
        else if (!urls.has(r.to)) problems.push(new Problem('link/broken', at, 'redirects to a page that does not exist', [{ path: '', message: `${r.to} is not a page of the site` }]));
      }
      return problems;
    },
  };
}
