// What static/ publishes: passive types by default, images and PDF in the editor's uploads, what a
// site allows in its own folders, and never a page, an XML document or a precompressed twin.
import { describe, expect, it } from 'vitest';
import { nameProblem, staticPolicyProblems, staticTypeProblem } from '../../src/output/static-policy.ts';

const clinic = { mediaFolder: 'images/uploads' };

describe('the types static/ publishes', () => {
  it('publishes passive files anywhere, and images and PDF in the uploads folder', () => {
    for (const file of ['favicon.svg', 'icons/icon-192.png', 'fonts/a.woff2', 'docs/form.pdf', 'robots-extra.txt', 'assets/site.css', 'js/app.js', 'data/x.json', 'app.webmanifest', 'CNAME', '.well-known/security.txt', '.well-known/apple-app-site-association']) {
      expect(staticTypeProblem(file, clinic), file).toBeUndefined();
    }
    for (const file of ['images/uploads/a.jpg', 'images/uploads/b.PNG', 'images/uploads/c.avif', 'images/uploads/d.svg', 'images/uploads/notice.pdf']) {
      expect(staticTypeProblem(file, clinic), file).toBeUndefined();
    }
  });

  it("refuses a script, a stylesheet or data in the uploads folder, naming what it publishes", () => {
    for (const file of ['images/uploads/x.js', 'images/uploads/x.css', 'images/uploads/x.json', 'images/uploads/x.txt', 'images/uploads/deep/x.mjs']) {
      expect(staticTypeProblem(file, clinic), file).toMatch(/^is in the editor's uploads folder \(images\/uploads\/\), which publishes images and PDF only \(\.png \.jpg \.jpeg \.gif \.webp \.avif \.svg \.pdf\)/);
    }
  });

  it('never publishes a page, an XML document or a precompressed twin, anywhere', () => {
    for (const ext of ['.html', '.htm', '.xhtml', '.xml', '.xsl', '.shtml', '.svgz']) {
      expect(staticTypeProblem(`a${ext}`, clinic)).toMatch(new RegExp(`^is a \\${ext} document, which a browser runs as a page of this site`));
      expect(staticTypeProblem(`images/uploads/a${ext}`, clinic)).toMatch(/runs as a page/);
    }
    for (const ext of ['.br', '.gz', '.zst']) expect(staticTypeProblem(`admin/init.js${ext}`, clinic)).toMatch(/^is a precompressed twin/);
  });

  it('refuses other types with the way to allow them in a folder the developer owns', () => {
    expect(staticTypeProblem('downloads/guide.zip', clinic)).toBe("is a type static/ does not publish (.zip): static/ publishes passive files only (.png .jpg .jpeg .gif .webp .avif .ico .svg .woff2 .woff .ttf .otf .pdf .txt .css .js .mjs .json .map .webmanifest). To publish this type from a folder you own, add it to staticTypes in the site definition: staticTypes: { 'downloads': ['.zip'] }");
    expect(staticTypeProblem('downloads/guide.zip', { ...clinic, allow: { downloads: ['.zip'] } })).toBeUndefined();
    expect(staticTypeProblem('other/guide.zip', { ...clinic, allow: { downloads: ['.zip'] } })).toMatch(/^is a type static\/ does not publish/);
    expect(staticTypeProblem('LICENSE', clinic)).toMatch(/\(no extension\)/);
  });

  it('lets no site allow a page, a twin, or anything in the uploads folder', () => {
    expect(staticPolicyProblems({ ...clinic, allow: { downloads: ['.zip', '.html', 'zip'] } })).toEqual([
      'staticTypes["downloads"]: .html can never be published from static/ (a browser runs it as a page of the site, or a host sends it in place of a checked file)',
      'staticTypes["downloads"]: "zip" is not a file extension such as ".zip"',
    ]);
    expect(staticPolicyProblems({ ...clinic, allow: { images: ['.mp4'] } })).toEqual([`staticTypes["images"] covers the editor's uploads folder (images/uploads/), which publishes images and PDF only: allow the type in a folder staff cannot upload to`]);
    expect(staticPolicyProblems({ allow: { '': ['.mp4'] } })).toEqual([]);
  });
});

describe('names static/ and content may use', () => {
  it('refuses control characters and what _headers or a URL reads as syntax', () => {
    expect(nameProblem('images/a photo-1.jpg')).toBeUndefined();
    expect(nameProblem('evil\n/* \n  Location: x/a.png')).toMatch(/control character/);
    expect(nameProblem('a\u001b[2J.png')).toMatch(/control character/);
    for (const c of ['*', ':', '#', '?', '%', '\\']) expect(nameProblem(`a${c}b.png`), c).toContain(`"${c}"`);
  });
});
