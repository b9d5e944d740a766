// Markdown → HTML, with its site-internal links and what it may not hold (raw HTML outside the allow-list, addresses
// of another scheme than http(s), mailto, tel or relative: html-policy.ts), each at the line it was written on.
import { Marked, type MarkedExtension, type Token, type Tokens } from 'marked';
import { intern } from './intern.ts';
import { checkHtml, checkRenderedHtml, DEFAULT_HTML_ALLOW, urlProblem, type HtmlAllowList, type HtmlTag } from '../security/html-policy.ts';
import { checkComponent, componentsExtension, inComponentScope, type ComponentScope, type ComponentToken, type MarkdownComponents } from './components.ts';
import type { PageData } from '../site/page-data.ts';

const plain = new Marked({ gfm: true, async: false });
const NONE: readonly MarkedExtension[] = [];
const parsers = new WeakMap<readonly MarkedExtension[], WeakMap<object, Marked>>();

/** One parser per pair of extensions and components, reused. */
function parserFor(extensions: readonly MarkedExtension[] = NONE, components?: MarkdownComponents): Marked {
  if (!extensions.length && !components) return plain;
  const byComponents = parsers.get(extensions) ?? new WeakMap<object, Marked>();
  parsers.set(extensions, byComponents);
  const key = components ?? NONE;
  let made = byComponents.get(key);
  if (!made) byComponents.set(key, (made = new Marked({ gfm: true, async: false }, ...(components ? [componentsExtension(components)] : []), ...extensions)));
  return made;
}

