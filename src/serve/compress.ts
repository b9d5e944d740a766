// Text without a recorded twin is compressed as hosts do, so previews weigh what visitors get; kept by ETag, up to a bound.
import { brotli, COMPRESSIBLE, gzip, worthCompressing } from '../output/write-files.ts';
import { acceptedEncodings } from './encoding.ts';
import type { FoundFile } from './files.ts';

const KEPT_BYTES = 64 * 1024 * 1024;

export class Compressor {
  private readonly kept = new Map<string, Buffer>();
  private bytes = 0;

  /** limit: the compressed bytes kept at most (the oldest used go first past it). */
  private readonly limit: number;
  constructor(limit = KEPT_BYTES) {
    this.limit = limit;
  }

  /** Whether a file of this name may be compressed for a client that sends this Accept-Encoding. */
  static wanted(file: string, acceptEncoding: string): boolean {
    return COMPRESSIBLE.test(file) && acceptedEncodings(acceptEncoding).length > 0;
  }

  /** The file as the client accepts it: compressed when it is text of 1 KB or more and not already encoded. */
  encode(found: FoundFile, acceptEncoding: string): FoundFile {
    if (found.encoding || !worthCompressing(found.file, found.data.length)) return found;
    const [encoding] = acceptedEncodings(acceptEncoding);
    if (!encoding) return found;
    const key = `${found.etag} ${encoding}`;
    let data = this.kept.get(key);
    if (data) {
      this.kept.delete(key); // most recently used last
    } else {
      data = encoding === 'br' ? brotli(found.data, found.file) : gzip(found.data);
      this.bytes += data.length;
    }
    this.kept.set(key, data);
    for (const [old, bytes] of this.kept) {
      if (this.bytes <= this.limit) break;
      this.kept.delete(old);
      this.bytes -= bytes.length;
    }
    // Another representation, another validator: a cache never answers one encoding with the other's bytes.
    return { ...found, data, encoding, etag: `${found.etag.slice(0, -1)}-${encoding}"` };
  }
}
