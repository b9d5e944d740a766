// Bad encodings, NUL, backslashes, encoded slashes, dot segments and overlong paths never reach the file system; repeated
// slashes collapse ("//evil.example/x" is the path "/evil.example/x", never a host to redirect to).
export const MAX_PATH_LENGTH = 1024;

export type PathCheck = { ok: true; pathname: string } | { ok: false; status: 400; reason: string };

export function checkRequestPath(rawUrl: string): PathCheck {
  const raw = rawUrl.split('?')[0]!.split('#')[0]!;
  if (raw.length > MAX_PATH_LENGTH) return { ok: false, status: 400, reason: 'path too long' };
  if (!raw.startsWith('/')) return { ok: false, status: 400, reason: 'path must start with /' };
  if (/%2f|%5c|%00/i.test(raw)) return { ok: false, status: 400, reason: 'encoded slash, backslash or NUL' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { ok: false, status: 400, reason: 'NUL byte or backslash' };
  if (pathname.split('/').some((segment) => segment === '..' || segment === '.')) return { ok: false, status: 400, reason: 'dot segment' };
  return { ok: true, pathname: pathname.replace(/\/{2,}/g, '/') };
}
