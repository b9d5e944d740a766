// Markdown content as the link check and the HTML policy see it: every site-internal link with the
// line it was written on (in paragraphs, lists and tables), and every forbidden address or tag on its
// own line, whatever line the body starts on.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { renderMarkdown } from '../../src/content/markdown.ts';

const body = [
  'Intro line', // 5
  'see [a](/a) and', // 6
  '![i](/i.png) [b](//x.example/b) [c](/c) [top](#top)', // 7
  '',
  '- item [d](/d)', // 9
  '- <span onclick="x">y</span> [e](javascript:alert(1))', // 10
  '',
  '| h | [f](/f) |', // 12
  '|---|---|',
  '| ![g](data:x) | [h](/h) |', // 14
  '',
  '<div>', // 16
  'ok',
  '<script>x</script>', // 18
  '</div>',
  '',
  'Last [a](/a) again and <u>fine</u> <iframe src="/x"></iframe>', // 21
  '',
].join('\n');

// Rendered inside each test, where the mutation tests' coverage can see it.
const render = () => renderMarkdown(body, 5);

describe('a Markdown body', () => {
  it('lists its site-internal links and image sources with their lines: not other sites, not fragments', () => {
    expect(render().links).toEqual([
      { href: '/a', line: 6 },
      { href: '/i.png', line: 7, image: true },
      { href: '/c', line: 7 },
      { href: '/d', line: 9 },
      { href: '/f', line: 12 },
      { href: '/h', line: 14 },
      { href: '/a', line: 21 },
    ]);
  });

  it('names each forbidden tag and address on its own line, links and images told apart', () => {
    expect(render().findings.map((f) => [f.line, f.code, f.message.split(' ').slice(0, 2).join(' ')])).toEqual([
      [10, 'markdown/html', '<span onclick>:'],
      [10, 'markdown/url', 'link "javascript:alert(1)"'],
      [14, 'markdown/url', 'image "data:x"'],
      [16, 'markdown/html', '<div> is'],
      [18, 'markdown/html', '<script> is'],
      [21, 'markdown/html', '<iframe> is'],
    ]);
  });

  it('renders to HTML, keeping what is allowed', () => {
    const { html } = render();
    expect(html).toContain('<a href="/a">a</a>');
    expect(html).toContain('<u>fine</u>');
    expect(html).toContain('<img src="/i.png" alt="i">');
  });

  it('counts lines from where the body starts in its file', () => {
    expect(renderMarkdown('x\n\n[a](/a)\n', 1).links).toEqual([{ href: '/a', line: 3 }]);
    expect(renderMarkdown('x\n\n[a](/a)\n', 10).links).toEqual([{ href: '/a', line: 12 }]);
  });

  it('finds a second forbidden tag of one HTML block on its own line, after an allowed one', () => {
    const html = renderMarkdown('<p>\n<b>x</b>\n</p>\n\ntext <b>y</b>\nand <img onerror="x" src="/a.png">\n', 1).findings;
    expect(html.map((f) => f.line)).toEqual([1, 6]);
  });

  it('tells apart a link written twice in one paragraph, on its two lines, and an image inside a link', () => {
    expect(renderMarkdown('[a](/a) and\n[a](/a)\n', 1).links).toEqual([{ href: '/a', line: 1 }, { href: '/a', line: 2 }]);
    expect(renderMarkdown('[a](/a) <b>x</b>\nthen [a](/a)\n', 1).links).toEqual([{ href: '/a', line: 1 }, { href: '/a', line: 2 }]);
    expect(renderMarkdown('x\n[![i](javascript:y)](/a)\n', 3)).toMatchObject({ links: [{ href: '/a', line: 4 }], findings: [{ line: 4, code: 'markdown/url' }] });
  });

  it('puts a tag of a long HTML block on its own line, and a link a block quote rewraps on the quote\'s first line', () => {
    const block = renderMarkdown('<div>\n<script>x</script>\none\ntwo\nthree\n</div>\n', 1).findings.map((f) => [f.line, f.message.split(' ')[0]]);
    expect(block).toEqual([[1, '<div>'], [2, '<script>']]);
    expect(renderMarkdown('text\n\n> quoted [a long\n> link](/a)\n', 1).links).toEqual([{ href: '/a', line: 3 }]);
  });
});

