// Photos as a plugin: each JPEG, PNG, WebP, AVIF or GIF in the folders it names becomes AVIF, WebP and JPEG (PNG with
// transparency) at widths no larger than the source, re-encoded from its pixels so no metadata leaves with it (EXIF, XMP,
// IPTC: no phone's GPS), orientation applied, named by a hash of bytes and settings. The source is not published.
// <Picture src alt sizes /> and Markdown images of such a source carry width and height, lazy unless the page's main one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { MarkedExtension, Tokens } from 'marked';
import { peerOf } from '../files/about.ts';
import { BuildFailure, inFile, Problem } from '../problems/problem.ts';
import { shown } from '../problems/shown.ts';
import { cacheRoot, pruneFolder, readSealed, sha256, writeSealed } from '../files/cache.ts';
import type { Plugin } from '../site/plugin.ts';
import { decodedPath } from '../routes/urls.ts';

export interface ImagesOptions {
  /** Folders below static/ whose photos are processed ("images/uploads"). */
  folders: readonly string[];
  /** Widths made (each no larger than the source). */
  widths?: readonly number[];
  /** AVIF effort 0–9 (default 2: 4 was over ten times slower and saved nothing). */
  avifEffort?: number;
  /** The `sizes` of a Markdown image (default "100vw"). */
  markdownSizes?: string;
}

/** One processed photo: its size once oriented, and the URL of each variant by format. */
export interface ProcessedImage {
  width: number;
  height: number;
  /** "jpeg" or "png": the fallback's format. */
  format: 'jpeg' | 'png';
  variants: { avif: Variant[]; webp: Variant[]; fallback: Variant[] };
}
export interface Variant {
  width: number;
  url: string;
}

/** Processed photos by the public path of their source ("/images/uploads/door.jpg"). */
export type ImageMap = Record<string, ProcessedImage>;

/** A processed photo by the address a page gives it, as its file is named or percent-encoded ("my%20photo.jpg"). */
export const imageAt = (map: ImageMap | undefined, src: string): ProcessedImage | undefined => map?.[src] ?? map?.[decodedPath(src)];

export const DEFAULT_WIDTHS = [320, 640, 960, 1280, 1600] as const;
const SOURCE = /\.(jpe?g|png|webp|avif|gif)$/i;
/**
 * The largest photo taken, in pixels (8000 × 8000, above what phones and most cameras save). Larger ones take seconds and
 * hundreds of MB to decode, and a small file can claim a huge size (a "decompression bomb"): refused before decoding.
 */
export const MAX_PIXELS = 64_000_000;
const megapixels = (n: number) => `${Math.round(n / 1e6)} megapixels`;
const MIME = { avif: 'image/avif', webp: 'image/webp' } as const;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const srcset = (variants: Variant[]) => variants.map((v) => `${v.url} ${v.width}w`).join(', ');

/** The markup of a processed photo: <picture> with AVIF and WebP sources and an <img> fallback. */
export function pictureHtml(image: ProcessedImage, { alt, sizes, main = false }: { alt: string; sizes: string; main?: boolean }): string {
  const fallback = image.variants.fallback;
  const largest = fallback.at(-1)!;
  const sources = (['avif', 'webp'] as const).map((format) => `<source type="${MIME[format]}" srcset="${escape(srcset(image.variants[format]))}" sizes="${escape(sizes)}"/>`).join('');
  const loading = main ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"';
  return `<picture>${sources}<img src="${escape(largest.url)}" srcset="${escape(srcset(fallback))}" sizes="${escape(sizes)}" width="${image.width}" height="${image.height}" alt="${escape(alt)}"${loading}/></picture>`;
}

