// Term pages (tags, categories) per locale: one per term that has entries (so nothing links to an empty one), and a list.
// Terms are slugs in content; the site's `label` names each in a locale, so it can be translated.
import { BuildFailure, Problem } from '../problems/problem.ts';
import type { Plugin } from '../site/plugin.ts';
import { checkLocaleKeys, inLocale } from './paginate.ts';
import { isSlug } from '../routes/urls.ts';

export interface TaxonomyOptions<C> {
  /** The registry page of one term (generated: true); its path is "<path>/<term>". */
  page: string;
  /** The registry page listing the terms (generated: true), at "<path>"; none without it. */
  listPage?: string;
  /** Where the term pages live, as the default locale shows it ("/blog/tags"), or one per locale ({ es: '/blog/etiquetas' }). */
  path: string | Readonly<Record<string, string>>;
  /** A locale's entries in order, by id. */
  entries(content: C, locale: string): Record<string, unknown>;
  /** The terms of an entry (slugs). */
  terms(entry: unknown): readonly string[];
  /** What a term is called in a locale (default: the slug). */
  label?(term: string, locale: string, content: C): string;
  /** A term's address in a locale, words of lowercase letters and digits joined by dashes ("pan" for "bread"; default: the term). */
  slug?(term: string, locale: string, content: C): string;
}

/** The taxonomy plugin, with path helpers for templates that link to its pages. */
export type TaxonomyPlugin<C> = Plugin<C> & {
  /** The path of a term's page in a locale ("/blog/etiquetas/pan"). */
  pathOf(term: string, locale: string, content: C, defaultLocale: string): string;
  /** The path of the list of terms in a locale ("/blog/etiquetas"). */
  listPathOf(locale: string, defaultLocale: string): string;
};

/** A term page's data. */
export interface TermPage {
  term: string;
  label: string;
  /** The ids of its entries, in the entries' order. */
  items: string[];
}

/** The list page's data. */
export interface TermList {
  terms: { term: string; label: string; count: number; url: string }[];
}


export function taxonomy<C>(options: TaxonomyOptions<C>): TaxonomyPlugin<C> {
  const baseIn = (locale: string, defaultLocale: string) => inLocale(options.path, locale, defaultLocale).replace(/\/$/, '');
  const slugIn = (term: string, locale: string, content: C) => options.slug?.(term, locale, content) ?? term;
  const pathOf = (term: string, locale: string, content: C, defaultLocale: string) => `${baseIn(locale, defaultLocale)}/${slugIn(term, locale, content)}`;
  return {
    pathOf,
    listPathOf: (locale, defaultLocale) => baseIn(locale, defaultLocale) || '/',
    name: `taxonomy:${options.page}`,
    routes(content, context) {
      checkLocaleKeys(`taxonomy (${options.page})`, { path: options.path }, context.locales);
      const problems: Problem[] = [];
      const routes = context.locales.flatMap((locale) => {
        const byTerm = new Map<string, string[]>();
        for (const [id, entry] of Object.entries(options.entries(content, locale))) {
          for (const term of options.terms(entry)) {
            if (!isSlug(term)) {
              problems.push(new Problem('content/check', { part: `${locale} entry "${id}"` }, 'has a term that cannot be part of an address', [{ path: '', message: `"${term}": write terms as words of lowercase letters (or of a script without capitals) and digits, joined by dashes (such as "sourdough-bread")` }]));
              continue;
            }
            byTerm.set(term, [...(byTerm.get(term) ?? []), id]);
          }
        }
        const label = (term: string) => options.label?.(term, locale, content) ?? term;
        const base = baseIn(locale, context.defaultLocale);
        const at = (term: string) => pathOf(term, locale, content, context.defaultLocale);
        const terms = [...byTerm.keys()].sort((a, b) => label(a).localeCompare(label(b), locale));
        const pages = terms.map((term) => ({ page: options.page, locale, path: at(term), key: term, data: { term, label: label(term), items: byTerm.get(term)! } satisfies TermPage }));
        if (!options.listPage) return pages;
        const list: TermList = { terms: terms.map((term) => ({ term, label: label(term), count: byTerm.get(term)!.length, url: context.urls.localeUrl(locale, at(term)) })) };
        return [{ page: options.listPage, locale, path: base || '/', key: '', data: list as unknown as Record<string, unknown> }, ...pages];
      });
      if (problems.length) throw new BuildFailure(problems);
      return routes;
    },
  };
}
