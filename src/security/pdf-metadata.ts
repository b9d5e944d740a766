// A PDF uploaded by staff carries its document properties (author, the software and computer that made
// it, dates) and often an XMP packet: published as uploaded, they say who wrote it and when. The file is
// read with pdf-lib (loaded only when a site has a PDF upload) and written anew without the Info
// dictionary, the XMP metadata of the document and of its pages, and the editing software's PieceInfo.
import { createRequire } from 'node:module';

/** The PDF without its metadata; throws (with a sentence for the person who uploaded it) when it cannot be read. */
export async function withoutMetadata(bytes: Uint8Array): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFRef } = createRequire(import.meta.url)('pdf-lib') as typeof import('pdf-lib');
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // Each is unlinked and its object dropped: pdf-lib writes every object it holds, linked or not.
    const drop = (ref: unknown) => {
      if (ref instanceof PDFRef) doc.context.delete(ref);
    };
    drop(doc.context.trailerInfo.Info);
    doc.context.trailerInfo.Info = undefined;
    for (const node of [doc.catalog, ...doc.getPages().map((page) => page.node)]) {
      for (const key of ['Metadata', 'PieceInfo']) {
        drop(node.get(PDFName.of(key)));
        node.delete(PDFName.of(key));
      }
    }
    return await doc.save({ updateFieldAppearances: false });
  } catch (error) {
    // pdf-lib reads leniently and fails later on what it could not make sense of: either way, not publishable as it is.
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    throw new Error(encrypted ? 'it is protected by a password: save it again without one, and upload that' : 'it cannot be read as a PDF (damaged, or another kind of file): save it again as PDF, and upload that');
  }
}