/** A phone 390 px wide at 3 device pixels a px, showing the photo full width: the AVIF it picks. */
export function phoneDownload(image: ProcessedImage): Variant {
  const needed = 390 * 3;
  return image.variants.avif.find((v) => v.width >= needed) ?? image.variants.avif.at(-1)!;
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

type Sharp = (typeof import('sharp'))['default'];

/** sharp's package as a site installs it (an optional peer: a site without photos never installs it). */
export const SHARP_PACKAGE = 'sharp@0.35.5';

/** sharp from the site's folder, else beside the engine; a build error naming the install when there is none. */
function loadSharp(siteDir: string): Sharp {
  const sharp = peerOf<Sharp>('sharp', siteDir);
  if (sharp) return sharp;
  throw new BuildFailure([new Problem('site/definition', { part: 'plugin "images"' }, 'needs sharp, which is not installed', [{ path: '', message: `install it in the site's folder: npm install ${SHARP_PACKAGE} (an optional peer of the engine: sites without photos never install it)` }])]);
}

export function images<C>(options: ImagesOptions): Plugin<C> & { readonly map: ImageMap } {
  const widths = [...(options.widths ?? DEFAULT_WIDTHS)].sort((a, b) => a - b);
  const effort = options.avifEffort ?? 2;
  const folders = options.folders.map((f) => f.replace(/^\/+|\/+$/g, ''));
  const claimed = (rel: string) => SOURCE.test(rel) && folders.some((f) => rel.startsWith(`${f}/`));
  const map: ImageMap = {};
  let files: Record<string, Uint8Array> = {};
  let key = '';

  const markdown: MarkedExtension = {
    renderer: {
      image(token: Tokens.Image) {
        const image = imageAt(map, token.href);
        if (!image) return false; // not one of ours: marked writes it as it is
        return pictureHtml(image, { alt: token.text, sizes: options.markdownSizes ?? '100vw' });
      },
    },
  };

  const plugin: Plugin<C> & { readonly map: ImageMap } = {
    name: 'images',
    map,
    claims: claimed,
    markdown: [markdown],
    cacheKey: () => key,
    async prepare(sources) {
      files = {};
      for (const path of Object.keys(map)) delete map[path];
      const list = sources.staticFiles.filter(claimed);
      key = '';
      // No photo yet: sharp (a native module) is not even loaded.
      if (!list.length) return;
      const sharp = loadSharp(sources.siteDir);
      const settings = JSON.stringify({ widths, effort, v: 2 });
      // A folder per site and settings, pruned by each build of unused variants: never another site's or configuration's.
      const cache = join(cacheRoot(sources.siteDir), 'images', sha256(`${resolve(sources.siteDir)}\0${settings}`).slice(0, 12));
      const used = new Set<string>();
      const problems: Problem[] = [];
      const processOne = async (rel: string) => {
        const bytes = readFileSync(join(sources.staticDir, rel));
        const hash = createHash('sha256').update(bytes).update(settings).digest('hex').slice(0, 10);
        const meta = await sharp(bytes).metadata().catch(() => {
          throw new Error(`it cannot be read as a ${extname(rel).slice(1).toUpperCase()} image (damaged, cut short, or another kind of file): open it on your computer, save it again as JPEG, and upload that`);
        });
        // Read only as its name says: libvips picks a decoder by the bytes, so an SVG or TIFF named .png would reach decoders
        // never meant to run (an SVG filter chain took a minute and 2 GB).
        const kind = extname(rel).slice(1).toLowerCase();
        const expected = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' }[kind];
        if (meta.format !== expected) throw new Error(`it is named .${kind} but holds another kind of file${meta.format ? ` (${String(meta.format).toUpperCase()})` : ''}: save it as a real ${kind.toUpperCase()} (or JPEG) and upload that`);
        const pixels = (meta.width ?? 0) * (meta.height ?? 0);
        if (pixels > MAX_PIXELS) throw new Error(`it is ${meta.width} × ${meta.height} pixels (${megapixels(pixels)}); the website takes photos up to ${megapixels(MAX_PIXELS)}: save it smaller (2000 pixels wide is plenty) and upload that`);
        // Orientation 5–8 turns the picture a quarter: width and height swap once it is applied.
        const turned = (meta.orientation ?? 1) >= 5;
        const width = (turned ? meta.height : meta.width) ?? 0;
        const height = (turned ? meta.width : meta.height) ?? 0;
        const made = widths.filter((w) => w < width);
        if (!made.length || made.at(-1)! < width) made.push(Math.min(width, widths.at(-1)!));
        // The fallback: PNG for a PNG, a GIF or any with transparency (drawings, screenshots), else JPEG.
        const format: 'jpeg' | 'png' = /\.(png|gif)$/i.test(rel) || meta.hasAlpha ? 'png' : 'jpeg';
        // Readable where it can be, and short: a variant's file name holds the hash, the width and the type too.
        const name = rel.slice(0, -extname(rel).length).split('/').pop()!.toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 80);
        const image: ProcessedImage = { width: made.at(-1)!, height: Math.round((height * made.at(-1)!) / width), format, variants: { avif: [], webp: [], fallback: [] } };
        // Decoded once, at most at the largest width, only when a variant is not cached. rotate() applies the EXIF
        // orientation; raw pixels carry no metadata, so none reaches a variant.
        let decoded: Promise<{ data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }> | undefined;
        const pixelsOf = () => (decoded ??= sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: image.width, withoutEnlargement: true }).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true }) as never);
        for (const w of [...new Set(made)]) {
          for (const [kind, ext] of [['avif', 'avif'], ['webp', 'webp'], ['fallback', format === 'png' ? 'png' : 'jpg']] as const) {
            const file = `assets/images/${name}-${hash}-${w}.${ext}`;
            // Sealed (files/cache.ts): a variant damaged or changed in the cache is made again, never published.
            const keptName = `${hash}-${w}.${ext}.sealed`;
            used.add(keptName);
            const kept = join(cache, keptName);
            let data: Uint8Array | undefined = readSealed(kept);
            if (!data) {
              const { data: raw, info } = await pixelsOf().catch(() => {
                throw new Error('it cannot be read to the end (damaged, or cut short as an upload that stopped half way is): open it on your computer, save it again as JPEG, and upload that');
              });
              const pipeline = sharp(raw, { raw: { width: info.width, height: info.height, channels: info.channels } }).resize({ width: w, withoutEnlargement: true });
              data = await (kind === 'avif' ? pipeline.avif({ effort }) : kind === 'webp' ? pipeline.webp({ quality: 80 }) : format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 82, mozjpeg: true })).toBuffer();
              // One that cannot be kept is made again next time; the output does not depend on it.
              writeSealed(kept, data);
            }
            files[file] = data;
            image.variants[kind].push({ width: w, url: `/${file}` });
          }
        }
        map[`/${rel}`] = image;
      };
      // Two at a time: libvips uses threads of its own for each.
      for (let i = 0; i < list.length; i += 2) {
        await Promise.all(list.slice(i, i + 2).map(async (rel) => {
          const why = await processOne(rel).then(() => undefined, (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error)));
          if (why) problems.push(inFile('static/type', shown(join(sources.staticDir, rel)), 'is a photo the website cannot use', [{ path: '', message: why }]));
        }));
      }
      if (problems.length) throw new BuildFailure(problems);
      pruneVariants(cache, used);
      key = sha256(JSON.stringify(map)).slice(0, 12);
    },
    // A photo a content file names in a processed folder that is not there (not uploaded, misspelt,
    // removed) is a problem at that file's line, before any page is rendered.
    contentLoaded(content, { files: read }) {
      const problems: Problem[] = [];
      for (const source of read.values()) {
        eachString(source.data, [], (value, path) => {
          if (imageAt(map, value) || !folders.some((f) => value.startsWith(`/${f}/`))) return;
          const why = SOURCE.test(value) ? 'there is no such photo in the uploads: upload it, or choose one already uploaded' : `a ${extname(value).slice(1).toUpperCase() || 'file without a type'} is not a photo the website processes (JPEG, PNG, WebP, AVIF or GIF)`;
          problems.push(inFile('file/missing-static', source.file, 'names a photo the website cannot show', [{ path: path.join('.'), message: `${value}: ${why}` }], source.positionOf?.(path)));
        });
      }
      if (problems.length) throw new BuildFailure(problems);
      return { ...(content as object), images: map } as C;
    },
    files: () => files,
    // A photo no page shows (uploaded, then replaced) is not put online at an address nobody links to.
    shownOnly: (file) => file.startsWith('assets/images/'),
    check(c) {
      const limit = c.site.budgets?.(c.content).largestImage;
      if (limit === undefined) return [];
      // Only photos a page shows: the others are not published (shownOnly).
      const linked = new Set(c.pages.flatMap((p) => p.refs));
      const over = Object.entries(map).flatMap(([source, image]) => {
        const variant = phoneDownload(image);
        if (!linked.has(variant.url)) return [];
        const bytes = files[variant.url.slice(1)]!.length;
        return bytes > limit ? [{ path: '', message: `photo ${source}: a phone downloads ${kb(bytes)} (AVIF, ${variant.width} px wide), budget ${kb(limit)}: upload it smaller, or crop it` }] : [];
      });
      return over.length ? [new Problem('budget/exceeded', { part: 'page-weight budgets' }, 'are exceeded', over)] : [];
    },
  };
  return plugin;
}

/** Removes kept variants this build did not use (not another build's .tmp files); one not removable now waits for a later build. */
function pruneVariants(cache: string, used: ReadonlySet<string>): void {
  pruneFolder(cache, (name) => used.has(name) || name.endsWith('.tmp'));
}

/** Calls visit for every string in a file's data, with its key path. */
function eachString(value: unknown, path: (string | number)[], visit: (text: string, path: (string | number)[]) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, i) => eachString(item, [...path, i], visit));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) eachString(item, [...path, key], visit);
}
