// Markdown bodies → HTML, and the site-internal links they contain (checked against the route table).
import { Marked, type Token } from 'marked';

const marked = new Marked({ gfm: true, async: false });

export interface MarkdownLink {
  href: string;
  /** 1-based line in the source file. */
  line: number;
}

/** Renders a Markdown body and lists its links to local paths with the line they were written on. */
export function renderMarkdown(body: string, firstLine: number): { html: string; links: MarkdownLink[] } {
  const tokens = marked.lexer(body);
  const links: MarkdownLink[] = [];
  let line = firstLine;
  const visit = (list: Token[] | undefined, blockLine: number) => {
    for (const token of list ?? []) {
      if (token.type === 'link' && token.href.startsWith('/')) links.push({ href: token.href, line: blockLine });
      const children = token as { tokens?: Token[]; items?: Token[] };
      visit(children.tokens, blockLine);
      visit(children.items, blockLine);
    }
  };
  for (const token of tokens) {
    // Count lines of the raw text up to each link within a block, so the line is exact.
    const before = token.raw;
    visit([token], line);
    for (const link of links.filter((l) => l.line === line && before.includes(`](${l.href}`))) {
      link.line = line + before.slice(0, before.indexOf(`](${link.href}`)).split('\n').length - 1;
    }
    line += token.raw.split('\n').length - 1;
  }
  return { html: marked.parser(tokens) as string, links };
}
