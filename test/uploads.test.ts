// What staff can put in static/ (the editor uploads to static/images/uploads/) never runs script on
// the site's origin: pages, XML, scripts in the uploads, twins and the known SVG bypasses are refused
// by the build, naming the file and the rule; an SVG that passes ships as the sanitiser wrote it; and
// `serve` sends a precompressed file only when the build recorded it for that very file.
import { brotliCompressSync } from 'node:zlib';
import { decodeHTMLAttribute } from 'entities';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputFate } from '../src/pipeline/build.ts';
import { BuildFailure } from '../src/problems/problem.ts';
import { sanitizeSvg } from '../src/security/svg.ts';
import { createDistServer, listen } from '../src/serve/server.ts';
import { buildInto, STATIC } from './helpers/fixtures.ts';
import { get } from './helpers/http.ts';
import { keysIn } from './helpers/pdf.ts';

const SVG = 'http://www.w3.org/2000/svg';
/** The payloads an attacker with a staff login tried, by path below static/. */
export const PAYLOADS: Record<string, string> = {
  'images/uploads/page.html': '<script>fetch("/x?" + localStorage.getItem("sveltia-cms.user"))</script>',
  'images/uploads/page.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>`,
  'images/uploads/data.xml': `<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`,
  'images/uploads/run.js': 'alert(1)',
  'images/uploads/prefixed.svg': `<svg xmlns="${SVG}" xmlns:s="${SVG}"><s:script>alert(1)</s:script></svg>`,
  'images/uploads/xhtml.svg': `<svg xmlns="${SVG}"><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></svg>`,
  'images/uploads/entity.svg': `<!DOCTYPE svg [<!ENTITY e "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg xmlns="${SVG}">&e;</svg>`,
  'images/uploads/smil.svg': `<svg xmlns="${SVG}"><a><set attributeName="href" to="javascript:alert(1)"/><text y="20">tap</text></a></svg>`,
  'admin/init.js.br': 'not really brotli',
  'images/hero.jpg.gz': 'gz',
};

let staticDir: string;
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-uploads-'));
  staticDir = join(tmp, 'static');
  await cp(STATIC, staticDir, { recursive: true });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function withFiles(files: Record<string, string | Uint8Array>, run: () => Promise<void>) {
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(join(staticDir, rel, '..'), { recursive: true });
    await writeFile(join(staticDir, rel), text);
  }
  try {
    await run();
  } finally {
    for (const rel of Object.keys(files)) await rm(join(staticDir, rel), { force: true });
  }
}

/** A one-page PDF as an office's software writes one: author, title, software, and an XMP packet with a place. */
async function pdfWithMetadata(): Promise<Uint8Array> {
  const { PDFDocument, PDFName } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Flu shots', { x: 20, y: 100, size: 12 });
  doc.setAuthor('Dana Office');
  doc.setTitle('Front desk notice');
  doc.setCreator('Word');
  const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="25,44N"/></rdf:RDF></x:xmpmeta>';
  const metadata = () => doc.context.register(doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' }));
  doc.catalog.set(PDFName.of('Metadata'), metadata());
  // XMP on a page, and one left unlinked (as an earlier revision leaves objects behind).
  doc.getPage(0).node.set(PDFName.of('Metadata'), metadata());
  metadata();
  // Script when it is opened.
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: 'app.alert("GPS")' }));
  // A form field a patient fills in, which must survive.
  doc.getForm().createTextField('patient.name').addToPage(doc.getPage(0), { x: 20, y: 20, width: 120, height: 20 });
  const bytes = await doc.save({ useObjectStreams: false });
  expect(Buffer.from(bytes).includes('xmpmeta')).toBe(true);
  return bytes;
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BuildFailure);
  return error as BuildFailure;
};

