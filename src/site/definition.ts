// The contract between the engine and a site: a site is a value the engine receives (locales, content model, page registry,
// islands, stylesheet, hooks); the engine knows nothing else about it.
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { Problem } from '../problems/problem.ts';
import type { Host } from './hosts.ts';
import type { Plugin } from './plugin.ts';
import type { PageData } from './page-data.ts';

/** A parsed content file, for checks that point at a key's line. */
export interface ParsedContentFile {
  file: string;
  positionOf(path: readonly PropertyKey[]): { line: number; col: number } | undefined;
}

/** A locale-independent data file at the content folder's top level, e.g. site.yaml. */
export interface SharedFile {
  file: string;
  schema: z.ZodType;
  /** The heading of a schema error: "the site configuration does not match its schema". */
  title: string;
  /** More checks of the valid data (cross-references, duplicates): gets the schema's output and earlier shared files by key. */
  check?(data: unknown, parsed: ParsedContentFile, earlier: Record<string, unknown>): Problem[];
}

/** A file every locale has, e.g. <locale>/ui.yaml. */
export interface LocaleFile {
  file: string;
  schema: z.ZodType;
  /** Names the file in messages: "UI strings" → "UI strings (es) do not match their schema". */
  label: string;
}

/** A folder of one file per entry in every locale, e.g. <locale>/services/<slug>.md. */
export interface Collection {
  folder: string;
  ext: '.md' | '.yaml';
  /** Schema of the YAML file, or of the Markdown file's front matter. */
  schema: z.ZodType;
  /** Names an entry in messages: 'note' → 'note "hello" (<locale>) does not match its schema'. */
  label: string;
  /** The entries' ids in order, from a list in a shared file; without it, every file in the folder in any locale, by name. */
  ids?(shared: Record<string, unknown>): readonly string[];
  /** The shared file that lists the entries, named when a file is not listed there. */
  listedIn?: string;
  /** Entries may give their address per locale (`slug: pan-cubano` in front matter); else the file name, the id in every locale. */
  localizedSlugs?: boolean;
  /** An entry may exist in some locales only (no page in the others); by default every locale has every entry. */
  partial?: boolean;
  /**
   * An entry missing in a locale shows the default locale's at that locale's URL (implies `partial`). It carries
   * `fallback: '<default locale>'` (templates mark it untranslated, with that `lang`), its canonical is the original, and
   * it is left out of hreflang, the sitemap and feeds. The locale's lists see it too: filter on `fallback`.
   */
  fallback?: boolean;
  /** Front-matter keys with one fact for all locales: each file repeats it, the build refuses disagreement, the editor copies it. */
  sameInEveryLocale?: readonly string[];
  /** A number field the site lists the entries by, smallest first: the editor lists them in that order, each with its number. */
  listedBy?: string;
}

/**
 * Plain words for field names ("hero" → "Top of the page") for the people who edit; a schema's `.meta({ cms: { label } })`
 * comes first, the name spelt out last. `widget: 'text'`: a box of several lines; `singular`: a list's "Add …" button.
 */
export type Vocabulary = Readonly<Record<string, string | { label: string; hint?: string; widget?: 'text'; singular?: string }>>;

export interface ContentModel {
  shared: Record<string, SharedFile>;
  perLocale: Record<string, LocaleFile>;
  collections: Record<string, Collection>;
  /** Field names in editors' words: the editor's labels and the build's messages to them. */
  labels?: Vocabulary;
}

export interface PageMeta {
  title: string;
  description: string;
}

/** One entry of the page registry. */
export interface PageDefinition {
  /** Names the page in messages and in `data-page`; a page's content lives at <locale>/pages/<id>.yaml. */
  id: string;
  /** The path in every locale, as the default locale shows it: "/about", "/services/[slug]". */
  path: string;
  /** Rendered inside the layout; it receives the path's [params] as props ({ slug: "hello" }). */
  template: ComponentType<never>;
  /** Schema of the page's own content file (<locale>/pages/<id>.yaml); none when it has no file. */
  schema?: z.ZodType;
  /** One page per entry of this collection; the [param] in path takes each entry's id. */
  collection?: string;
  /** Listed in the site's navigation (the site's templates read this from the registry). */
  nav?: boolean;
  /** Left out of the sitemap and marked noindex, nofollow; a function decides per collection entry. */
  noindex?: boolean | { bivarianceHack(entry: unknown): boolean }['bivarianceHack'];
  /** The locale's "page not found" page: written as /404.html and /<locale>/404.html. */
  notFound?: boolean;
  /** Its pages come from plugins' routes hooks (with their data), not one per locale from the registry. */
  generated?: boolean;
}

/** A component Markdown may show (`::name{prop="value"}`): the component, and the schema of its props. */
export interface MarkdownComponent {
  component: ComponentType<never>;
  props: z.ZodType;
}

export type MarkdownComponents = Readonly<Record<string, MarkdownComponent>>;

