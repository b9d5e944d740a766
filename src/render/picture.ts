// <Picture>: a photo the images plugin processed, with width and height (no layout shift), lazy unless the page's main one.
// Alt text is required, or the image is marked decorative.
import { createElement as h } from 'react';
import { imageAt, type ImageMap } from '../plugins/images.ts';
import { usePage } from './page-context.ts';

/** alt: the description, or one per locale (a shared file's image field), of which the page's is used. */
type Described = { alt: string | Partial<Record<string, string>>; decorative?: never } | { alt?: never; decorative: true };

export function Picture({ src, sizes, main = false, ...text }: { src: string; sizes: string; main?: boolean } & Described) {
  const { content, locale } = usePage<{ images?: ImageMap }>();
  const image = imageAt(content.images, src);
  if (!image) throw new Error(`<Picture src="${src}">: no processed image at that path (the images plugin processes the folders it is given)`);
  const alt = text.decorative ? '' : typeof text.alt === 'string' ? text.alt : text.alt?.[locale];
  if (alt === undefined || (!text.decorative && !alt.trim())) throw new Error(`<Picture src="${src}">: needs alt text, or decorative`);
  const set = (format: 'avif' | 'webp' | 'fallback') => image.variants[format].map((v) => `${v.url} ${v.width}w`).join(', ');
  return h(
    'picture',
    null,
    h('source', { type: 'image/avif', srcSet: set('avif'), sizes }),
    h('source', { type: 'image/webp', srcSet: set('webp'), sizes }),
    h('img', { src: image.variants.fallback.at(-1)!.url, srcSet: set('fallback'), sizes, width: image.width, height: image.height, alt, ...(main ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const }) }),
  );
}
