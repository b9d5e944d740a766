// What the engine's own plugins may do beyond the public hooks: steps that are the engine's business
// (the client bundle the pages link to, a part of the output with its own policy, a folder placed by
// hard links, weighing every page). Sites and third parties write Plugin; the built-ins are EnginePlugin.
import type { Bundle } from '../bundle/client-assets.ts';
import type { PolicyArea } from '../security/headers.ts';
import type { Plugin, PluginContext } from '../site/plugin.ts';

/** What the generated files need to know of a site: its locales, their URLs and its production origin. */
export type SiteShape = Pick<PluginContext, 'locales' | 'defaultLocale' | 'urls' | 'baseUrl'>;

export interface EnginePlugin<C = unknown> extends Plugin<C> {
  /** The stylesheet and island script every page links to (one plugin gives them). */
  assets?(context: PluginContext<C>): Promise<Bundle>;
  /** A part of the output with a Content-Security-Policy of its own (the editor's /admin/). */
  area?(context: PluginContext<C>): PolicyArea;
  /**
   * Starts work that needs no content (the editor's files) as the build starts, beside loading and
   * rendering, not awaited; place() takes its result.
   */
  begin?(sources: { siteDir: string }): void;
  /** Puts large files into the new output folder itself (hard links to a cached bundle). */
  place?(dir: string, context: PluginContext<C>): Promise<void>;
  /** Every page is weighed in brotli bytes for this plugin's check. */
  weighsPages?: boolean;
  /** Files of static/ this plugin publishes in its own way (the images plugin's sources): not copied as they are. */
  claims?(rel: string): boolean;
  /** Runs before the content loads (the images plugin processes its photos, which Markdown then shows). */
  prepare?(sources: { siteDir: string; staticDir: string; staticFiles: readonly string[] }): Promise<void>;
  /** Part of the kept content parses' key: Markdown rendered with what this plugin knew then. */
  cacheKey?(): string;
}
