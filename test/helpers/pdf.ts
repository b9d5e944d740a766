// What a PDF holds, as read back: its bytes are compressed (object streams), so a search of them finds nothing either way.
import { PDFArray, PDFDict, PDFDocument, PDFStream, type PDFObject } from 'pdf-lib';

/** Every key of every dictionary in the file, nested ones too (a /Type with its value), and /Info when it has one. */
export async function keysIn(bytes: Uint8Array): Promise<Set<string>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const keys = new Set<string>();
  const visit = (object: PDFObject | undefined): void => {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;
    if (dict) for (const [key, value] of dict.entries()) keys.add(key.asString() === '/Type' ? `/Type ${String(value)}` : key.asString()), visit(value);
    if (object instanceof PDFArray) for (let i = 0; i < object.size(); i++) visit(object.get(i));
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object);
  if (doc.context.trailerInfo.Info) keys.add('/Info');
  return keys;
}