/** What a data source's load function is given. */
export interface DataContext {
  /** The moment the build is made as of. */
  now: Date;
  /** GET a URL and parse its JSON (http or https; a status other than 2xx is an error naming it). */
  fetchJson(url: string, options?: { headers?: Record<string, string>; timeoutMs?: number }): Promise<unknown>;
}

/** Data fetched or read at build time, before the pages: templates read it as content.data.<name>. */
export interface DataSource {
  load(context: DataContext): Promise<unknown>;
  /** Seconds a result is reused (dev's rebuilds, repeated builds); 0 (default): asked again each build. */
  maxAge?: number;
}

/** An old address that now leads to a page of the site, as the default locale shows both. */
export interface Redirect {
  from: string;
  to: string;
  /** 301 (default); false for a temporary 302. */
  permanent?: boolean;
  /** Only in this locale (default: the same paths in every locale). */
  locale?: string;
}

/** Page-weight budgets in brotli bytes (checks/budgets.ts). */
export interface Budgets {
  jsBrotli: number;
  cssBrotli: number;
  htmlBrotli: number;
  /** The heaviest photo a phone downloads: bytes of the AVIF it picks at 390 px, 3 device pixels a px (images plugin). */
  largestImage?: number;
}

export interface Warning {
  file: string;
  message: string;
}

/** A site (C: its loaded content, see ContentOf). Hooks are methods, so a site typed by its content is a SiteDefinition too. */
export interface SiteDefinition<C = unknown> {
  /** Locale codes (URL prefix and `lang`) with their Intl tag, in output order. */
  locales: Record<string, { intl: string }>;
  /** Served at the root; the others under /<code>/. Also hreflang's x-default. */
  defaultLocale: string;
  /** The IANA time zone content dates (publishDate, expiryDate) are days of, whatever the build machine's; default UTC. */
  timeZone?: string;
  content: ContentModel;
  pages: PageDefinition[];
  /** Wraps every page template (header, footer, widgets). */
  layout: ComponentType<{ children: ReactNode }>;
  /** A page's title and description; by default its content file's `title` and `description`. */
  meta?(page: PageData<C>): PageMeta;
  /** Extra elements of <head> (social cards, icons, manifest), after the canonical and hreflang links. */
  head?: ComponentType<{ meta: PageMeta; title: string }>;
  /** "About | My Site": the <title> from the page's meta. */
  documentTitle?(meta: PageMeta, page: PageData<C>): string;
  /** schema.org JSON-LD for a page, or undefined. */
  jsonLd?(page: PageData<C>, meta: PageMeta): object | undefined;
  /** Client islands: components by name (server side) and the module exporting them as `islands`. Omit when there are none. */
  islands?: { registry: Record<string, ComponentType<never>>; module: URL };
  /** The stylesheet, bundled and content-hashed. */
  styles: URL;
  /** Folders and files of the site's code: a change there rebuilds everything with fresh modules. */
  sources: URL[];
  /** The production origin, for canonical URLs and the sitemap. */
  baseUrl(content: C): string;
  budgets?(content: C): Budgets;
  /** Values that must not ship (fictitious phone numbers, sample reviews): warnings, errors with --strict. */
  placeholders?(content: C, where: { contentDir: string; baseUrl: string }): Warning[];
  /** The files the engine writes besides pages, each on by default: configure one, or turn it off with false. */
  output?: OutputPolicy<C>;
  /** Extra raw HTML Markdown may hold (tag → attributes); scripts, frames, event handlers and non-http(s) links stay refused. */
  markdownHtml?: Record<string, readonly string[]>;
  /** Components Markdown may show, by name: `::cta{product="bread"}` renders one, props checked by its schema, escaped by React. */
  markdownComponents?: MarkdownComponents;
  /**
   * More file types static/ publishes, by folder ({ downloads: ['.zip'] }). Default: passive types only (images, fonts, PDF,
   * text, CSS, JS, JSON), only images and PDF in the uploads folder; never pages or XML.
   */
  staticTypes?: Record<string, readonly string[]>;
  /** Generated files per locale, by path under the locale's root: { 'manifest.webmanifest': json }. */
  localeFiles?(content: C, locale: string, home: string): Record<string, string>;
  /** The static/ folder staff upload to (the editor plugin sets it): images and PDF only, whatever staticTypes says. */
  uploads?: string;
  /** Data fetched or read at build time (async), by name: content.data.<name> in templates. A failure names the source. */
  data?: Record<string, DataSource>;
  /** Old addresses and their pages now: _redirects, applied by serve and dev, plus a page at each for hosts without _redirects. */
  redirects?: readonly Redirect[];
  /** Plugins: more steps of the build (docs/plugins.md). The engine's own run too, configured in `output`. */
  plugins?: Plugin<C>[];
}

/** Where the editor saves, as Sveltia's backend settings: a Git host's repository and branch. */
export interface EditorBackend {
  name: 'github' | 'gitlab' | 'gitea' | 'test-repo';
  repo?: string;
  branch?: string;
  /** The origin of the site's own OAuth helper (Sveltia's sveltia-cms-auth) for GitHub sign-in. */
  base_url?: string;
  /** The helper's path (default `auth`). */
  auth_endpoint?: string;
  /** 'token' alone: staff sign in with a personal access token, no OAuth helper needed. */
  auth_methods?: readonly ('oauth' | 'token')[];
}

