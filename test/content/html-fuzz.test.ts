// The raw-HTML policy judged by what a browser would parse: every example of the CommonMark spec (its
// HTML blocks, raw HTML, links, autolinks and entities among them), and mutations of each that an
// attacker with an editor login would try (a tag left unfinished, an event handler added, a tag that
// runs code, an address spelt to hide its scheme), go through the content path. Either the build
// refuses the body (a finding at its line), or the page it would publish (followed by more of the page,
// as it is in a template) holds no element, attribute or address outside the allow-list, parsed with
// htmlparser2 as a browser parses it.
import spec from 'commonmark-spec';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { DEFAULT_HTML_ALLOW, urlProblem } from '../../src/security/html-policy.ts';

/** What Markdown itself writes, with the attributes it gives them. */
const MARKDOWN_OUTPUT: Record<string, readonly string[]> = {
  p: [], h1: [], h2: [], h3: [], h4: [], h5: [], h6: [], ul: [], ol: ['start'], li: [], blockquote: [], pre: [], hr: [],
  code: ['class'], em: [], strong: [], del: [], br: [], a: ['href', 'title'], img: ['src', 'alt', 'title'],
  table: [], thead: [], tbody: [], tr: [], th: ['align'], td: ['align'], input: ['type', 'checked', 'disabled'],
};
const GLOBAL = ['title', 'lang', 'dir'];
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'action', 'poster', 'data', 'background', 'xlink:href', 'formaction']);

/** What in a page's HTML the policy does not allow: an element, an attribute or an address. */
function outsidePolicy(html: string): string[] {
  const found: string[] = [];
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // An element of the body still open where the page goes on takes the page in (a link is even opened again).
        if (name === 'after') return void found.push(...open.map((element) => `<${element}> left open`));
        open.push(name);
        const allowed = new Set([...(MARKDOWN_OUTPUT[name] ?? []), ...(DEFAULT_HTML_ALLOW[name] ?? []), ...GLOBAL]);
        if (!Object.hasOwn(MARKDOWN_OUTPUT, name) && !Object.hasOwn(DEFAULT_HTML_ALLOW, name)) found.push(`<${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute)) found.push(`<${name} ${attribute}>`);
          else if (!allowed.has(attribute)) found.push(`<${name} ${attribute}>`);
          else if (URL_ATTRIBUTES.has(attribute) && urlProblem(value)) found.push(`<${name} ${attribute}="${value}">`);
        }
      },
      onclosetag(name) {
        const at = open.lastIndexOf(name);
        if (at >= 0) open.splice(at);
      },
      oncomment(text) {
        found.push(`<!--${text.slice(0, 20)}-->`);
      },
      onprocessinginstruction(name) {
        found.push(`<${name}>`);
      },
    },
    // As a browser reads it: "/>" closes nothing but a void element (<a href="/x"/> opens a link).
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  // The page goes on after the body, as a template continues it: an unfinished tag would take it in.
  parser.end(`${html}\n<after class="x">more of the page</after>`);
  return found;
}

/** An attacker's variations of a piece of Markdown. */
function mutations(markdown: string): string[] {
  const out = [markdown];
  const tags = [...markdown.matchAll(/<([A-Za-z][\w-]*)/g)];
  for (const match of tags.slice(0, 3)) {
    const at = match.index!;
    const end = markdown.indexOf('>', at);
    // Left unfinished: the tag's ">" taken away, and the text after it too.
    if (end > 0) out.push(markdown.slice(0, end) + markdown.slice(end + 1), `${markdown.slice(0, end)}\n\n*hi* and more`);
    // An event handler added, quoted or not.
    out.push(`${markdown.slice(0, at + match[0].length)} onmouseover="alert(1)"${markdown.slice(at + match[0].length)}`);
    out.push(`${markdown.slice(0, at + match[0].length)}/onclick=alert(1)${markdown.slice(at + match[0].length)}`);
    // Written as if it closed itself, which a browser ignores but on a void element.
    if (end > 0) out.push(`${markdown.slice(0, end)}/${markdown.slice(end)}`);
    // The tag swapped for one that runs code or loads a document.
    for (const bad of ['script', 'iframe src=x', 'details ontoggle=alert(1) open', 'div', 'svg onload=alert(1)', 'table style=x']) out.push(markdown.slice(0, at) + `<${bad}` + markdown.slice(at + match[0].length));
  }
  for (const match of [...markdown.matchAll(/(href|src)="?([^"\s>]*)/g)].slice(0, 2)) {
    for (const scheme of ['javascript:alert(1)', 'jav&#x61;script:alert(1)', 'java\tscript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      out.push(markdown.replace(match[0], `${match[1]}="${scheme}`));
    }
  }
  for (const match of [...markdown.matchAll(/\]\(([^)\s]*)/g)].slice(0, 2)) {
    for (const scheme of ['javascript:alert(1)', 'jav&#x61;script:alert(1)', '<javascript:alert(1)>']) out.push(markdown.replace(match[0], `](${scheme}`));
  }
  // Markup that is not an element.
  out.push(`${markdown}\n<?php echo 1; ?>\n`, `${markdown}\n<!ELEMENT x>\n`, `<![CDATA[ <script>x</script> ]]>\n${markdown}`, `</div>\n${markdown}`, `${markdown}\n<div onmouseover="alert(1)"`);
  return out;
}

describe('the raw-HTML policy, against the CommonMark spec and an attacker\'s mutations of it', () => {
  const examples = spec.tests;

  it('never publishes an element, attribute or address outside the allow-list: it refuses the body, or its page is clean', () => {
    let refused = 0;
    let published = 0;
    const leaks: string[] = [];
    for (const example of examples) {
      for (const markdown of mutations(example.markdown.replace(/→/g, '\t'))) {
        const { html, findings } = renderMarkdown(markdown, 1);
        if (findings.length) {
          refused += 1;
          continue;
        }
        published += 1;
        for (const part of outsidePolicy(html)) leaks.push(`example ${example.number} (${example.section}): ${JSON.stringify(markdown.slice(0, 80))} → ${part}`);
      }
    }
    expect(leaks.slice(0, 20)).toEqual([]);
    // Both outcomes happen: the fuzz reaches the policy and the pages.
    expect(refused).toBeGreaterThan(1000);
    expect(published).toBeGreaterThan(900);
  });

  it('refuses each kind of markup that is not an element, by name, at its line', () => {
    const cases: [string, RegExp][] = [
      ['Intro\n\n<div onmouseover="alert(1)"\n*hi*\n', /<div is never ended with ">"/],
      ['<details ontoggle=alert(1)\n', /<details is never ended/],
      ['text\n\n</div>\n', /<\/div> closes an element content may not hold/],
      ['<?php echo 1; ?>\n', /"<\?php echo 1; \?>" is a processing instruction/],
      ['<!ELEMENT x ANY>\n', /"<!ELEMENT x ANY>" is a declaration/],
      ['<![CDATA[ x ]]>\n', /is a CDATA section/],
      ['<!-- note -->\n', /HTML comments are not allowed/],
    ];
    for (const [markdown, message] of cases) {
      const { findings } = renderMarkdown(markdown, 10);
      expect(findings.map((f) => f.message).join(' | '), markdown).toMatch(message);
      const line = 10 + markdown.split('\n').findIndex((l) => /<[!?/a-z]/i.test(l));
      expect(findings[0]!.line, markdown).toBe(line);
    }
  });
});
