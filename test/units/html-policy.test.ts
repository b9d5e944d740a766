// Raw HTML in Markdown and SVG files, checked on their own: the allow-list, the tags and attributes
// that never pass, addresses read as a browser reads them, and scripts in SVG.
import { describe, expect, it } from 'vitest';
import { checkHtml, checkRenderedHtml, DEFAULT_HTML_ALLOW, urlProblem } from '../../src/security/html-policy.ts';

const findings = (html: string, allow = DEFAULT_HTML_ALLOW) => checkHtml(html, allow).map((f) => `${f.offset} ${f.tag}: ${f.message}`);

describe('addresses', () => {
  it('allow http, https, mailto, tel and relative ones', () => {
    for (const ok of ['https://a.example/x', 'http://a.example', 'mailto:a@b.example', 'tel:+13055550199', '/about', '#top', 'about', '?q=1']) expect(urlProblem(ok), ok).toBeUndefined();
  });

  it('refuse other schemes as a browser reads them (entities, tabs, case)', () => {
    expect(urlProblem('javascript:alert(1)')).toBe('"javascript:alert(1)" uses javascript:, but links and images may use http, https, mailto, tel or a relative address only');
    expect(urlProblem('JaVaScRiPt:x')).toMatch(/uses javascript:/);
    expect(urlProblem('java&#x09;script&colon;x')).toMatch(/uses javascript:/);
    expect(urlProblem(' data:text/html,x')).toMatch(/uses data:/);
    expect(urlProblem('https://[::1')).toBe('"https://[::1" is not a valid address');
  });
});

describe('raw HTML', () => {
  it('passes allowed tags with their own and the global attributes', () => {
    expect(findings('<abbr title="Health Insurance Portability">HIPAA</abbr> <a href="/x" lang="es" dir="ltr">x</a>')).toEqual([]);
  });

  it('names a tag outside the list, with the list and the way to widen it', () => {
    const [one] = findings('ab <marquee>x</marquee>');
    expect(one).toMatch(/^3 marquee: <marquee> is not allowed in content \(allowed: a, abbr, .*\); a developer can widen markdownHtml in the site definition\. Meant as text\? Write \\<marquee>$/);
  });

  it('never passes scripts, frames, styles or SVG, even when a site allows them', () => {
    const widened = { ...DEFAULT_HTML_ALLOW, script: [], iframe: ['src'], svg: [] };
    expect(findings('<script>x</script><iframe src="/a"></iframe><svg></svg>', widened).map((f) => f.split(':')[0])).toEqual(['0 script', '18 iframe', '44 svg']);
    expect(findings('<b>x</b>', widened)[0]).toBeUndefined();
    expect(findings('<script></script>', widened)[0]).toContain('(allowed: a, abbr');
    expect(findings('<script></script>', widened)[0]).not.toContain('script,');
  });

  it('never passes event handlers or embedded documents, and names an attribute outside the tag\'s list', () => {
    expect(findings('<a href="/x" onclick="x()">x</a>')).toEqual(['0 a: <a onclick>: event handlers and embedded documents are never allowed in content']);
    expect(findings('<a href="/x" ONMOUSEOVER="x()">x</a>')).toEqual(['0 a: <a onmouseover>: event handlers and embedded documents are never allowed in content']);
    expect(findings('<b style="x">x</b>')).toEqual(['0 b: <b style>: the attribute is not allowed on <b> (allowed: title, lang, dir)']);
  });

  it('checks the address of a link', () => {
    expect(findings('<a href="javascript:x">x</a>')).toEqual(['0 a: <a href>: "javascript:x" uses javascript:, but links and images may use http, https, mailto, tel or a relative address only']);
  });

  it('refuses comments and processing instructions', () => {
    expect(findings('x<!-- hidden -->')).toEqual(['1 !--: HTML comments are not allowed in content: remove it (a note for the team goes in the commit message), or write &lt;!-- to show it as text']);
    // Each named for what it is (HTML reads the first two as comments; a browser shows none of them).
    expect(findings('<?php x ?>')).toEqual(['0 ?: "<?php x ?>" is a processing instruction, which content may not hold; write &lt; for a plain "<"']);
    expect(findings('a <!ELEMENT x>')).toEqual(['2 !: "<!ELEMENT x>" is a declaration, which content may not hold; write &lt; for a plain "<"']);
    expect(findings('<!doctype html>')).toEqual(['0 !: "<!doctype html>" is a declaration, which content may not hold']);
  });
});

