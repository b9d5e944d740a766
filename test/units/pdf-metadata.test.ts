// An uploaded PDF as published: without who wrote it and when (Info, XMP on the catalog, on a page and left
// unlinked), without script or a launch action, with its pages and form fields; one that cannot be read is refused
// in a sentence for the person who uploaded it. (uploads.test.ts sees the same through a whole build.)
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { withoutMetadata } from '../../src/security/pdf-metadata.ts';
import { keysIn } from '../helpers/pdf.ts';

async function uploaded(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Notice', { x: 20, y: 100, size: 12 });
  doc.setAuthor('Dana Office');
  doc.setKeywords(['front desk']);
  const xmp = () => doc.context.register(doc.context.stream('<x:xmpmeta xmlns:x="adobe:ns:meta/">GPS 25,44N</x:xmpmeta>', { Type: 'Metadata', Subtype: 'XML' }));
  doc.catalog.set(PDFName.of('Metadata'), xmp());
  doc.getPage(0).node.set(PDFName.of('Metadata'), xmp());
  doc.getPage(0).node.set(PDFName.of('PieceInfo'), doc.context.obj({ Word: { Private: PDFString.of('draft 3') } }));
  xmp(); // left behind, reached from nothing
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: { S: 'Launch', F: PDFString.of('calc.exe') } }));
  // Links whose actions launch a program or run script when clicked: the action stays, what it would run goes.
  const action = (fields: Record<string, unknown>) => doc.context.register(doc.context.obj(fields as never));
  const link = (a: ReturnType<typeof action>) => doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], A: a }));
  doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([link(action({ S: 'Launch', Win: { F: PDFString.of('cmd.exe') } })), link(action({ S: 'JavaScript', JS: PDFString.of('this.print()') }))]));
  doc.getForm().createTextField('patient.name').addToPage(doc.getPage(0), { x: 20, y: 20, width: 120, height: 20 });
  return doc.save({ useObjectStreams: false });
}

describe('an uploaded PDF', () => {
  it('loses who wrote it, its script and its launch actions, and keeps its pages and form fields', async () => {
    const before = Buffer.from(await uploaded());
    expect((await PDFDocument.load(before, { updateMetadata: false })).getAuthor()).toBe('Dana Office');
    const after = Buffer.from(await withoutMetadata(before));
    // An XMP stream (/Type /Metadata) left unlinked goes too: only what the catalog reaches is written.
    const dropped = ['/Info', '/Metadata', '/Type /Metadata', '/PieceInfo', '/OpenAction', '/AA', '/JS', '/Win'];
    const had = await keysIn(before);
    for (const key of dropped) expect(had.has(key), `uploaded with ${key}`).toBe(true);
    const kept = await keysIn(after);
    for (const key of dropped) expect(kept.has(key), `published with ${key}`).toBe(false);
    // The links stay, with actions that do nothing.
    expect(kept.has('/Annots') && kept.has('/S')).toBe(true);
    const doc = await PDFDocument.load(after, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect([doc.getAuthor(), doc.getKeywords(), doc.getProducer()]).toEqual([undefined, undefined, undefined]);
    expect(doc.getForm().getFields().map((f) => f.getName())).toEqual(['patient.name']);
  });

  it('that is no PDF, or a damaged one, is refused in a sentence saying what to do', async () => {
    await expect(withoutMetadata(Buffer.from('%PDF-1.4\nnot really a PDF'))).rejects.toThrow('it cannot be read as a PDF (damaged, or another kind of file): save it again as PDF, and upload that');
    await expect(withoutMetadata(Buffer.from('GIF89a'))).rejects.toThrow(/^it cannot be read as a PDF/);
  });
});
