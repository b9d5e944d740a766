// A Markdown line `::name{key="value"}` shows a component the site registered (`markdownComponents`), props checked by its schema.
// Read after the raw-HTML policy; React escapes every prop, so an author gets the component's markup, never their own.
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageContext } from '../site/page-context.ts';
import type { PageData } from '../site/page-data.ts';
import type { MarkedExtension, Tokens } from 'marked';
import { keyPath } from '../problems/problem.ts';
import type { MarkdownComponents } from '../site/definition.ts';
import { didYouMean } from './suggest.ts';

export type { MarkdownComponents };

/** `props` is set once they are checked. */
export interface ComponentToken extends Tokens.Generic {
  type: 'component';
  raw: string;
  name: string;
  attributes: string;
  props?: unknown;
  /** For a component that throws. */
  line?: number;
}

/** usePage() for a Markdown component (its file's locale) and failures by line; set around one file's synchronous render. */
export interface ComponentScope {
  page?: PageData;
  failures: { line: number; message: string }[];
}
let scope: ComponentScope | undefined;
export function inComponentScope<T>(current: ComponentScope, render: () => T): T {
  const before = scope;
  scope = current;
  try {
    return render();
  } finally {
    scope = before;
  }
}

const LINE = /^::([a-z][a-z0-9-]*)(?:\{([^}\n]*)\})?[ \t]*(?:\n|$)/;
const ATTRIBUTE = /\s*([a-zA-Z][\w-]*)="([^"]*)"/y;

export function componentAttributes(text: string): { values: Record<string, string> } | { error: string } {
  const values: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(text);
    if (!match) {
      if (text.slice(at).trim() === '') break;
      return { error: `cannot read "${text.slice(at).trim()}": write each prop as name="value", separated by spaces` };
    }
    if (Object.hasOwn(values, match[1]!)) return { error: `${match[1]} is given twice` };
    values[match[1]!] = match[2]!;
    at = ATTRIBUTE.lastIndex;
  }
  return { values };
}

/** Sets a component line's props when it may be shown; otherwise one message per problem. */
export function checkComponent(token: ComponentToken, components: MarkdownComponents): string[] {
  const known = Object.keys(components);
  const definition = Object.hasOwn(components, token.name) ? components[token.name] : undefined;
  if (!definition) return [`::${token.name} is not a component this site has${didYouMean(token.name, known)}${known.length ? `; components are ${known.map((n) => `::${n}`).join(', ')}` : ''}`];
  const read = componentAttributes(token.attributes);
  if ('error' in read) return [`::${token.name}: ${read.error}`];
  const checked = definition.props.safeParse(read.values);
  if (!checked.success) return checked.error.issues.map((issue) => `::${token.name} ${keyPath(issue.path) || 'props'}: ${issue.message}`);
  token.props = checked.data;
  return [];
}

export function componentsExtension(components: MarkdownComponents): MarkedExtension {
  return {
    extensions: [{
      name: 'component',
      level: 'block',
      start: (src: string) => {
        const at = src.search(/(^|\n)::[a-z]/);
        return at < 0 ? undefined : at + (src[at] === '\n' ? 1 : 0);
      },
      tokenizer(src: string) {
        const match = LINE.exec(src);
        return match ? ({ type: 'component', raw: match[0], name: match[1]!, attributes: match[2] ?? '' } satisfies ComponentToken) : undefined;
      },
      renderer(token) {
        const { name, props } = token as ComponentToken;
        const definition = components[name];
        // Unchecked (refused: the build fails) or unknown: nothing of the author's text goes out.
        if (!definition || props === undefined) return '';
        const element = createElement(definition.component as ComponentType<Record<string, unknown>>, props as Record<string, unknown>);
        try {
          return `${renderToStaticMarkup(scope?.page ? createElement(PageContext.Provider, { value: scope.page }, element) : element)}\n`;
        } catch (error) {
          // The caller names the file and line.
          scope?.failures.push({ line: (token as ComponentToken).line ?? 0, message: `component "${name}" threw: ${error instanceof Error ? error.message : String(error)}` });
          if (!scope) throw error;
          return '';
        }
      },
    }],
  };
}
