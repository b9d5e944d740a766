// "Sign In with GitHub" with no helper service: a Cloudflare Pages Function (`_worker.js`) answering two paths only
// (`_routes.json`), in the editor's popup protocol. /admin/auth sends the popup to GitHub with a random `state` in a
// cookie of this origin; /admin/callback checks that state, trades the code for a token with the app's secret, and posts
// the token to this site's origin only. The app's id and secret are host secrets (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET),
// never in the repository or the output.

import { MESSAGES_LANG } from '../problems/problem.ts';

/** The two paths the function answers (the editor asks `${base_url}/${auth_endpoint}`). */
export const OAUTH_PATHS = { auth: '/admin/auth', callback: '/admin/callback' } as const;

/** Cloudflare Pages' routing of the function: these paths only, everything else static. */
export const OAUTH_ROUTES = `${JSON.stringify({ version: 1, include: [OAUTH_PATHS.auth, OAUTH_PATHS.callback], exclude: [] }, null, 2)}\n`;

/** The module Cloudflare runs, as it is: only GITHUB_OAUTH_ORIGIN (for tests) can be set; the token goes only to this origin. */
export const OAUTH_WORKER = `// Made by the site's build (the editor's GitHub sign-in). Do not edit: it is made again each build.
const AUTH = ${JSON.stringify(OAUTH_PATHS.auth)};
const CALLBACK = ${JSON.stringify(OAUTH_PATHS.callback)};
const COOKIE = '__Host-editor-oauth-state';
const SCOPES = new Set(['repo', 'public_repo']);

const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
/** JSON inside a script element: no "</script>" or "<!--" can end it. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\\\u003c').replace(/\\u2028/g, '\\\\u2028').replace(/\\u2029/g, '\\\\u2029');

function page(status, title, text, script, headers = {}) {
  const nonce = hex(crypto.getRandomValues(new Uint8Array(16)));
  const body = '<!doctype html><html lang="${MESSAGES_LANG}"><head><meta charset="utf-8"><meta name="robots" content="noindex">'
    + '<title>' + escapeHtml(title) + '</title></head><body><main><h1>' + escapeHtml(title) + '</h1><p>' + escapeHtml(text) + '</p></main>'
    + (script ? '<script nonce="' + nonce + '">' + script + '</script>' : '') + '</body></html>';
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; script-src 'nonce-" + nonce + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** The editor's protocol: say "authorizing", then answer the editor window (and only it) with the outcome. */
function handOver(origin, outcome, payload) {
  const message = 'authorization:github:' + outcome + ':' + JSON.stringify(payload);
  return '(() => {'
    + 'const origin = ' + scriptJson(origin) + ';'
    + 'const message = ' + scriptJson(message) + ';'
    + 'if (!window.opener) return;'
    + 'const answer = (event) => {'
    + '  if (event.origin !== origin || event.source !== window.opener) return;'
    + '  window.removeEventListener("message", answer);'
    + '  window.opener.postMessage(message, origin);'
    + '};'
    + 'window.addEventListener("message", answer);'
    + 'window.opener.postMessage("authorizing:github", origin);'
    + '})();';
}

function cookieOf(request, name) {
  for (const part of (request.headers.get('Cookie') || '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

const clearState = COOKIE + '=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0';

async function auth(request, env, url) {
  if (url.searchParams.get('provider') !== 'github') return page(400, 'Sign-in not available', 'This sign-in works with GitHub only.');
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET) return page(503, 'Sign-in with GitHub is not set up yet', 'The site is missing its GitHub app settings. Sign in with an access token instead, or ask the developer to finish the set-up.');
  const state = hex(crypto.getRandomValues(new Uint8Array(32)));
  const scope = SCOPES.has(url.searchParams.get('scope')) ? url.searchParams.get('scope') : 'repo';
  const authorize = new URL('/login/oauth/authorize', env.GITHUB_OAUTH_ORIGIN || 'https://github.com');
  authorize.searchParams.set('client_id', env.GITHUB_CLIENT_ID);
  authorize.searchParams.set('redirect_uri', url.origin + CALLBACK);
  authorize.searchParams.set('scope', scope);
  authorize.searchParams.set('state', state);
  return new Response(null, {
    status: 302,
    headers: { Location: authorize.toString(), 'Cache-Control': 'no-store', 'Set-Cookie': COOKIE + '=' + state + '; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=600' },
  });
}

async function callback(request, env, url) {
  const origin = url.origin;
  const expected = cookieOf(request, COOKIE);
  const state = url.searchParams.get('state');
  const stateOk = !!expected && !!state && expected.length === state.length && expected === state;
  if (!stateOk) return page(400, 'This sign-in could not be completed', 'The sign-in was not started from this site, or took too long. Close this window and click "Sign In with GitHub" again.', '', { 'Set-Cookie': clearState });
  const denied = url.searchParams.get('error');
  if (denied) {
    const said = url.searchParams.get('error_description') || denied;
    return page(401, 'GitHub did not sign you in', said + '. Close this window and try again.', handOver(origin, 'error', { provider: 'github', error: said }), { 'Set-Cookie': clearState });
  }
  const code = url.searchParams.get('code');
  if (!code) return page(400, 'This sign-in could not be completed', 'GitHub sent no code. Close this window and try again.', '', { 'Set-Cookie': clearState });
  let token;
  try {
    const answer = await fetch(new URL('/login/oauth/access_token', env.GITHUB_OAUTH_ORIGIN || 'https://github.com'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'User-Agent': 'site-editor-sign-in' },
      body: JSON.stringify({ client_id: env.GITHUB_CLIENT_ID, client_secret: env.GITHUB_CLIENT_SECRET, code, redirect_uri: origin + CALLBACK }),
    });
    const data = await answer.json();
    token = typeof data.access_token === 'string' ? data.access_token : undefined;
    if (!token) throw new Error(data.error_description || data.error || 'no token');
  } catch (error) {
    const said = 'GitHub refused the sign-in (' + String(error && error.message || error) + ')';
    return page(502, 'GitHub did not sign you in', said + '. Close this window and try again.', handOver(origin, 'error', { provider: 'github', error: said }), { 'Set-Cookie': clearState });
  }
  return page(200, 'Signed in', 'You can close this window if it stays open.', handOver(origin, 'success', { provider: 'github', token }), { 'Set-Cookie': clearState });
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (request.method !== 'GET') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET' } });
    if (url.pathname === AUTH) return auth(request, env, url);
    if (url.pathname === CALLBACK) return callback(request, env, url);
    return env.ASSETS.fetch(request);
  },
};
`;
