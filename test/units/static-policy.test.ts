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
      expect(staticTypeProblem(file, clinic), file).toMatch(/^is in the editor's uploads folder \(images\/uploads\/\), which publishes images and PDF only \(\.png \.jpg \.jpeg \.gif \.webp \.avif \.svg \.pdf\).*Delete it in the editor: Assets in the left menu/);
    }
    // A phone's photo format: how to make the phone save a JPEG.
    expect(staticTypeProblem('images/uploads/img_2212.HEIC', clinic)).toMatch(/upload the photo as a JPEG instead/);
    expect(staticTypeProblem('images/uploads/x.docx', clinic)).not.toMatch(/JPEG/);
  });

  it('never publishes what Cloudflare Pages would run as code for the whole site', () => {
    for (const file of ['_worker.js', '_WORKER.JS', '_worker.js/index.js', '_routes.json']) {
      expect(staticTypeProblem(file, clinic), file).toMatch(/^is a file Cloudflare Pages would run as code/);
      expect(staticTypeProblem(file, { ...clinic, allow: { '': ['.js', '.json'] } }), file).toMatch(/^is a file Cloudflare Pages would run as code/);
    }
    // The same names below the top are plain files.
    for (const file of ['js/_worker.js', 'data/_routes.json']) expect(staticTypeProblem(file, clinic), file).toBeUndefined();
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
    for (const c of ['*', ':', '#', '?', '%', '\\', '$', '{', '}']) expect(nameProblem(`a${c}b.png`), c).toContain(`"${c}"`);
  });
});

describe('the fine print of the static policy', () => {
  it('publishes each passive type anywhere, and each image type and PDF in the uploads', () => {
    for (const ext of ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.svg', '.woff2', '.woff', '.ttf', '.otf', '.pdf', '.txt', '.css', '.js', '.mjs', '.json', '.map', '.webmanifest']) {
      expect(staticTypeProblem(`assets/file${ext}`, clinic), ext).toBeUndefined();
      expect(staticTypeProblem(`assets/FILE${ext.toUpperCase()}`, clinic), ext).toBeUndefined();
    }
    for (const ext of ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.pdf']) expect(staticTypeProblem(`images/uploads/a${ext}`, clinic), ext).toBeUndefined();
    for (const ext of ['.ico', '.woff2', '.txt', '.css', '.js', '.json', '.webmanifest']) expect(staticTypeProblem(`images/uploads/a${ext}`, clinic), ext).toBeDefined();
    for (const ext of ['.xht', '.xslt', '.mht', '.mhtml', '.swf']) expect(staticTypeProblem(`a${ext}`, clinic), ext).toMatch(/runs as a page/);
    for (const ext of ['.brotli', '.zz']) expect(staticTypeProblem(`a.css${ext}`, clinic), ext).toMatch(/precompressed twin/);
  });

  it('reads folders with or without slashes around them, and the root folder as every folder', () => {
    const policy = { mediaFolder: '/images/uploads/', allow: { '/downloads/': ['.ZIP'], '': ['.mp4'] } };
    expect(staticTypeProblem('images/uploads/a.js', policy)).toMatch(/^is in the editor's uploads folder \(\/images\/uploads\/\/\)/);
    expect(staticTypeProblem('downloads/a.zip', policy)).toBeUndefined();
    expect(staticTypeProblem('video/a.mp4', policy)).toBeUndefined();
    expect(staticTypeProblem('images/uploads/a.mp4', policy)).toMatch(/uploads folder/);
    expect(staticTypeProblem('images/uploadsx/a.js', { mediaFolder: 'images/uploads' })).toBeUndefined();
  });

  it('names a file without an extension, and the folder to allow a type in', () => {
    expect(staticTypeProblem('images/uploads/README', clinic)).toMatch(/; a file without an extension is not one\. Delete it/);
    expect(staticTypeProblem('LICENSE', clinic)).toMatch(/staticTypes: \{ '': \['\.ext'\] \}$/);
    expect(staticTypeProblem('a/b/file.zip', clinic)).toMatch(/staticTypes: \{ 'a\/b': \['\.zip'\] \}$/);
  });

  it('refuses a widening of the uploads folder however it is written, and what is no extension', () => {
    for (const folder of ['images/uploads', '/images/uploads/', 'images/uploads/'] as const) {
      expect(staticPolicyProblems({ ...clinic, allow: { [folder]: ['.mp4'] } }), folder).toHaveLength(1);
    }
    expect(staticPolicyProblems({ ...clinic, allow: { 'images/uploads/videos': ['.mp4'] } })).toHaveLength(1);
    expect(staticPolicyProblems({ ...clinic, allow: { downloads: ['.tar.gz', 'x.zip', '.ZIP'] } })).toEqual([
      'staticTypes["downloads"]: ".tar.gz" is not a file extension such as ".zip"',
      'staticTypes["downloads"]: "x.zip" is not a file extension such as ".zip"',
    ]);
    expect(staticPolicyProblems({ allow: { downloads: ['.br'] } })[0]).toMatch(/can never be published/);
  });
});
