// An uploaded PDF tells who wrote it and when (Info, XMP, PieceInfo) and may run script or a launch action: rewritten without them,
// keeping only objects reached from the catalog (pdf-lib writes every object it read, orphans too). Not reached: EXIF in a JPEG.
import { createRequire } from 'node:module';
import type { PDFObject } from 'pdf-lib';

/** Keys that say who made the file, or run something when it is opened or clicked. */
const DROPPED = ['Metadata', 'PieceInfo', 'AA', 'OpenAction', 'JavaScript'];
/** What an action of these kinds runs: its script, the program it launches. */
const ACTION_PAYLOAD = ['JS', 'F', 'Win', 'Mac', 'Unix', 'P'];

/** The PDF without its metadata; throws (with a sentence for the person who uploaded it) when it cannot be read. */
export async function withoutMetadata(bytes: Uint8Array): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFRef, PDFDict, PDFArray, PDFStream } = createRequire(import.meta.url)('pdf-lib') as typeof import('pdf-lib');
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const { context } = doc;
    context.trailerInfo.Info = undefined;
    const dictOf = (object: PDFObject | undefined) => (object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined);
    for (const [, object] of context.enumerateIndirectObjects()) {
      const dict = dictOf(object);
      if (!dict) continue;
      for (const key of DROPPED) dict.delete(PDFName.of(key));
      const kind = dict.get(PDFName.of('S'));
      if (kind === PDFName.of('JavaScript') || kind === PDFName.of('Launch')) for (const key of ACTION_PAYLOAD) dict.delete(PDFName.of(key));
    }
    const reached = new Set<string>();
    const visit = (object: PDFObject | undefined): void => {
      if (object instanceof PDFRef) {
        if (reached.has(object.toString())) return;
        reached.add(object.toString());
        visit(context.lookup(object));
      } else if (object instanceof PDFArray) {
        for (let i = 0; i < object.size(); i++) visit(object.get(i));
      } else {
        const dict = dictOf(object);
        if (dict) for (const value of dict.values()) visit(value);
      }
    };
    visit(context.trailerInfo.Root);
    for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref.toString())) context.delete(ref);
    return await doc.save({ updateFieldAppearances: false });
  } catch (error) {
    // pdf-lib reads leniently and fails later: either way, not publishable as it is.
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    throw new Error(encrypted ? 'it is protected by a password: save it again without one, and upload that' : 'it cannot be read as a PDF (damaged, or another kind of file): save it again as PDF, and upload that');
  }
}
