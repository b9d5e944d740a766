// The SVG allow-list: what ships is the checked tree written anew, and every known way to run script
// from an SVG opened on its own is refused by name (local names, whatever the prefix or namespace).
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/security/svg.ts';

const SVG = 'http://www.w3.org/2000/svg';
const refused = (text: string) => sanitizeSvg(text).refused;

describe('SVG files', () => {
  it('pass drawings and in-document links, written anew with the SVG namespace', () => {
    const { svg, refused: found } = sanitizeSvg(`<?xml version="1.0"?><svg xmlns="${SVG}" viewBox="0 0 10 10"><!-- note --><use href="#a"/><a href="https://x.example"><path d="M0 0" fill="#fff"/></a><text>a &amp; b &lt; c</text></svg>`);
    expect(found).toEqual([]);
    expect(svg).toBe(`<svg xmlns="${SVG}" viewBox="0 0 10 10"><use href="#a"/><a href="https://x.example"><path d="M0 0" fill="#fff"/></a><text>a &amp; b &lt; c</text></svg>\n`);
  });

  it("leave an editor's metadata and unknown markup out of what ships", () => {
    const { svg, refused: found } = sanitizeSvg(`<svg xmlns="${SVG}" xmlns:sodipodi="urn:x" sodipodi:docname="a.svg" data-x="1"><sodipodi:namedview/><metadata><rdf>x</rdf></metadata><g inkscape:label="l"><rect width="1" height="2"/></g></svg>`);
    expect(found).toEqual([]);
    expect(svg).toBe(`<svg xmlns="${SVG}"><g><rect width="1" height="2"/></g></svg>\n`);
  });

  it('refuse scripts, embedded documents, event handlers and javascript: links', () => {
    expect(refused(`<svg xmlns="${SVG}" onload="x()"><script>x</script><foreignObject></foreignObject><a xlink:href="javascript:x">x</a></svg>`)).toEqual([
      '<svg onload> is an event handler',
      '<script> runs or embeds a document',
      '<foreignObject> runs or embeds a document',
      '<a xlink:href>: "javascript:x" uses javascript:, but links and images may use http, https, mailto, tel or a relative address only',
    ]);
    for (const tag of ['script', 'iframe', 'embed', 'object', 'handler']) expect(refused(`<svg><${tag}/></svg>`)).toEqual([`<${tag}> runs or embeds a document`]);
  });

  it('judge elements by local name: a prefixed script and an XHTML script are scripts', () => {
    expect(refused(`<svg xmlns="${SVG}" xmlns:x="${SVG}"><x:script>alert(1)</x:script></svg>`)).toEqual(['<x:script> runs or embeds a document']);
    expect(refused(`<svg xmlns="${SVG}"><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></svg>`)).toEqual([
      '<script> runs or embeds a document',
      '<script xmlns="http://www.w3.org/1999/xhtml"> puts content of another language (such as HTML) in the drawing',
    ]);
    expect(refused(`<svg xmlns="${SVG}"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></svg>`)).toEqual([
      '<div xmlns="http://www.w3.org/1999/xhtml"> puts content of another language (such as HTML) in the drawing',
      '<img onerror> is an event handler',
    ]);
  });

  it('refuse a DTD, entities and style sheet instructions', () => {
    expect(refused(`<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg xmlns="${SVG}">&x;</svg>`)).toEqual(['a DTD or entity declaration (<!DOCTYPE …>): SVG files need none']);
    expect(refused(`<svg xmlns="${SVG}"><!ENTITY e "x"><text>&e;</text></svg>`)).toEqual(['a DTD or entity declaration (<!DOCTYPE …>): SVG files need none']);
    expect(refused(`<?xml-stylesheet type="text/xsl" href="x.xsl"?><svg xmlns="${SVG}"/>`)).toEqual(['<xml-stylesheet type="text/xsl" href="x.xsl"> applies a style sheet, which can transform the file into a page with a script']);
  });

  it('refuse SMIL that animates a link or a handler, and leave it out of what ships', () => {
    const set = sanitizeSvg(`<svg xmlns="${SVG}"><a><set attributeName="href" to="javascript:alert(1)"/><text y="20">x</text></a></svg>`);
    expect(set.refused).toEqual(['<set attributeName="href"> animates a link, a handler or a style into something else']);
    expect(set.svg).not.toContain('javascript');
    expect(refused(`<svg xmlns="${SVG}"><a href="#"><animate attributeName="xlink:href" values="javascript:alert(1)"/></a></svg>`)).toEqual(['<animate attributeName="href"> animates a link, a handler or a style into something else']);
    expect(refused(`<svg xmlns="${SVG}"><rect><animate attributeName="onclick" to="alert(1)"/></rect></svg>`)).toHaveLength(1);
    expect(refused(`<svg xmlns="${SVG}"><rect><animate attributeName="opacity" from="0" to="1" dur="1s"/></rect></svg>`)).toEqual([]);
  });

  it('keep references inside the file, and images to http(s), relative or raster data addresses', () => {
    expect(refused(`<svg xmlns="${SVG}"><use href="other.svg#a"/></svg>`)).toEqual(['<use href>: "other.svg#a" points outside the file, where only an in-document reference (#id) is allowed']);
    expect(refused(`<svg xmlns="${SVG}"><image href="photo.png"/><image href="data:image/png;base64,AAAA"/></svg>`)).toEqual([]);
    expect(refused(`<svg xmlns="${SVG}"><image href="data:image/svg+xml;base64,AAAA"/></svg>`)).toHaveLength(1);
  });

  it('names in any case, empty and in-document links pass', () => {
    expect(refused(`<svg xmlns="${SVG}"><a href="#x"/><use href=""/><a xlink:href="javascript:x"/><g ONclick="x"/><ForeignObject/></svg>`)).toEqual([
      '<a xlink:href>: "javascript:x" uses javascript:, but links and images may use http, https, mailto, tel or a relative address only',
      '<g ONclick> is an event handler',
      '<ForeignObject> runs or embeds a document',
    ]);
  });

  it('refuse a file that is not an SVG drawing', () => {
    expect(refused('<html><body>x</body></html>')).toEqual(['no <svg> element at the top: not an SVG drawing']);
  });
});

