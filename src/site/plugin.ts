// The plugin interface: a name and hooks at named steps of the build, listed in the site's `plugins: [...]`. The engine's
// own features (sitemap, robots, headers, the editor, …) are plugins on it too. Hooks run in this order, each plugin in
// list order (docs/plugins.md):
//
//   config → claims → begin → prepare → markdown, cacheKey → contentLoaded → area → routes → warnings → assets
//   → headers → files → place and pageRendered (while pages render) → check → shownOnly → buildDone
//
// A plugin is trusted like the site's code: what its hooks return is not held to content's raw-HTML policy. Plugins share
// no state across threads (each render worker makes its own instances): data from the main thread goes in the route's `data`.
import type { MarkedExtension } from 'marked';
import type { Problem } from '../problems/problem.ts';
import type { PageMeta, SiteDefinition, Warning } from './definition.ts';
import type { LocaleUrls, Route } from './route.ts';

/** What every hook after `config` knows of the build. */
export interface PluginContext<C = unknown> {
  site: SiteDefinition<C>;
  /** Locale codes in the site's order, and the default one. */
  locales: string[];
  defaultLocale: string;
  /** Each locale's URLs (urls.localeUrl(locale, '/about')). */
  urls: LocaleUrls;
  /** The production origin (the site's, or --base-url). */
  baseUrl: string;
  /** The moment the build is made as of (dates, schedules). */
  now: Date;
  /** True in `site dev`: a plugin may show more (drafts) or do less (no minifying). */
  dev: boolean;
  /** The content folder as messages show it ("content"), for warnings that name a file. */
  contentDir: string;
  /** Absolute paths: the site definition's folder, content/, static/ and the output folder. */
  folders: { site: string; content: string; static: string; out: string };
}

/** What generated files need to know of a site. */
export type SiteShape = Pick<PluginContext, 'locales' | 'defaultLocale' | 'urls' | 'baseUrl'>;

/** A page a plugin adds: a registry page (marked `generated`) rendered at a path, with data for its template. */
export interface PluginRoute {
  /** The id of the registry page whose template renders it. */
  page: string;
  locale: string;
  /** The path as the default locale shows it ("/blog/page/2"); the engine makes the locale's URL. */
  path: string;
  /** Props for the template (plain data: it is sent to worker threads), also in usePage().route.data. */
  data?: Record<string, unknown>;
  /** Left out of the sitemap and marked noindex, nofollow. */
  noindex?: boolean;
  /** The page's own title and description, in its locale, used instead of the site's meta(). */
  meta?: PageMeta;
  /**
   * Names the page across locales when its path differs ("/blog/tags/bread", "/blog/etiquetas/pan"): routes with one key
   * are each other's translations (hreflang, the language switch). Default: the path.
   */
  key?: string;
}

/** What the files hook sees: the routes, static/'s files and the files made so far. */
export interface FilesContext<C = unknown> extends PluginContext<C> {
  content: C;
  routes: readonly Route[];
  staticFiles: readonly string[];
  /** Every file made before this plugin's hook, by path in the output. */
  files: ReadonlyMap<string, string | Uint8Array>;
  /** Every plugin's `headers` rules and `area`s (what the _headers file is made of). */
  headerRules: readonly HeaderRule[];
  areas: readonly PolicyArea[];
}

/** A Content-Security-Policy's directives: { 'script-src': ["'self'"] }. */
export type CspDirectives = Record<string, readonly string[]>;

/** A folder of the output (the editor's "admin") served with a Content-Security-Policy of its own. */
export interface PolicyArea {
  dir: string;
  csp: CspDirectives;
}

/** The stylesheet and island script every page links to: each a public URL and its bytes. */
export interface Bundle {
  js: BundledAsset;
  css: BundledAsset;
}
export interface BundledAsset {
  /** Public URL, e.g. "/assets/main-3F2A1B.js". */
  url: string;
  contents: Uint8Array;
}

/** What `prepare` sees, before any content is read: the site's folders and static/'s files. */
export interface PrepareContext {
  siteDir: string;
  staticDir: string;
  staticFiles: readonly string[];
}

/** A page as written; `brotli` only when a plugin weighs pages. */
export interface BuiltPage {
  route: Route;
  bytes: number;
  brotli?: number;
  /** The islands the page holds (pages without any ship no script). */
  islands: readonly string[];
  /** The addresses the page links to or loads (href, src, srcset), as written. */
  refs: readonly string[];
}

