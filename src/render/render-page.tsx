// Renders one route to a complete HTML document. Pure: data in, a string out, no file I/O.
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '../../templates/schema.ts';
import type { SiteContent } from '../content/types.ts';
import type { Route } from '../routes/routes.ts';
import { PageContext, type PageData } from '../../templates/context.ts';
import { Document, type Assets } from '../../templates/Document.tsx';
import { jsonLd } from '../../templates/head/json-ld.ts';
import { pageMeta } from '../../templates/head/page-meta.ts';
import { Layout } from '../../templates/layout/Layout.tsx';
import { templateFor } from '../../templates/pages/index.tsx';
import { IslandCollector, IslandProps, type IslandRecord } from './island.tsx';

export interface RenderOptions {
  content: SiteContent;
  assets: Assets;
  year: number;
}

/** A template threw while rendering a page: a bug in a template, so its stack is kept. */
export class RenderError extends Error {
  constructor(readonly route: Route, readonly template: string, override readonly cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause);
    super(`page ${route.url} (${route.locale}): template ${template} threw: ${message}`);
    this.name = 'RenderError';
  }
}

export function renderPage(route: Route, { content, assets, year }: RenderOptions): string {
  const page: PageData = { content, locale: route.locale as Locale, route, text: content.locales[route.locale], year };
  const { name, element } = templateFor(route);
  try {
    const islands: IslandRecord[] = [];
    // The body first, so every island's props are known before the document is put together.
    const body = renderToStaticMarkup(
      <PageContext.Provider value={page}>
        <IslandCollector.Provider value={islands}>
          <Layout>{element}</Layout>
        </IslandCollector.Provider>
      </PageContext.Provider>,
    );
    const bodyHtml = islands.length ? body + renderToStaticMarkup(<IslandProps islands={islands} />) : body;
    const meta = pageMeta(page);
    const html = renderToStaticMarkup(
      <Document page={page} meta={meta} assets={assets} jsonLd={jsonLd(page, meta.title)} bodyHtml={bodyHtml} hasIslands={islands.length > 0} />,
    );
    return `<!DOCTYPE html>${html}`;
  } catch (error) {
    throw new RenderError(route, name, error);
  }
}
