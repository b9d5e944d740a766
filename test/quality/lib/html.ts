// A few DOM helpers over parse5's tree, enough for the quality checks (no browser needed).
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

export type Node = DefaultTreeAdapterTypes.Node;
export type Element = DefaultTreeAdapterTypes.Element;
export type Document = DefaultTreeAdapterTypes.Document;

/**
 * Parses a whole HTML document the way a browser does. Scripting is off so that the content of
 * <noscript> is parsed as elements (and checked) rather than kept as raw text.
 */
export function parseHtml(html: string): Document {
  return parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
}

export function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function children(node: Node): Node[] {
  if (isElement(node) && node.tagName === 'template') return (node as DefaultTreeAdapterTypes.Template).content.childNodes;
  return 'childNodes' in node ? node.childNodes : [];
}

/** Every element under node (document order, including the content of <template>). */
export function* elements(node: Node): Generator<Element> {
  for (const child of children(node)) {
    if (isElement(child)) {
      yield child;
      yield* elements(child);
    }
  }
}

export function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

export function hasAttr(el: Element, name: string): boolean {
  return el.attrs.some((a) => a.name === name);
}

/** The ancestors of el, nearest first. */
export function* ancestors(el: Element): Generator<Element> {
  let parent = el.parentNode;
  while (parent && isElement(parent as Node)) {
    yield parent as Element;
    parent = (parent as Element).parentNode;
  }
}

const NO_TEXT = new Set(['script', 'style', 'template', 'svg']);

/**
 * The text a reader gets from el: its text nodes (hidden spans included) and the alt of its images,
 * whitespace collapsed. skip(element) can leave out whole subtrees; spaced puts a space at every element
 * boundary, so that two adjacent spans ("Maria G." "2 weeks ago") never run into one word.
 */
export function textOf(el: Element, skip: (e: Element) => boolean = () => false, spaced = false): string {
  const parts: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === '#text') parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
    else if (isElement(node)) {
      if (node !== el && (NO_TEXT.has(node.tagName) || skip(node))) return;
      if (node.tagName === 'img') parts.push(` ${attr(node, 'alt') ?? ''} `);
      if (node.tagName === 'br' || spaced) parts.push(' ');
      node.childNodes.forEach(visit);
      if (spaced) parts.push(' ');
    }
  };
  visit(el);
  return collapse(parts.join(''));
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The element's opening tag exactly as written in the file (shortened), to quote in a failure. */
export function openingTag(el: Element, html: string, max = 160): string {
  const loc = el.sourceCodeLocation?.startTag;
  const tag = loc ? html.slice(loc.startOffset, loc.endOffset) : `<${el.tagName} ${el.attrs.map((a) => `${a.name}="${a.value}"`).join(' ')}>`;
  return tag.length > max ? `${tag.slice(0, max - 1)}…>` : tag;
}

/** Where el starts in the file, as line:column (the built pages are mostly on one line). */
export function position(el: Element): string {
  const loc = el.sourceCodeLocation;
  return loc ? `${loc.startLine}:${loc.startCol}` : '?:?';
}
