// The engine's public contract: all that a site may import from src/.
export { defineContentModel, defineSite } from './site/definition.ts';
export type {
  AdminOptions, Budgets, Collection, EditorBackend, ContentModel, ContentOf, CspChanges, Eagerness, Encoding, HeadersPolicy, LocaleContentOf, LocaleFile, OutputPolicy, PageDefinition, PageMeta, ParsedContentFile, SharedFile, SharedOutputs, SiteDefinition, Warning, ContentModelHooks, Redirect, DataContext, DataSource, MarkdownComponent, MarkdownComponents,
} from './site/definition.ts';
export { usePage, type PageData } from './render/page-context.ts';
export { island } from './render/island.ts';
export { Shared } from './render/shared.ts';
export type { Route } from './routes/routes.ts';
export { BuildFailure, inFile, inPart, type Detail, type Problem } from './problems/problem.ts';
export { didYouMean } from './content/suggest.ts';
export { origins } from './security/csp.ts';
export type { BuildOutput, BuiltPage, Bundle, BundledAsset, CheckContext, ContentFile, ContentLoadedContext, CspDirectives, FilesContext, HeaderRule, Plugin, PluginContext, PluginRoute, PolicyArea, PrepareContext } from './site/plugin.ts';
export { editor } from './admin/editor-plugin.ts';
export { paginate, type PageOfList, type PaginateOptions } from './plugins/paginate.ts';
export { taxonomy, type TaxonomyOptions, type TaxonomyPlugin, type TermList, type TermPage } from './plugins/taxonomy.ts';
export { feeds, type FeedItem, type FeedOptions } from './plugins/feeds.ts';
export { images, type ImageMap, type ImagesOptions, type ProcessedImage } from './plugins/images.ts';
export { Picture } from './render/picture.ts';
export { imageField, type ImageField, type SharedImageField } from './content/image-field.ts';