/** A relative link to a Markdown file ("guide.md", "../a/b.markdown#usage"); one from the root is checked with the site's files. */
const MARKDOWN_FILE = /^(?![a-z][a-z\d+.-]*:|\/)[^?#]*\.(?:md|markdown)(?:[?#]|$)/i;

export interface MarkdownLink {
  href: string;
  /** 1-based line in the source file. */
  line: number;
  /** An image's source, not a link. */
  image?: true;
}

export interface MarkdownFinding {
  line: number;
  code: 'markdown/html' | 'markdown/url' | 'markdown/image' | 'markdown/text' | 'markdown/component' | 'content/too-deep';
  message: string;
  /** A warning; the build goes on. */
  warning?: true;
  /** An image from another site, its address the message: a warning only where the site's policy blocks it. */
  elsewhere?: true;
}

/** Lists and quotes nested deeper than this are refused: the parser recurses once a level. */
export const MAX_MARKDOWN_DEPTH = 32;
/** Emphasis markers (* and _) in one paragraph: the parser's emphasis matching grows with their square. */
export const MAX_EMPHASIS_MARKERS = 2000;

/** Opening brackets in one paragraph: matching links (`[[a](b)` over and over) grows with their square too. */
export const MAX_LINK_BRACKETS = 2000;

/** Deep lists and quotes (a level: ">", a list marker, two columns of indent), too many emphasis markers or brackets; code blocks aside. */
/** Hugo's shortcodes ({{< … >}}, {{% … %}}), Liquid's tags ({% include … %}) and variables ({{ page.title }}): another generator's. */
const TEMPLATE_SYNTAX = /\{\{[<%]|\{%-?\s*[a-z]+|\{\{-?\s*[.$]?[A-Za-z_][\w.]*\s*-?\}\}/;

export function markdownShapeProblem(body: string, firstLine: number): MarkdownFinding | undefined {
  const lines = body.split('\n');
  let fence: string | undefined;
  let markers = 0;
  let brackets = 0;
  let paragraphStart = 0;
  let fenceQuotes = 0;
  for (const [i, line] of lines.entries()) {
    // A fence may stand in a quote ("> ```", a diagram quoted from elsewhere); it ends with its quote, where the parser ends it.
    const prefix = /^(?: {0,3}> ?)*/.exec(line)![0];
    const quotes = prefix.split('>').length - 1;
    // As marked reads a fence: a backtick fence's info has no backtick ("```a`" is a paragraph, and checked as one).
    const fenceMark = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/.exec(line.slice(prefix.length))?.[1];
    if (fence && quotes >= fenceQuotes) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    fence = undefined;
    if (fenceMark) {
      fence = fenceMark;
      fenceQuotes = quotes;
      continue;
    }
    if (line.trim() === '') {
      markers = 0;
      brackets = 0;
      paragraphStart = i + 1;
      continue;
    }
    let depth = 0;
    let columns = 0;
    for (let at = 0; at < line.length; ) {
      const c = line[at]!;
      if (c === ' ' || c === '\t') {
        columns += c === '\t' ? 4 : 1;
        at++;
      } else if (c === '>') {
        depth++;
        at++;
      } else {
        const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(at, at + 11));
        if (!marker) break;
        depth++;
        at += marker[0].length;
      }
    }
    if (depth + Math.floor(columns / 2) > MAX_MARKDOWN_DEPTH) {
      return { line: firstLine + i, code: 'content/too-deep', message: `lists or quotes nest more than ${MAX_MARKDOWN_DEPTH} levels deep here; a page needs a few` };
    }
    for (let at = 0; at < line.length; at++) {
      if (line[at] === '*' || line[at] === '_') markers++;
      else if (line[at] === '[') brackets++;
    }
    // Brackets in inline code are text to the parser.
    for (const code of line.matchAll(/(`+)[^`]*?\1/g)) brackets -= code[0].split('[').length - 1;
    if (brackets > MAX_LINK_BRACKETS) {
      return { line: firstLine + paragraphStart, code: 'content/too-deep', message: `this paragraph holds more than ${MAX_LINK_BRACKETS} link brackets ([); split it, or put such text in a code block` };
    }
    if (markers > MAX_EMPHASIS_MARKERS) {
      return { line: firstLine + paragraphStart, code: 'content/too-deep', message: `this paragraph holds more than ${MAX_EMPHASIS_MARKERS} emphasis markers (* or _); split it, or put such text in a code block` };
    }
  }
  return undefined;
}

export interface RenderedMarkdown {
  html: string;
  links: MarkdownLink[];
  /** What the content may not hold; the build fails on any. */
  findings: MarkdownFinding[];
}

/** Inline tokens, list items, table header and rows (cells hold tokens). */
function childrenOf(token: Token): Token[] {
  const found: Token[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      if ('type' in value) found.push(value as Token);
      else if ('tokens' in value) collect((value as { tokens: unknown }).tokens);
    }
  };
  for (const key of ['tokens', 'items', 'header', 'rows'] as const) collect((token as Record<string, unknown>)[key]);
  return found;
}

export function renderMarkdown(body: string, firstLine: number, allow: HtmlAllowList = DEFAULT_HTML_ALLOW, extensions?: readonly MarkedExtension[], components?: MarkdownComponents, page?: PageData): RenderedMarkdown {
  const marked = parserFor(extensions, components);
  // Refused before the parser sees it: its cost would grow faster than the text.
  const shape = markdownShapeProblem(body, firstLine);
  if (shape) return { html: '', links: [], findings: [shape] };
  const tokens = marked.lexer(body);
  const links: MarkdownLink[] = [];
  const findings: MarkdownFinding[] = [];
  const opened = new Set<string>();
  // Elements content's HTML opened and has not closed. One left open runs on into the page around the body (a link or
  // emphasis is even opened again in each paragraph that follows), so each closes in its paragraph; one opened on a
  // line of its own (an HTML block) may hold paragraphs, and closes before the body ends.
  const unclosed: { name: string; line: number; spans: boolean }[] = [];
  const neverClosed = (left: typeof unclosed) => {
    for (const { name, line: at, spans } of left) findings.push({ line: at, code: 'markdown/html', message: `<${name}> is never closed: write </${name}> where it ends${spans ? '' : ', in the same paragraph'} (left open, a browser carries it on into the rest of the page); meant as text? Write \\<${name}>` });
  };
  let line = firstLine;
  for (const block of tokens) {
    // Tokens are found in the block's raw text after the last one found; one not found (in a quote) gets the block's line.
    let cursor = 0;
    const lineOf = (raw: string) => {
      const at = block.raw.indexOf(raw, cursor);
      if (at < 0) return line;
      cursor = at + 1;
      return line + block.raw.slice(0, at).split('\n').length - 1;
    };
    const visit = (list: Token[] | undefined) => {
      for (const token of list ?? []) {
        if (token.type === 'link' || token.type === 'image') {
          const { href, raw } = token as Tokens.Link | Tokens.Image;
          const at = lineOf(raw);
          const problem = urlProblem(href);
          // An autolink that is no address (<http://localhost:port>) is written as text with a warning, never a failure.
          const autolink = token.type === 'link' && (raw === `<${href}>` || raw === href || raw === (token as Tokens.Link).text);
          if (problem && autolink && !/^\s*(javascript|data|vbscript):/i.test(href)) {
            Object.assign(token, { type: 'text', text: (token as Tokens.Link).text, tokens: undefined, escaped: false });
            findings.push({ line: at, code: 'markdown/url', message: `autolink ${problem}: it is shown as text, not as a link`, warning: true });
          } else if (problem) findings.push({ line: at, code: 'markdown/url', message: `${token.type === 'image' ? 'image' : 'link'} ${problem}` });
          // As another tool's docs link their files: told here, at its line, not as a broken link of the page it lands on.
          else if (token.type === 'link' && MARKDOWN_FILE.test(href)) findings.push({ line: at, code: 'markdown/url', message: `link "${href}" points at a Markdown file: link to its page's address instead (as the site writes it, with no ".md"; a file of static/ by its address from the site's root, /…)` });
          else if (token.type === 'image' && !(token as Tokens.Image).text.trim()) findings.push({ line: at, code: 'markdown/image', message: `image "${href}" has no description: write what it shows between the brackets, ![A loaf of rye bread](${href})` });
          // Another site's image (a badge): the site's content policy may not let a browser load it (load-content.ts says).
          if (token.type === 'image' && !problem && /^(https?:)?\/\//i.test(href)) findings.push({ line: at, code: 'markdown/image', message: href, warning: true, elsewhere: true });
          // A copy of its own: the token's text is a slice that would keep the whole file alive.
          else if (href.startsWith('/') && !href.startsWith('//')) links.push(token.type === 'image' ? { href: intern(href), line: at, image: true } : { href: intern(href), line: at });
        } else if (token.type === 'text' && !childrenOf(token)?.length && TEMPLATE_SYNTAX.test((token as Tokens.Text).text)) {
          // Brought from Hugo or Jekyll: their template syntax is not read here, and would be published as text.
          const [found] = TEMPLATE_SYNTAX.exec((token as Tokens.Text).text)!;
          findings.push({ line: lineOf(token.raw), code: 'markdown/text', message: `"${found}" is template syntax of another generator (a Hugo shortcode, a Liquid tag or variable), which this site does not read: it is published as the text it is. Write what it stands for, or put it in \`code\` if it is meant as text`, warning: true });
        } else if (token.type === 'component' && components) {
          const at = lineOf(token.raw);
          (token as ComponentToken).line = at;
          for (const message of checkComponent(token as ComponentToken, components)) findings.push({ line: at, code: 'markdown/component', message });
        } else if (token.type === 'html') {
          const { raw } = token as Tokens.HTML;
          const start = block.raw.indexOf(raw, cursor);
          const lineAt = (offset: number) => (start < 0 ? line : line + block.raw.slice(0, start + offset).split('\n').length - 1);
          const tags: HtmlTag[] = [];
          for (const finding of checkHtml(raw, allow, opened, tags)) findings.push({ line: lineAt(finding.offset), code: 'markdown/html', message: finding.message });
          for (const tag of tags) {
            if (!tag.close) unclosed.push({ name: tag.name, line: lineAt(tag.offset), spans: token === block });
            else {
              const at = unclosed.findLastIndex((element) => element.name === tag.name);
              if (at >= 0) unclosed.splice(at, 1);
            }
          }
          if (start >= 0) cursor = start + 1;
        }
        visit(childrenOf(token));
      }
    };
    visit([block]);
    neverClosed(unclosed.filter((element) => !element.spans));
    unclosed.splice(0, unclosed.length, ...unclosed.filter((element) => element.spans));
    line += block.raw.split('\n').length - 1;
  }
  neverClosed(unclosed);
  const failures: ComponentScope['failures'] = [];
  const html = inComponentScope({ page, failures }, () => marked.parser(tokens) as string);
  for (const failure of failures) findings.push({ line: failure.line || firstLine, code: 'markdown/component', message: failure.message });
  // The rendered HTML checked again: a finding here (the build fails) means the raw-HTML check above has a gap.
  if (!findings.some((finding) => !finding.warning)) {
    for (const part of new Set(checkRenderedHtml(html))) findings.push({ line: firstLine, code: 'markdown/html', message: `the page would hold ${part}, which content may not hold; remove the HTML around it` });
  }
  return { html, links, findings };
}