export interface AdminOptions {
  backend: EditorBackend;
  /**
   * `'cloudflare-pages'`: "Sign In with GitHub" as a Pages Function deployed with the site (app id and secret are host secrets
   * GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET; docs/deploy.md). Else staff use an access token, unless `backend.base_url` is set.
   */
  githubSignIn?: 'cloudflare-pages';
  /** The editor's title in its tab and sign-in page. */
  title?: string;
  /** Uploaded images: one folder under static/ (default images/uploads), served at /<folder>/. */
  media?: { folder: string };
  /** The repository's root, when it is not the site's folder: the editor's paths are relative to it. */
  root?: URL;
  /** Field names in editors' words, when not the content model's `labels` (which the build's messages use too). */
  labels?: Vocabulary;
}

/** How eagerly browsers prefetch: on a press, on a hover or tap, or as soon as a link shows. */
export type Eagerness = 'conservative' | 'moderate' | 'eager';

/** Changes to a Content-Security-Policy: a directive's sources replaced, or false to leave it out. */
export type CspChanges = Record<string, readonly string[] | false>;

export interface HeadersPolicy {
  /** Changes to the engine's strict Content-Security-Policy, directive by directive. */
  csp?: CspChanges;
  /** Strict-Transport-Security, or false for none. Default: a year, this host only. */
  hsts?: string | false;
  /** More headers for every response, or other values for the defaults' names. */
  extra?: Record<string, string>;
}

/** A precompressed twin's encoding: brotli (.br) or gzip (.gz). */
export type Encoding = 'br' | 'gzip';

/** The engine's default output files, as a site configures them. */
export interface OutputPolicy<C = unknown> {
  /** Where the site is published (default "cloudflare-pages"): sets _redirects' dialect and what `site stage` copies. */
  host?: Host;
  /** sitemap.xml of the indexable pages, with hreflang alternates. */
  sitemap?: boolean;
  /** robots.txt: every crawler welcome, pointed at the sitemap. */
  robots?: boolean;
  /** _redirects: the site's redirects, and each locale's 404 page for its paths where the host needs that rule (Netlify). */
  redirects?: boolean;
  /** speculation-rules.json and its header: prefetch this site's pages on a sign of intent (default: moderate). */
  speculationRules?: false | { eagerness?: Eagerness };
  /**
   * Precompressed twins of text files: .br, and .gz for a server sending only precompressed gzip (nginx's gzip_static); []
   * for none. Default: ["br"] where the host sends twins (nginx, Caddy), none where it compresses as it serves.
   */
  precompress?: readonly Encoding[];
  /** _headers: the security and cache headers (also sent by serve and dev); the policy may depend on content. */
  headers?: false | HeadersPolicy | { bivarianceHack(content: C): HeadersPolicy }['bivarianceHack'];
}

/** What the shared files of a content model hold once loaded, by key. */
export type SharedOutputs<M extends ContentModel> = { [K in keyof M['shared']]: Output<M['shared'][K]['schema']> };

/** A content model's hooks, typed by its own schemas: a check gets what its schema returns, ids the shared files. */
export type ContentModelHooks<M extends ContentModel> = {
  shared: { [K in keyof M['shared']]: { check?: (data: Output<M['shared'][K]['schema']>, parsed: ParsedContentFile, earlier: Partial<SharedOutputs<M>>) => Problem[] } };
  collections: { [K in keyof M['collections']]: { ids?: (shared: SharedOutputs<M>) => readonly string[] } };
};

/** Types a content model: each hook is checked against its schema (a check of the wrong data does not compile). */
export function defineContentModel<const M extends ContentModel>(model: M & ContentModelHooks<M>): M {
  return model;
}

/** Types a site definition; the engine checks it when it loads it. */
export function defineSite<C>(site: SiteDefinition<C>): SiteDefinition<C> {
  return site;
}

type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** One locale's loaded content under a content model: its files, pages and collections. */
export type LocaleContentOf<M extends ContentModel, P extends Record<string, z.ZodType>> = { [K in keyof M['perLocale']]: Output<M['perLocale'][K]['schema']> } & {
  /** Each registry page's own content file, by page id. */
  pages: { [K in keyof P]: Output<P[K]> };
} & {
  /** Each collection's entries by id; a Markdown entry: front matter, body as HTML and (localizedSlugs) its slug in the locale. */
  [K in keyof M['collections']]: Record<string, M['collections'][K] extends { ext: '.md' } ? { front: Output<M['collections'][K]['schema']>; html: string; slug?: string } : Output<M['collections'][K]['schema']>>;
};

/** A site's loaded content type, from its content model and pages' schemas: shared files by key, each locale's under `locales`. */
export type ContentOf<M extends ContentModel, P extends Record<string, z.ZodType> = Record<never, z.ZodType>> = { [K in keyof M['shared']]: Output<M['shared'][K]['schema']> } & {
  locales: Record<string, LocaleContentOf<M, P>>;
};