/** A content file as it was read, before its schema checked it: for checks of the writing itself. */
export interface ContentFile {
  /** The file as messages show it ("content/en/services/flu.md"). */
  readonly file: string;
  /** Its YAML (a Markdown file's front matter) as data: the build's own, read only. */
  readonly data: unknown;
  /** A Markdown file's body, and the file's line it starts on. */
  readonly body?: string;
  readonly bodyLine?: number;
  /** Where a key path of its data was written (line and column, from 1), for a problem to point at. */
  positionOf?(path: readonly PropertyKey[]): { line: number; col: number } | undefined;
}

/** What the contentLoaded hook sees besides the content. */
export interface ContentLoadedContext<C = unknown> extends PluginContext<C> {
  /**
   * Every content file the build read, by path in the content folder ("en/services/flu.md"), drafts and entries outside
   * their dates too, for checks of the text itself. For this hook only: not to be changed or kept.
   */
  files: ReadonlyMap<string, ContentFile>;
}

/** What the check hook sees after every page is rendered. */
export interface CheckContext<C = unknown> extends PluginContext<C> {
  content: C;
  pages: readonly BuiltPage[];
  /** The stylesheet and the island script: raw and brotli bytes. */
  css: { bytes: number; brotli: number };
  js: { bytes: number; brotli: number };
}

/** The whole output, after it is published (read-only). */
export interface BuildOutput<C = unknown> extends PluginContext<C> {
  content: C;
  routes: readonly Route[];
  /** The output folder. */
  dir: string;
  /** Every file of the output, relative to it. */
  files: readonly string[];
}

/** A plugin: a name and hooks. C is the site's content type, so a site's plugins are typed by it. */
export interface Plugin<C = unknown> {
  /** Names the plugin in messages: "plugin "feeds": files() threw: …". */
  name: string;
  /** Extends the site definition before anything is loaded (pages, sources, …): runs in every thread. */
  config?(site: SiteDefinition<C>): Partial<SiteDefinition<C>> | void;
  /** Starts work needing no content as a full build starts (not dev rebuilds), unawaited; `assets` or `place` takes its result. */
  begin?(sources: { siteDir: string }): void;
  /** Runs, awaited, before content loads: work content depends on (photos that Markdown then shows). */
  prepare?(context: PrepareContext): void | Promise<void>;
  /** Files of static/ (by path in it) this plugin publishes its own way: they are not copied as they are. */
  claims?(file: string): boolean;
  /** What this plugin's Markdown output depends on: part of the cache key of parsed content. */
  cacheKey?(): string;
  /** marked extensions (tokenizers, renderers, walkTokens) used for every Markdown body. */
  markdown?: readonly MarkedExtension[];
  /** The validated content, before routes are planned: return it changed (drafts left out), or nothing to keep it. */
  contentLoaded?(content: C, context: ContentLoadedContext<C>): C | void;
  /** More pages, with their data (pagination, taxonomies). */
  routes?(content: C, context: PluginContext<C>): PluginRoute[];
  /** Values that must not ship: warnings, errors with --strict. */
  warnings?(content: C, context: PluginContext<C>): Warning[];
  /** Rules of the _headers file (every response's headers, as hosts and `serve` apply them). */
  headers?(content: C, context: PluginContext<C>): HeaderRule[];
  /** A folder of the output with a Content-Security-Policy of its own (the editor's /admin/): one per site. */
  area?(context: PluginContext<C>): PolicyArea;
  /** More output files, by path: { 'feed.xml': xml }. */
  files?(context: FilesContext<C>): Record<string, string | Uint8Array> | void;
  /** Which of its files are published only when a page links to them (a photo's variants): the others are left out. */
  shownOnly?(file: string): boolean;
  /** The stylesheet and island script every page links to, from the first plugin with this hook. */
  assets?(context: PluginContext<C>): Promise<Bundle>;
  /** Each page's HTML once rendered, in the thread that rendered it: return it changed, or nothing. */
  pageRendered?(html: string, route: Route, context: PluginContext<C>): string | void;
  /** Puts large files into the new output folder itself, before it is published (hard links to a cached copy). */
  place?(dir: string, context: PluginContext<C>): Promise<void>;
  /** Weigh every page in brotli bytes for `check` (BuiltPage.brotli): costly, so only when asked. */
  weighsPages?: boolean;
  /** Problems of the whole site once rendered (budgets): the build fails on any. */
  check?(context: CheckContext<C>): Problem[];
  /** The published output, read-only. */
  buildDone?(output: BuildOutput<C>): void | Promise<void>;
}

/** A rule of the _headers file: a path pattern ("/*", "/assets/*", "/admin/:page") and the headers it adds. */
export interface HeaderRule {
  /** "*" matches anything (also "/"), ":name" one path segment. */
  path: string;
  headers: Record<string, string>;
}
