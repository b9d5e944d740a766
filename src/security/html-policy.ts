// What raw HTML and which URLs content may carry. Content is edited by people outside the development
// team (in the browser editor), so Markdown is not a way to put a script, a frame, a redirect or an
// event handler on a page: raw HTML is held to a small allow-list of harmless inline tags (a site may
// widen it in its definition), and every link or image address to http(s), mailto, tel or a relative
// URL. Anything else is a build error naming the file, the line and the tag. HTML is read with an HTML
// parser (htmlparser2), never with regular expressions, and addresses as a browser reads them
// (entities decoded, tabs and newlines dropped, any case).
import { decodeHTMLAttribute } from 'entities';
import { Parser } from 'htmlparser2';

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

/** Allowed on every allowed tag. */
const GLOBAL_ATTRIBUTES = new Set(['title', 'lang', 'dir']);
/** Never allowed, whatever a site widens: they run code or load a document. */
const NEVER_TAGS = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'template', 'svg', 'math']);
const NEVER_ATTRIBUTE = /^(on|formaction$|srcdoc$|xmlns)/i;
/** Attributes whose value is an address. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'action', 'poster', 'data', 'background', 'xlink:href']);
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Why an address may not be used, or undefined when it may (relative addresses always may). */
export function urlProblem(raw: string): string | undefined {
  // Read as a browser does: entities decoded, then the URL parser (which drops tabs and newlines and lowers the scheme).
  const value = decodeHTMLAttribute(raw).trim();
  let url: URL;
  try {
    url = new URL(value, 'https://relative.invalid/');
  } catch {
    return `"${raw}" is not a valid address`;
  }
  if (ALLOWED_PROTOCOLS.has(url.protocol)) return undefined;
  return `"${raw}" uses ${url.protocol.replace(/:$/, '')}:, but links and images may use http, https, mailto, tel or a relative address only`;
}

export interface HtmlFinding {
  /** Offset in the HTML text where the tag starts. */
  offset: number;
  tag: string;
  message: string;
}

/** Checks a piece of raw HTML against the allow-list; every tag and attribute outside it is a finding. */
export function checkHtml(html: string, allow: HtmlAllowList): HtmlFinding[] {
  const findings: HtmlFinding[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const offset = parser.startIndex;
        if (NEVER_TAGS.has(name) || !Object.hasOwn(allow, name)) {
          findings.push({ offset, tag: name, message: `<${name}> is not allowed in content (allowed: ${Object.keys(allow).filter((tag) => !NEVER_TAGS.has(tag)).join(', ')}); a developer can widen markdownHtml in the site definition` });
          return;
        }
        const own = new Set(allow[name]);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (NEVER_ATTRIBUTE.test(attribute)) findings.push({ offset, tag: name, message: `<${name} ${attribute}>: event handlers and embedded documents are never allowed in content` });
          else if (!GLOBAL_ATTRIBUTES.has(attribute) && !own.has(attribute)) findings.push({ offset, tag: name, message: `<${name} ${attribute}>: the attribute is not allowed on <${name}> (allowed: ${[...own, ...GLOBAL_ATTRIBUTES].join(', ')})` });
          else if (URL_ATTRIBUTES.has(attribute)) {
            const problem = urlProblem(value);
            if (problem) findings.push({ offset, tag: name, message: `<${name} ${attribute}>: ${problem}` });
          }
        }
      },
      // A comment can hide a conditional comment or markup for later: not content.
      oncomment() {
        findings.push({ offset: parser.startIndex, tag: '!--', message: 'HTML comments are not allowed in content (write a YAML comment or a note to the team instead)' });
      },
      onprocessinginstruction(name) {
        findings.push({ offset: parser.startIndex, tag: name, message: `<${name}> is not allowed in content` });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  return findings;
}
