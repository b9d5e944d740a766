// The site's redirects: from and to are paths of the site, the target a page it has, never a page
// redirected away; each becomes a forced line of _redirects and a page for hosts without one.
import { describe, expect, it } from 'vitest';
import { plannedRedirects, redirectPage, redirectsFile, redirectsPlugin } from '../../src/plugins/redirects.ts';
import { localeUrls } from '../../src/routes/urls.ts';
import type { CheckContext } from '../../src/site/plugin.ts';
import type { Route } from '../../src/site/route.ts';

const shape = { locales: ['en', 'es'], defaultLocale: 'en', urls: localeUrls(['en', 'es'], 'en'), baseUrl: 'https://x.example' };
const route = (url: string) => ({ route: { url } as Route, bytes: 1, islands: [] });

describe('redirects', () => {
  it('are planned in every locale (or one), permanent unless said otherwise', () => {
    const planned = plannedRedirects([{ from: '/old', to: '/new' }, { from: '/promo', to: '/offers', permanent: false, locale: 'es' }], shape);
    // Netlify: forced (a file at the old path would answer otherwise), and each locale's 404 page by rule.
    expect(redirectsFile(shape, planned, 'netlify')).toBe('/old  /new  301!\n/es/old  /es/new  301!\n/es/promo  /es/offers  302!\n/es/*  /es/404.html  404\n/*  /404.html  404\n');
    // Cloudflare Pages (the default) refuses both: it applies redirects first and finds each folder's 404.html.
    expect(redirectsFile(shape, planned)).toBe('/old  /new  301\n/es/old  /es/new  301\n/es/promo  /es/offers  302\n');
    expect(redirectsFile(shape, [])).toBe('');
    expect(redirectPage(planned[0]!, shape.baseUrl)).toContain('<meta http-equiv="refresh" content="0; url=/new"><link rel="canonical" href="https://x.example/new">');
  });

  it('to a page that does not exist, away from one that does, or off the site, are problems', () => {
    const check = (from: string, to: string) => redirectsPlugin([{ from, to, locale: 'en' }], true).check!({ ...shape, pages: [route('/new'), route('/kept')] } as unknown as CheckContext).map((p) => p.format());
    expect(check('/old', '/new')).toEqual([]);
    expect(check('/old', '/gone')).toEqual(['redirects in the site definition: /old → /gone  redirects to a page that does not exist\n  /gone is not a page of the site']);
    expect(check('/kept', '/new')).toEqual(['redirects in the site definition: /kept → /new  redirects away from a page the site has\n  /kept is a page of the site; remove the redirect or the page']);
    expect(check('/old', '//evil.example/x')[0]).toContain('is not a redirect between two addresses of the site');
  });
});