describe('the fine print of the policy', () => {
  it('reads addresses as browsers do: entities decoded, spaces around trimmed, a colon in a path harmless, a broken one named', () => {
    expect(urlProblem('java&#115;cript:x')).toBe('"java&#115;cript:x" uses javascript:, but links and images may use http, https, mailto, tel or a relative address only');
    expect(urlProblem('http://[x')).toBe('"http://[x" is not a valid address');
    expect(urlProblem('  https://x.example ')).toBeUndefined();
    expect(urlProblem('/a:b')).toBeUndefined();
  });

  it('reads tag and attribute names in any case, and self-closing tags', () => {
    expect(checkHtml('<A HREF="/x">x</A><br/><span title="t" lang="es">y</span>', DEFAULT_HTML_ALLOW)).toEqual([]);
    expect(checkHtml('<SPAN ONCLICK="x">y</SPAN>', DEFAULT_HTML_ALLOW).map((f) => f.message)).toEqual(['<span onclick>: event handlers and embedded documents are never allowed in content']);
  });
});

describe('where and what each finding says', () => {
  const allowed = Object.keys(DEFAULT_HTML_ALLOW).join(', ');
  it('names a tag never ended, a closing tag content may not open, and a CDATA section, each where it starts', () => {
    expect(findings('ab <em')).toEqual(['3 em: <em is never ended with ">": the browser would read what follows as its attributes; end the tag, or write &lt; for a plain "<"']);
    expect(findings('ab </div>')).toEqual([`3 /div: </div> closes an element content may not hold (allowed: ${allowed})`]);
    expect(findings('ab </em>')).toEqual([]);
    // A site's widened list never names what is never allowed.
    expect(findings('x </iframe>', { ...DEFAULT_HTML_ALLOW, iframe: [] })).toEqual([`2 /iframe: </iframe> closes an element content may not hold (allowed: ${allowed})`]);
    expect(findings('x<![CDATA[y]]>')).toEqual(['1 ![CDATA[: "<![CDATA[y]]>" is a CDATA section, which content may not hold']);
  });

  it('quotes a piece of up to 40 characters whole, a longer one cut short', () => {
    const piece = (length: number) => `<!doctype ${'x'.repeat(length - 11)}>`;
    expect(findings(piece(40))).toEqual([`0 !: "${piece(40)}" is a declaration, which content may not hold`]);
    expect(findings(piece(41))).toEqual([`0 !: "${piece(41).slice(0, 37)}..." is a declaration, which content may not hold`]);
  });

  it('lists findings in the order they stand in the text, whichever look found them', () => {
    expect(findings('<marquee>x</marquee><!-- c -->').map((f) => f.split(':')[0])).toEqual(['0 marquee', '20 !--']);
  });

  it('reads only addresses as addresses: a title with a colon is words', () => {
    expect(findings('<abbr title="Nota: en español">N.</abbr> <span title="javascript:x">y</span>')).toEqual([]);
  });

  it('takes "/>" on an element that is not void as an opening tag, as a browser does', () => {
    expect(findings('<span title="t"/>x')).toEqual([]);
    // What follows a text-only element is its text, as a browser reads it; the element itself is refused.
    expect(findings('<textarea/><img src=x onerror=1>').map((f) => f.split(':')[0])).toEqual(['0 textarea']);
  });

  it('reads an address as the URL parser does: a no-break space before a scheme makes it a relative address, a space does not', () => {
    expect(urlProblem('&nbsp;javascript:x')).toBeUndefined();
    expect(urlProblem(' javascript:x')).toMatch(/uses javascript:/);
  });
});

describe('the second look, at a rendered body (what a component or an extension made)', () => {
  it('names a script, base or meta element, an event handler and an address of another scheme, in any case', () => {
    expect(checkRenderedHtml('<p>Fine <a href="/about">about</a> <img src="https://a.example/x.png" alt=""></p><video src="/v.mp4"></video>')).toEqual([]);
    expect(checkRenderedHtml('<SCRIPT>x</SCRIPT><base href="/"><meta http-equiv="refresh"><div OnClick="x">a</div><a href=" JavaScript:alert(1)">b</a><img src="data:image/png;base64,AA">')).toEqual([
      '<script>', '<base>', '<meta>', '<div onclick>', '<a href=" JavaScript:alert(1)">', '<img src="data:image/png;base64,AA">',
    ]);
    expect(checkRenderedHtml(`<a href="javascript:${'x'.repeat(60)}">c</a>`)).toEqual([`<a href="javascript:${'x'.repeat(29)}">`]);
  });
});
