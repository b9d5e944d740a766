// An allow-list of passive types: static/ is served from the site's origin, where the editor keeps its Git token, so nothing a
// browser runs as a page or script is published from where staff upload (media folder: images and PDF only). `staticTypes`
// allows more in a folder of the site's own, never page documents. Twins are the engine's alone: a host would send an uploaded
// twin in place of the checked file.
import { extname } from 'node:path';
import { hasControl } from '../problems/inert.ts';

/** Lower-case extensions. */
export const PASSIVE_TYPES: readonly string[] = [
  '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.svg', // images (SVG as the sanitiser writes it)
  '.woff2', '.woff', '.ttf', '.otf', // fonts
  '.pdf', '.txt', // documents that run nothing
  '.css', '.js', '.mjs', '.json', '.map', '.webmanifest', // the site's own assets, where a developer put them
];

export const MEDIA_TYPES: readonly string[] = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.pdf'];

/** A browser shows these as a page of the site, scripts and all: no site can allow them. */
export const NEVER_TYPES: readonly string[] = ['.html', '.htm', '.xhtml', '.xht', '.xml', '.xsl', '.xslt', '.shtml', '.mht', '.mhtml', '.svgz', '.swf'];

export const TWIN_TYPES: readonly string[] = ['.br', '.gz', '.zst', '.brotli', '.zz'];

/** Extensionless files a host reads: GitHub Pages' CNAME, .well-known/. */
const EXTENSIONLESS = (rel: string) => rel === 'CNAME' || rel.startsWith('.well-known/');

/** Syntax to _headers or a URL: "*" and ":" (patterns), "#" and "?" (no request reaches the file), "%" and "\"; to nginx and Caddy, "$", "{" and "}". */
const SPECIAL = /[*:#?%\\${}]/;

export function nameProblem(rel: string): string | undefined {
  if (hasControl(rel)) return 'its name holds a control character (a line break, a tab, an escape) or an invisible one (a direction mark or a zero-width space, often pasted with the text): rename it, typing it again with letters, digits, dashes and dots';
  const special = SPECIAL.exec(rel)?.[0];
  if (special) return `its name holds "${special}", which a host's _headers, a server's configuration or a URL reads as syntax: rename it with letters, digits, dashes and dots`;
  return undefined;
}

export interface StaticPolicy {
  /** Relative to static/ ("images/uploads"), when the site has the editor. */
  mediaFolder?: string;
  /** By folder relative to static/ ("downloads" → [".zip"]). */
  allow?: Readonly<Record<string, readonly string[]>>;
}

const within = (rel: string, folder: string) => {
  const f = folder.replace(/^\/+|\/+$/g, '');
  return f === '' || rel.startsWith(`${f}/`);
};

/** What Cloudflare Pages runs as code for the whole site (advanced-mode Functions): only the engine writes these. */
const HOST_CODE = /^(?:_worker\.js(?:\/|$)|_routes\.json$)/i;

export function staticTypeProblem(rel: string, policy: StaticPolicy): string | undefined {
  if (HOST_CODE.test(rel)) return 'is a file Cloudflare Pages would run as code for every request of the site (or route to it); static/ never publishes one. The editor\'s GitHub sign-in writes its own (editor({ githubSignIn }))';
  const ext = extname(rel).toLowerCase();
  if (TWIN_TYPES.includes(ext)) return `is a precompressed twin (${ext}): the build writes the twins of each file itself, from the file it checked; remove this one`;
  if (NEVER_TYPES.includes(ext)) return `is a ${ext} document, which a browser runs as a page of this site (scripts included); static/ never publishes one. Make it a page of the site, or link to it elsewhere`;
  if (policy.mediaFolder && within(rel, policy.mediaFolder)) {
    if (MEDIA_TYPES.includes(ext)) return undefined;
    // Said in the editor's words: staff uploaded it, and staff remove it there.
    const heic = ext === '.heic' || ext === '.heif' ? '; upload the photo as a JPEG instead (an iPhone saves JPEG with Settings › Camera › Formats › Most Compatible)' : '';
    return `is in the editor's uploads folder (${policy.mediaFolder}/), which publishes images and PDF only (${MEDIA_TYPES.join(' ')}); ${ext || 'a file without an extension'} is not one. Delete it in the editor: Assets in the left menu, select the file, then Delete${heic}`;
  }
  if (ext === '' ? EXTENSIONLESS(rel) : PASSIVE_TYPES.includes(ext)) return undefined;
  for (const [folder, types] of Object.entries(policy.allow ?? {})) {
    if (within(rel, folder) && types.map((t) => t.toLowerCase()).includes(ext)) return undefined;
  }
  return `is a type static/ does not publish (${ext || 'no extension'}): static/ publishes passive files only (${PASSIVE_TYPES.join(' ')}). To publish this type from a folder you own, add it to staticTypes in the site definition: staticTypes: { '${rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : ''}': ['${ext || '.ext'}'] }`;
}

/** One sentence per mistake. */
export function staticPolicyProblems(policy: StaticPolicy): string[] {
  const problems: string[] = [];
  for (const [folder, types] of Object.entries(policy.allow ?? {})) {
    if (policy.mediaFolder && (within(`${policy.mediaFolder}/x`, folder) || within(folder, policy.mediaFolder) || folder.replace(/^\/+|\/+$/g, '') === policy.mediaFolder)) {
      problems.push(`staticTypes["${folder}"] covers the editor's uploads folder (${policy.mediaFolder}/), which publishes images and PDF only: allow the type in a folder staff cannot upload to`);
    }
    for (const type of types) {
      const ext = type.toLowerCase();
      if (!/^\.[a-z0-9]+$/.test(ext)) problems.push(`staticTypes["${folder}"]: "${type}" is not a file extension such as ".zip"`);
      else if (NEVER_TYPES.includes(ext) || TWIN_TYPES.includes(ext)) problems.push(`staticTypes["${folder}"]: ${ext} can never be published from static/ (a browser runs it as a page of the site, or a host sends it in place of a checked file)`);
    }
  }
  return problems;
}
