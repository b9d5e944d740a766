// Types of sealed.mjs (plain JavaScript: the launcher uses it before anything is compiled).

/** The seal's length: 64 hex digits and a line break. */
export declare const SEAL_BYTES: 65;

/** The SHA-256 of text (as UTF-8) or bytes, in hex. */
export declare function sha256(data: string | Uint8Array): string;

/**
 * Keeps payload in file, sealed (text as UTF-8). False when it cannot be written (no room, a file where
 * the folder should be): a cache that cannot be written costs the next build time, never this build its output.
 */
export declare function writeSealed(file: string, payload: string | Uint8Array): boolean;

/** What a sealed file holds while its seal still matches; none when it is missing, unreadable, or not as it was written. */
export declare function readSealed(file: string): Buffer | undefined;

/** The JSON value a sealed file holds (a kept record); none when readSealed gives none or it is not JSON. */
export declare function readSealedJson(file: string): unknown;
