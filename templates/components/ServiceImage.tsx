// A service's photo when the practice has uploaded one (processed by the images plugin), else its
// illustration (static/images/services/<illustration>.svg, chosen in its entry); either sized up front to avoid layout shift.
import { Picture } from 'sitewright';
import { usePage } from '../context.ts';

export function ServiceImage({ slug, decorative = false, width = 480, height = 320, eager = false }: { slug: string; decorative?: boolean; width?: number; height?: number; eager?: boolean }) {
  const { text } = usePage();
  const photo = text.services[slug]!.front.photo;
  if (photo) {
    const sizes = `(min-width: ${width * 2}px) ${width}px, 100vw`;
    return decorative || photo.decorative ? <Picture src={photo.src} decorative sizes={sizes} main={eager} /> : <Picture src={photo.src} alt={photo.alt!} sizes={sizes} main={eager} />;
  }
  return (
    <img
      className="service-image"
      src={`/images/services/${text.services[slug]!.front.illustration}.svg`}
      alt={decorative ? '' : (text.services[slug]!.front.imageAlt ?? '')}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