describe('elements content opens', () => {
  it('close in their paragraph: "/>" closes a void element only, as a browser reads it', () => {
    const told = (markdown: string) => renderMarkdown(markdown, 1).findings.map((f) => f.message.split(':')[0]);
    expect(told('a<br/>b <wbr/> c <br> d')).toEqual([]);
    expect(told('x <em/>y')).toEqual(['<em> is never closed']);
    expect(told('x <span>y</span> <b>z\n\nnext')).toEqual(['<b> is never closed']);
  });
});

describe('the shape check before the parser', () => {
  it('reads a fenced diagram inside a quote as code, not as nesting; a quote that ends ends the fence', () => {
    const diagram = ['> Dispatch:', '>', '> ```', ...Array.from({ length: 40 }, (_, i) => `> ${'> '.repeat(i % 40)}|`), '> ```', '', 'After.'].join('\n');
    expect(renderMarkdown(diagram, 1).findings).toEqual([]);
    // Without its quote the fence is closed (as the parser closes it): the nesting after it counts.
    const escaped = ['> ```', '> code', `${'> '.repeat(40)}deep`].join('\n');
    expect(renderMarkdown(escaped.replace(`${'> '.repeat(40)}deep`, `\n${'> '.repeat(40)}deep`), 1).findings.map((f) => f.message)).toEqual([expect.stringMatching(/nest more than 32 levels/)]);
  });
});

describe('an autolink that is no address', () => {
  it('is written as the text its author typed, with a warning at its line, and the build goes on', () => {
    const { html, findings } = renderMarkdown('Intro.\n\nRun it at <http://localhost:port> or see <https://example.com/ok>.\n', 1);
    expect(html).toContain('Run it at http://localhost:port or see <a href="https://example.com/ok">https://example.com/ok</a>.');
    expect(findings).toEqual([{ line: 3, code: 'markdown/url', message: 'autolink "http://localhost:port" is not a valid address: it is shown as text, not as a link', warning: true }]);
  });

  it('a written link to no address, or an autolink with a refused scheme, still fails', () => {
    expect(renderMarkdown('[here](http://localhost:port)\n', 1).findings.map((f) => [f.code, f.warning])).toEqual([['markdown/url', undefined]]);
    expect(renderMarkdown('<javascript:alert(1)>\n', 1).findings.map((f) => [f.code, f.warning])).toEqual([['markdown/url', undefined]]);
  });
});

describe('a link to a Markdown file, as another tool\'s docs write them', () => {
  it('fails at its own line with what to write when relative; from the root, a page or another site\'s, it is checked as any link', () => {
    const { findings } = renderMarkdown('See [setup](guides/setup.md).\n\nAnd [usage](../cli.MD#usage) or [x](/docs/x.md?v=1).\n\n[page](/docs/setup), [theirs](https://example.com/README.md), [data](notes.mdx), [mail](mailto:a@b.md)\n\n[long](./notes.markdown)\n', 4);
    expect(findings.map((f) => [f.line, f.code, f.message])).toEqual([
      [4, 'markdown/url', 'link "guides/setup.md" points at a Markdown file: link to its page\'s address instead (as the site writes it, with no ".md"; a file of static/ by its address from the site\'s root, /…)'],
      [6, 'markdown/url', 'link "../cli.MD#usage" points at a Markdown file: link to its page\'s address instead (as the site writes it, with no ".md"; a file of static/ by its address from the site\'s root, /…)'],
      [10, 'markdown/url', 'link "./notes.markdown" points at a Markdown file: link to its page\'s address instead (as the site writes it, with no ".md"; a file of static/ by its address from the site\'s root, /…)'],
    ]);
  });
});