describe('uploads and static files that could run script', () => {
  it('a PDF that cannot be read is refused, naming it', async () => {
    await withFiles({ 'images/uploads/form.pdf': '%PDF-1.4\nnot really a PDF' }, async () => {
      const error = await failure(buildInto({ static: staticDir, out: join(tmp, 'pdf', 'dist') }));
      expect(error.problems.map((p) => p.format()).join('\n')).toMatch(/static\/images\/uploads\/form\.pdf {2}is a PDF the website cannot publish\n {2}it cannot be read as a PDF/);
    });
  });

  it('are refused, every one named with its rule, and nothing is written', async () => {
    await withFiles(PAYLOADS, async () => {
      const out = join(tmp, 'refused', 'dist');
      const told = new Map<string | undefined, string>();
      // Types are judged as static/ is listed; SVGs as they are copied, in the bytes that would ship.
      const error = await failure(buildInto({ static: staticDir, out }));
      for (const p of error.problems) told.set(p.file?.replace(/^.*\/static\//, ''), p.format());
      expect(outputFate(error)).toBe('absent');
      for (const rel of Object.keys(PAYLOADS).filter((f) => !f.endsWith('.svg'))) await rm(join(staticDir, rel));
      const svgs = await failure(buildInto({ static: staticDir, out }));
      for (const p of svgs.problems) told.set(p.file?.replace(/^.*\/static\//, ''), p.format());
      expect(outputFate(svgs)).toBe('absent');
      expect([...told.keys()].sort()).toEqual(Object.keys(PAYLOADS).sort());
      expect(told.get('images/uploads/page.html')).toMatch(/is not published\n {2}is a \.html document, which a browser runs as a page of this site/);
      expect(told.get('images/uploads/data.xml')).toMatch(/is a \.xml document/);
      expect(told.get('images/uploads/run.js')).toMatch(/is in the editor's uploads folder \(images\/uploads\/\), which publishes images and PDF only/);
      expect(told.get('admin/init.js.br')).toMatch(/is a precompressed twin \(\.br\): the build writes the twins of each file itself/);
      expect(told.get('images/uploads/prefixed.svg')).toMatch(/is an SVG that could run code where it is opened\n {2}<s:script> runs or embeds a document/);
      expect(told.get('images/uploads/xhtml.svg')).toMatch(/<script> runs or embeds a document/);
      expect(told.get('images/uploads/entity.svg')).toMatch(/a DTD or entity declaration/);
      expect(told.get('images/uploads/smil.svg')).toMatch(/<set attributeName="href"> animates a link/);
      expect(existsSync(out)).toBe(false);
    });
  });

  it('with a line break in a folder name, are refused before any _headers rule is written', async () => {
    await withFiles({ 'evil\n/*\n  Location: https:%2F%2Fevil.example/a.png': 'png' }, async () => {
      const error = await failure(buildInto({ static: staticDir, out: join(tmp, 'names', 'dist') }));
      const [problem] = error.problems;
      expect(problem!.code).toBe('static/unsafe-name');
      expect(problem!.format()).toMatch(/static\/evil\\n\/\*\\n {2}Location: https:%2F%2Fevil\.example\/a\.png {2}has a name the site cannot publish\n {2}its name holds a control character/);
      expect(error.problems).toHaveLength(1);
    });
  });
});

describe('what static/ publishes', () => {
  const drawing = `<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="${SVG}" xmlns:inkscape="urn:x" inkscape:version="1" viewBox="0 0 4 4"><g inkscape:label="l"><rect width="4" height="4" fill="#0b5f5a"/></g></svg>\n`;
  let out: string;
  let cleanup: () => Promise<void>;
  let base: string;
  let server: ReturnType<typeof createDistServer>;
  beforeAll(async () => {
    await withFiles({ 'images/uploads/clinic.svg': drawing, 'images/uploads/notice.pdf': await pdfWithMetadata() }, async () => {
      // With twins, as nginx gets them: the twin a build recorded is what serve may send.
      ({ out, cleanup } = await buildInto({ static: staticDir, precompress: ['br'] }));
    });
    server = createDistServer(out);
    base = await listen(server, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await cleanup();
  });

  it('an SVG as the sanitiser wrote it, not as it was uploaded; a PDF without its metadata', async () => {
    expect(await readFile(join(out, 'images/uploads/clinic.svg'), 'utf8')).toBe(sanitizeSvg(drawing).svg);
    expect(await readFile(join(out, 'images/uploads/clinic.svg'), 'utf8')).toBe(`<svg xmlns="${SVG}" viewBox="0 0 4 4"><g><rect width="4" height="4" fill="#0b5f5a"/></g></svg>\n`);
    const published = await readFile(join(out, 'images/uploads/notice.pdf'));
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(published, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect([doc.getAuthor(), doc.getTitle(), doc.getCreator(), doc.getProducer()]).toEqual([undefined, undefined, undefined, undefined]);
    // Read back (the published bytes are compressed: a search of them would find nothing either way).
    const keys = await keysIn(published);
    for (const key of ['/Info', '/Metadata', '/Type /Metadata', '/OpenAction', '/JS']) expect(keys.has(key), key).toBe(false);
    expect(doc.getForm().getFields().map((f) => f.getName())).toEqual(['patient.name']);
  });

  it('serve sends a twin only when the build recorded it for that file, and never when q=0 refuses it', async () => {
    const planted = brotliCompressSync(Buffer.from(`<svg xmlns="${SVG}" onload="alert(1)"/>`));
    await writeFile(join(out, 'favicon.svg.br'), planted);
    const favicon = await get(base, '/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.body).not.toContain('onload');
    // Nor by its own address, planted or recorded: it would go out as its page's type, in brotli.
    for (const path of ['/favicon.svg.br', '/about.html.br', '/ABOUT.HTML.BR']) expect((await get(base, path, { 'Accept-Encoding': 'br' })).status, path).toBe(404);
    const about = await get(base, '/about', { 'Accept-Encoding': 'gzip, br' });
    expect(about.headers['content-encoding']).toBe('br');
    const refused = await get(base, '/about', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('<!DOCTYPE html>');
  });

  it('a 404 carries the public policy in the page itself, at any depth, for hosts whose rules miss the path', async () => {
    const reply = await get(base, '/no/such/page/here');
    expect(reply.status).toBe(404);
    const meta = decodeHTMLAttribute(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(reply.body)?.[1] ?? '');
    expect(meta).toContain("default-src 'self'; script-src 'self'");
    expect(meta).toContain('upgrade-insecure-requests');
    expect(meta).not.toContain('frame-ancestors');
    expect(await readFile(join(out, 'es/404.html'), 'utf8')).toContain('<meta http-equiv="Content-Security-Policy"');
    expect(await readFile(join(out, 'about.html'), 'utf8')).not.toContain('http-equiv="Content-Security-Policy"');
  });
});
