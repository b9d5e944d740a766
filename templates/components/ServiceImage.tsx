// A service's illustration (static/images/services/<slug>.svg), sized up front to avoid layout shift.
import { usePage } from '../context.ts';

export function ServiceImage({ slug, decorative = false, width = 480, height = 320, eager = false }: { slug: string; decorative?: boolean; width?: number; height?: number; eager?: boolean }) {
  const { text } = usePage();
  return (
    <img
      className="service-image"
      src={`/images/services/${slug}.svg`}
      alt={decorative ? '' : text.services[slug]!.front.imageAlt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