describe('text another tool wrote, and text built to cost', () => {
  it('warns at its line of another generator\'s template syntax, published as the text it is', () => {
    const { html, findings } = renderMarkdown('Intro.\n\n{{< youtube id >}} and {% include note.html %}\n\nHello {{ page.title }}, and {{ not a variable }}.\n', 2);
    expect(findings.map((f) => [f.line, f.code, f.warning, f.message.split(' is ')[0]])).toEqual([
      [4, 'markdown/text', true, '"{{<"'],
      [6, 'markdown/text', true, '"{{ page.title }}"'],
    ]);
    expect(html).toContain('{{&lt; youtube id &gt;}}');
  });

  it('refuses a paragraph of too many link brackets or emphasis markers at the paragraph\'s first line, not in inline code', () => {
    const brackets = renderMarkdown(`One.\n\nTwo\n${'[a'.repeat(2001)}\n`, 10).findings;
    expect(brackets).toEqual([{ line: 12, code: 'content/too-deep', message: 'this paragraph holds more than 2000 link brackets ([); split it, or put such text in a code block' }]);
    expect(renderMarkdown(`Two\n${'`[`'.repeat(2001)}\n`, 1).findings).toEqual([]);
    const stars = renderMarkdown(`Head.\n\n${'*a'.repeat(2001)}\n`, 1).findings;
    expect(stars).toEqual([{ line: 3, code: 'content/too-deep', message: 'this paragraph holds more than 2000 emphasis markers (* or _); split it, or put such text in a code block' }]);
    expect(renderMarkdown(`${'_a'.repeat(1000)}\n\n${'_a'.repeat(1000)}\n`, 1).findings).toEqual([]);
  });
});

describe('images', () => {
  it('without a description fail at their line, saying what to write; another site\'s is handed on, as a warning, to the policy check', () => {
    const { findings, links } = renderMarkdown('Top.\n\n![](/images/a.png) and ![ ](/images/b.png)\n\n![Badge](https://img.shields.io/x.svg) ![CDN](//cdn.example/y.png) [site](https://example.com)\n', 1);
    expect(findings).toEqual([
      { line: 3, code: 'markdown/image', message: 'image "/images/a.png" has no description: write what it shows between the brackets, ![A loaf of rye bread](/images/a.png)' },
      { line: 3, code: 'markdown/image', message: 'image "/images/b.png" has no description: write what it shows between the brackets, ![A loaf of rye bread](/images/b.png)' },
      { line: 5, code: 'markdown/image', message: 'https://img.shields.io/x.svg', warning: true, elsewhere: true },
      { line: 5, code: 'markdown/image', message: '//cdn.example/y.png', warning: true, elsewhere: true },
    ]);
    expect(links).toEqual([{ href: '/images/a.png', line: 3, image: true }, { href: '/images/b.png', line: 3, image: true }]);
  });
});

describe('bare addresses and repeated tags', () => {
  it('a bare address that is none (www. or http://) is text with a warning, as an <autolink> is', () => {
    const { html, findings } = renderMarkdown('Visit www.example.com:port now, or http://localhost:port today.\n', 1);
    expect(html).toBe('<p>Visit www.example.com:port now, or http://localhost:port today.</p>\n');
    expect(findings.map((f) => [f.line, f.warning, f.message])).toEqual([
      [1, true, 'autolink "http://www.example.com:port" is not a valid address: it is shown as text, not as a link'],
      [1, true, 'autolink "http://localhost:port" is not a valid address: it is shown as text, not as a link'],
    ]);
  });

  it('a tag written twice in one paragraph is told on each of its lines', () => {
    expect(renderMarkdown('One <span onclick="a">x</span>\ntwo\nthree <span onclick="a">y</span>\n', 1).findings.map((f) => [f.line, f.message.split(':')[0]])).toEqual([[1, '<span onclick>'], [3, '<span onclick>']]);
  });
});

describe('components in Markdown', () => {
  const Cta = ({ product }: { product: string }) => createElement('a', { href: `/shop/${product}` }, product);
  const Broken = (): null => {
    throw new Error('no price list');
  };
  const components = { cta: { component: Cta, props: z.object({ product: z.string() }).strict() }, broken: { component: Broken, props: z.object({}).strict() } };

  it('render with their props checked; a wrong prop, an unknown name or a component that throws is told at its line', () => {
    const { html, findings } = renderMarkdown('Hi.\n\n::cta{product="bread"}\n\n::cta{colour="red"}\n\n::nope\n\n::broken\n', 1, undefined, undefined, components as never);
    expect(html).toContain('<a href="/shop/bread">bread</a>');
    expect(findings.map((f) => [f.line, f.code, f.message])).toEqual([
      [5, 'markdown/component', '::cta product: Invalid input: expected string, received undefined'],
      [5, 'markdown/component', '::cta props: Unrecognized key: "colour"'],
      [7, 'markdown/component', '::nope is not a component this site has; components are ::cta, ::broken'],
      [9, 'markdown/component', expect.stringContaining('no price list')],
    ]);
  });

  it('are plain text where the site has none', () => {
    expect(renderMarkdown('::cta{product="bread"}\n', 1).html).toContain('::cta');
  });
});
