// /admin/'s files and CSP: the editor needs inline styles, WebAssembly, blob: workers and its Git host; public pages get none.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { linkable, place } from '../files/place.ts';
import type { CspDirectives } from '../site/plugin.ts';
import { strictCsp, withChanges } from '../security/csp.ts';
import type { AdminOptions, EditorBackend, SiteDefinition } from '../site/definition.ts';
import { cmsConfig, cmsConfigFile, type EditorPaths } from './cms-config.ts';
import { EDITOR_DIR } from './editor-bundle.ts';
import { filledStarts, LIST_WITH_START, listWithStartCode } from './list-with-start.ts';
import { bracedTexts } from './braces.ts';

export const ADMIN_DIR = 'admin';
export { DEFAULT_MEDIA_FOLDER } from './cms-config.ts';

/** The hosts the editor's Git backend talks to and shows avatars from. */
function backendHosts(backend: EditorBackend): { connect: string[]; images: string[] } {
  switch (backend.name) {
    case 'github':
      return { connect: ['https://api.github.com', ...(backend.base_url ? [new URL(backend.base_url).origin] : [])], images: ['https://avatars.githubusercontent.com'] };
    case 'gitlab':
      return { connect: ['https://gitlab.com'], images: ['https://gitlab.com', 'https://secure.gravatar.com'] };
    default:
      return { connect: [], images: [] };
  }
}

/** The editor's policy: the strict one, widened only where Sveltia needs it. */
export function adminCsp(backend: EditorBackend): CspDirectives {
  const hosts = backendHosts(backend);
  return withChanges(strictCsp(), {
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...hosts.images],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'blob:', 'data:', ...hosts.connect],
    'worker-src': ["'self'", 'blob:'],
  });
}

/** Configurations made per site definition, by paths and base URL: dev rebuilds reuse them (converting the schemas is slow). */
const made = new WeakMap<SiteDefinition, Map<string, Record<string, unknown>>>();

/** index.html, init.js and config.json of /admin/, by output path; `content` gives the values lists start from. */
export function adminFiles(site: SiteDefinition, paths: EditorPaths, baseUrl: string, admin: AdminOptions, content: unknown): Map<string, string> {
  const key = JSON.stringify([paths.root, paths.contentDir, paths.staticDir, baseUrl, admin]);
  const known = made.get(site) ?? new Map<string, Record<string, unknown>>();
  made.set(site, known);
  const config = known.get(key) ?? cmsConfig(site, paths, baseUrl, admin);
  known.set(key, config);
  return pageFiles(site, admin, bracedTexts(filledStarts(config, content), site, content));
}

/** Sveltia 0.221.1 drops unsaved edits on Esc or its back arrow: so Esc (outside a menu or dialog) is ignored, the arrow asks. */
export const KEEP_EDITS = `// Unsaved edits are never dropped by a stray key: see the engine's admin-files.ts.
const unsaved = () => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Save' && !b.disabled && b.getAttribute('aria-disabled') !== 'true');
const inPopup = (el) => !!el?.closest?.('[aria-expanded="true"], [role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"], dialog');
addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && unsaved() && !inPopup(document.activeElement) && !inPopup(event.target)) {
    event.stopImmediatePropagation();
    event.preventDefault();
  }
}, true);
addEventListener('click', (event) => {
  const back = event.target.closest?.('button[aria-label="Cancel Editing"]');
  if (back && unsaved() && !confirm('Leave without saving? The changes you made here will be lost.')) {
    event.stopImmediatePropagation();
    event.preventDefault();
  }
}, true);`;

/**
 * A list picked from a list of the same file (a relation with `file` to itself and `value_field: 'plans.*'`): Sveltia shows a
 * picked value the list no longer has without its ×, so it could never be taken off. On save, such values go, once the
 * person saving has been told which and agreed (a renamed plan is picked again after the save: only saved values are offered).
 */
export function pickedFromOwnList(config: Record<string, unknown>): { path: string; field: string; list: string; labels: [string, string] }[] {
  type Field = { name: string; label?: string; widget?: string; collection?: string; file?: string; value_field?: string };
  const collections = (config.collections ?? []) as { name: string; files?: { name: string; file: string; fields: Field[] }[] }[];
  return collections.flatMap((c) => (c.files ?? []).flatMap((f) => f.fields.flatMap((field) => {
    const list = field.widget === 'relation' && field.collection === c.name && field.file === f.name ? /^(\w+)\.\*$/.exec(field.value_field ?? '')?.[1] : undefined;
    const from = f.fields.find((other) => other.name === list);
    return list && from ? [{ path: f.file, field: field.name, list, labels: [field.label ?? field.name, from.label ?? from.name] as [string, string] }] : [];
  })));
}

const KEEP_PICKED = `const keepPicked = (rules) => ({ entry }) => {
  let data = entry.get('data');
  for (const { field, list, labels: [picking, from] } of rules.filter((rule) => rule.path === entry.get('path'))) {
    const allowed = new Set(data.get(list)?.toJS?.() ?? []);
    const picked = data.get(field);
    if (!picked?.filter) continue;
    const gone = picked.filter((value) => !allowed.has(value)).toJS();
    if (!gone.length) continue;
    const names = gone.map((value) => '"' + value + '"').join(', ');
    if (!confirm(names + ' ' + (gone.length === 1 ? 'is' : 'are') + ' no longer in "' + from + '", so ' + (gone.length === 1 ? 'it leaves' : 'they leave') + ' "' + picking + '" too. Save? (After saving, you can pick another in its place there.)')) {
      throw new Error('saving_failed', { cause: new Error('Not saved: nothing was changed. "' + picking + '" still names ' + names + '.') });
    }
    data = data.set(field, picked.filter((value) => allowed.has(value)));
  }
  return entry.set('data', data);
};`;

function pageFiles(site: SiteDefinition, admin: AdminOptions, config: Record<string, unknown>): Map<string, string> {
  const title = admin.title ?? 'Content editor';
  const html = `<!doctype html>
<html lang="${site.defaultLocale}">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>
<link href="config.json" type="application/json" rel="cms-config-url">
</head>
<body>
<script type="module" src="init.js"></script>
</body>
</html>
`;
  // The ESM build does not start itself; a file, not an inline script, keeps script-src 'self'. Our field types register first.
  const picked = pickedFromOwnList(config);
  const keep = picked.length ? `${KEEP_PICKED}\nCMS.registerEventListener({ name: 'preSave', handler: keepPicked(${JSON.stringify(picked)}) });\n` : '';
  const init = `import CMS from './cms/index.js';\nimport { listWithStart } from './list-with-start.js';\n${KEEP_EDITS}\nlistWithStart(CMS, ${JSON.stringify(LIST_WITH_START)});\n${keep}CMS.init();\n`;
  return new Map([
    [`${ADMIN_DIR}/index.html`, html],
    [`${ADMIN_DIR}/init.js`, init],
    [`${ADMIN_DIR}/list-with-start.js`, listWithStartCode()],
    [`${ADMIN_DIR}/config.json`, cmsConfigFile(config)],
  ]);
}

/** Hard-links the cached editor into the output (copies where links fail); never compressed: only staff load it. */
export function placeEditor(bundle: { dir: string; files: readonly string[] }, outDir: string): number {
  const link = linkable(bundle.dir, outDir);
  for (const folder of new Set(bundle.files.map((file) => dirname(join(outDir, EDITOR_DIR, file))))) mkdirSync(folder, { recursive: true });
  for (const file of bundle.files) place(join(bundle.dir, file), join(outDir, EDITOR_DIR, file), link);
  return bundle.files.length;
}