describe('what an SVG is written as', () => {
  it('escapes text and attribute values anew, keeps xml:space and ARIA, and drops data- attributes', () => {
    const { svg } = sanitizeSvg(`<svg xmlns="${SVG}" role="img" aria-label="a &quot;b&quot; &gt; c" data-id="9"><text xml:space="preserve">1 &lt; 2 &gt; 0 &amp; "q"</text></svg>`);
    expect(svg).toBe(`<svg xmlns="${SVG}" role="img" aria-label="a &quot;b&quot; &gt; c"><text xml:space="preserve">1 &lt; 2 &gt; 0 &amp; &quot;q&quot;</text></svg>\n`);
  });

  it('writes xlink:href as href, and SVG names in their own case', () => {
    const { svg } = sanitizeSvg(`<svg xmlns="${SVG}" viewbox="0 0 1 1"><lineargradient id="g" gradientunits="userSpaceOnUse"/><use xlink:href="#g"/></svg>`);
    expect(svg).toBe(`<svg xmlns="${SVG}" viewBox="0 0 1 1"><linearGradient id="g" gradientUnits="userSpaceOnUse"/><use href="#g"/></svg>\n`);
  });

  it('drops an unknown element with all it holds, and keeps what follows it', () => {
    const { svg, refused } = sanitizeSvg(`<svg xmlns="${SVG}"><unknown><rect width="1"/>text</unknown><circle r="1"/></svg>`);
    expect(refused).toEqual([]);
    expect(svg).toBe(`<svg xmlns="${SVG}"><circle r="1"/></svg>\n`);
  });

  it('writes nothing outside the root <svg>, and nothing of a second root', () => {
    expect(sanitizeSvg(`text<svg xmlns="${SVG}"/><svg xmlns="${SVG}"><rect/></svg>`).svg).toBe(`<svg xmlns="${SVG}"/><svg xmlns="${SVG}"><rect/></svg>\n`);
    expect(sanitizeSvg(`<g><rect/></g>`).refused).toEqual(['no <svg> element at the top: not an SVG drawing']);
  });

  it('refuses other dangerous elements and attributes by name, and javascript: in src or data', () => {
    for (const tag of ['frame', 'applet', 'listener', 'base', 'meta', 'link', 'form', 'portal']) expect(refused(`<svg xmlns="${SVG}"><${tag}/></svg>`), tag).toEqual([`<${tag}> runs or embeds a document`]);
    expect(refused(`<svg xmlns="${SVG}"><image src="javascript:x"/><g data="javascript:y"/></svg>`)).toHaveLength(2);
    expect(refused(`<svg xmlns="${SVG}"><animate attributeName="style" to="x"/></svg>`)).toEqual(['<animate attributeName="style"> animates a link, a handler or a style into something else']);
    expect(refused(`<svg xmlns="${SVG}"><set attributename="onclick" to="x"/></svg>`)).toHaveLength(1);
  });
});
