// The staff editor (Sveltia CMS at /admin/) as a plugin: `plugins: [editor({ backend, media })]`. Its package,
// @sveltia/cms, is an optional peer: only a site with the editor installs it. Uploaded PDFs are published without metadata.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inFile } from '../problems/problem.ts';
import { shown } from '../problems/shown.ts';
import { withoutMetadata } from '../security/pdf-metadata.ts';
import type { Plugin } from '../site/plugin.ts';
import { BuildFailure, Problem } from '../problems/problem.ts';
import type { AdminOptions, SiteDefinition } from '../site/definition.ts';
import { ADMIN_DIR, adminCsp, adminFiles, placeEditor } from './admin-files.ts';
import { DEFAULT_MEDIA_FOLDER } from './cms-config.ts';
import { editorBundle, placeable, sveltiaPackage } from './editor-bundle.ts';
import { OAUTH_ROUTES, OAUTH_WORKER } from './oauth-worker.ts';

/** The editor's package, as a site installs it. */
export const EDITOR_PACKAGE = '@sveltia/cms@0.221.1';

/** The editor plugin, its options kept on it for tools that read its configuration. */
export type EditorPlugin<C = unknown> = Plugin<C> & { readonly options: AdminOptions };

/** The content editor at /admin/, configured from the content model. */
export function editor<C = unknown>(options: AdminOptions): EditorPlugin<C> {
  const uploads = (options.media?.folder ?? DEFAULT_MEDIA_FOLDER).replace(/^\/+|\/+$/g, '');
  const isPdf = (rel: string) => rel.startsWith(`${uploads}/`) && /\.pdf$/i.test(rel);
  /** The uploads' PDFs as published: made in prepare(), before the files step. */
  let pdfs: Record<string, Uint8Array> = {};
  const plugin: Plugin<C> & { options: AdminOptions } = {
    name: 'editor',
    options,
    config: () => ({ uploads: options.media?.folder ?? DEFAULT_MEDIA_FOLDER }),
    area: () => ({ dir: ADMIN_DIR, csp: adminCsp(options.backend) }),
    claims: isPdf,
    async prepare({ staticDir, staticFiles }) {
      pdfs = {};
      const problems = [];
      for (const rel of staticFiles.filter(isPdf)) {
        try {
          pdfs[rel] = await withoutMetadata(readFileSync(join(staticDir, rel)));
        } catch (error) {
          problems.push(inFile('static/type', shown(join(staticDir, rel)), 'is a PDF the website cannot publish', [{ path: '', message: (error as Error).message }]));
        }
      }
      if (problems.length) throw new BuildFailure(problems);
    },
    files(c) {
      try {
        sveltiaPackage(c.folders.site);
      } catch {
        throw new BuildFailure([new Problem('site/definition', { part: 'plugin "editor"' }, 'needs the editor\'s package, which is not installed', [{ path: '', message: `install it in the site's folder: npm install ${EDITOR_PACKAGE} (an optional peer of the engine: sites without the editor never install it)` }])]);
      }
      const root = options.root ? fileURLToPath(options.root) : c.folders.site;
      const files = Object.fromEntries(adminFiles(c.site as SiteDefinition, { root, contentDir: c.folders.content, staticDir: c.folders.static }, c.baseUrl, options, c.content));
      // The GitHub sign-in runs beside the site's files on Cloudflare Pages.
      if (options.githubSignIn === 'cloudflare-pages' && options.backend.name === 'github') Object.assign(files, { '_worker.js': OAUTH_WORKER, '_routes.json': OAUTH_ROUTES });
      return { ...files, ...pdfs };
    },
    // Started as the build starts (its files are made once per version, then cached), placed by a full
    // build; a dev rebuild keeps the one already in the output.
    begin: ({ siteDir }) => {
      const pending = editorBundle(siteDir);
      pending.catch(() => {}); // a build that fails first never asks; one that places the editor gets the error there
      begun.set(siteDir, pending);
    },
    place: async (dir, c) => {
      const pending = begun.get(c.folders.site) ?? editorBundle(c.folders.site);
      begun.delete(c.folders.site);
      placeEditor(await placeable(await pending, c.folders.site), dir);
    },
  };
  /** The editor folder each build began, by site folder, until that build places it. */
  const begun = new Map<string, Promise<string>>();
  return plugin;
}

