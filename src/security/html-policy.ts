// People outside the team edit content, so raw HTML is held to an allow-list of inline tags (a site may widen it), addresses to
// http(s), mailto, tel or relative: no script, frame, redirect or handler. Parsed, never matched with regular expressions.
import { decodeHTMLAttribute } from 'entities';
import { Parser, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** Tag → the attributes it may carry besides the global ones. */
export type HtmlAllowList = Record<string, readonly string[]>;

/** Harmless inline markup: emphasis, code, abbreviations, line breaks, links. */
export const DEFAULT_HTML_ALLOW: HtmlAllowList = {
  a: ['href', 'hreflang', 'rel'],
  abbr: [],
  b: [],
  br: [],
  cite: [],
  code: [],
  del: ['cite', 'datetime'],
  dfn: [],
  em: [],
  i: [],
  ins: ['cite', 'datetime'],
  kbd: [],
  mark: [],
  q: ['cite'],
  s: [],
  samp: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  sup: [],
  time: ['datetime'],
  u: [],
  var: [],
  wbr: [],
};

const GLOBAL_ATTRIBUTES = new Set(['title', 'lang', 'dir']);
/** Never allowed, whatever a site widens: they run code or load a document. */
const NEVER_TAGS = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'template', 'svg', 'math']);
const NEVER_ATTRIBUTE = /^(on|formaction$|srcdoc$|xmlns)/i;
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'action', 'poster', 'data', 'background', 'xlink:href']);
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Why an address may not be used, or undefined when it may (relative addresses always may). */
export function urlProblem(raw: string): string | undefined {
  // As a browser reads it: entities decoded, then the URL parser (strips spaces around, drops tabs and newlines, lowers the scheme).
  const value = decodeHTMLAttribute(raw);
  let url: URL;
  try {
    url = new URL(value, 'https://relative.invalid/');
  } catch {
    return `"${raw}" is not a valid address`;
  }
  if (ALLOWED_PROTOCOLS.has(url.protocol)) return undefined;
  return `"${raw}" uses ${url.protocol.slice(0, -1)}:, but links and images may use http, https, mailto, tel or a relative address only`;
}

export interface HtmlFinding {
  /** Offset in the HTML text where the tag starts. */
  offset: number;
  tag: string;
  message: string;
}

const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text);

/** What the element check cannot see, read by a tokenizer as a browser does: a tag never ended with ">" (the browser takes
 * what follows as its attributes), a closing tag content may not open, and parts that are not elements. */
function structureFindings(html: string, allow: HtmlAllowList, opened: Set<string>, tags?: HtmlTag[]): HtmlFinding[] {
  const findings: HtmlFinding[] = [];
  let open: { offset: number; name: string } | undefined;
  const nameOf = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      open = { offset: html.lastIndexOf('<', start), name: nameOf(start, end) };
      opened.add(open.name);
    },
    onopentagend() {
      if (open && !VOID.has(open.name)) tags?.push({ ...open, close: false });
      open = undefined;
    },
    onselfclosingtag() {
      // A browser ignores "/>" on an element that is not void: <a href="/x"/> opens a link like any other.
      if (open && !VOID.has(open.name)) tags?.push({ ...open, close: false });
      open = undefined;
    },
    onclosetag(start, end) {
      const name = nameOf(start, end);
      const offset = html.lastIndexOf('<', start);
      tags?.push({ offset, name, close: true });
      if (!opened.has(name) && (NEVER_TAGS.has(name) || !Object.hasOwn(allow, name))) findings.push({ offset, tag: `/${name}`, message: `</${name}> closes an element content may not hold (allowed: ${Object.keys(allow).filter((tag) => !NEVER_TAGS.has(tag)).join(', ')})` });
    },
    oncomment(start, end) {
      const offset = html.lastIndexOf('<', start);
      const text = html.slice(offset, end + 1);
      // A comment can hide a conditional comment or markup for later; the rest ("<?php …?>") are named.
      if (html.startsWith('<!--', offset)) findings.push({ offset, tag: '!--', message: 'HTML comments are not allowed in content: remove it (a note for the team goes in the commit message), or write &lt;!-- to show it as text' });
      else if (html.startsWith('<?', offset)) findings.push({ offset, tag: '?', message: `${quoted(text)} is a processing instruction, which content may not hold; write &lt; for a plain "<"` });
      else findings.push({ offset, tag: '!', message: `${quoted(text)} is a declaration, which content may not hold; write &lt; for a plain "<"` });
    },
    oncdata(start, end) {
      const offset = html.lastIndexOf('<', start);
      findings.push({ offset, tag: '![CDATA[', message: `${quoted(html.slice(offset, end + 1))} is a CDATA section, which content may not hold` });
    },
    ondeclaration(start, end) {
      const offset = html.lastIndexOf('<', start);
      findings.push({ offset, tag: '!', message: `${quoted(html.slice(offset, end + 1))} is a declaration, which content may not hold` });
    },
    // HTML reads "<?" as a comment (above): this one is XML's only.
    onprocessinginstruction() {},
    onend() {
      if (open) findings.push({ offset: open.offset, tag: open.name, message: `<${open.name} is never ended with ">": the browser would read what follows as its attributes; end the tag, or write &lt; for a plain "<"` });
    },
    onattribdata() {},
    onattribentity() {},
    onattribend() {},
    onattribname() {},
    ontext() {},
    ontextentity() {},
  };
  // HTML's defaults, as a browser reads: "/>" ends no element but a void one.
  const tokenizer = new Tokenizer({}, callbacks);
  // A newline after: a tag name at the very end ("<em") is ended as the page's next character would end it.
  tokenizer.write(`${html}\n`);
  tokenizer.end();
  return findings;
}

/** Elements without content, never closed; and those whose end tag may be left out (a site's widened list), which end
 * with their parent and run on into nothing. */
const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr', 'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'caption', 'colgroup', 'option', 'optgroup', 'rt', 'rp']);

/** An element a piece opens (not void, not self-closing) or closes, in order: for the body's balance (markdown.ts). */
export interface HtmlTag {
  offset: number;
  name: string;
  close: boolean;
}

/** `opened`: elements opened by earlier pieces of the same body (Markdown hands inline HTML over tag by tag); their closing
 * tags are theirs, so a refused element is reported once, at its opening tag. `tags`, when given, gets the piece's tags. */
export function checkHtml(html: string, allow: HtmlAllowList, opened = new Set<string>(), tags?: HtmlTag[]): HtmlFinding[] {
  const findings: HtmlFinding[] = structureFindings(html, allow, opened, tags);
  // HTML's defaults: entities decoded, tag and attribute names in lower case.
  const parser = new Parser({
    onopentag(name, attributes) {
      const offset = parser.startIndex;
      if (NEVER_TAGS.has(name) || !Object.hasOwn(allow, name)) {
        findings.push({ offset, tag: name, message: `<${name}> is not allowed in content (allowed: ${Object.keys(allow).filter((tag) => !NEVER_TAGS.has(tag)).join(', ')}); a developer can widen markdownHtml in the site definition. Meant as text? Write \\<${name}>` });
        return;
      }
      const own = new Set(allow[name]);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (NEVER_ATTRIBUTE.test(attribute)) findings.push({ offset, tag: name, message: `<${name} ${attribute}>: event handlers and embedded documents are never allowed in content` });
        else if (!GLOBAL_ATTRIBUTES.has(attribute) && !own.has(attribute)) findings.push({ offset, tag: name, message: `<${name} ${attribute}>: the attribute is not allowed on <${name}> (allowed: ${[...new Set([...own, ...GLOBAL_ATTRIBUTES])].join(', ')})` });
        else if (URL_ATTRIBUTES.has(attribute)) {
          const problem = urlProblem(value);
          if (problem) findings.push({ offset, tag: name, message: `<${name} ${attribute}>: ${problem}` });
        }
      }
    },
  });
  parser.end(html);
  return findings.sort((a, b) => a.offset - b.offset);
}

/** The second look, at the rendered body: no handler, embedded document, other scheme, script, base or meta. Components may
 * render other elements (a video frame), so no allow-list; a finding means the raw-HTML check has a gap. */
export function checkRenderedHtml(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' || name === 'base' || name === 'meta') found.push(`<${name}>`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (NEVER_ATTRIBUTE.test(attribute)) found.push(`<${name} ${attribute}>`);
        else if (URL_ATTRIBUTES.has(attribute) && urlProblem(value)) found.push(`<${name} ${attribute}="${value.slice(0, 40)}">`);
      }
    },
  });
  parser.end(html);
  return found;
}
