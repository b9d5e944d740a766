// An image field: a photo's address and description, or `decorative: true`. In a file every locale shares, `altIn`
// (locale → editor label) gives one description per locale. Templates show it with <Picture src={photo.src} alt={…} … />.
import * as z from 'zod';

// The types the images plugin makes variants of: a drawing (SVG) is shown as it is, never as a photo.
const SOURCE = /^\/[^?#\s]*\.(jpe?g|png|webp|avif|gif)$/i;

const src = () =>
  z.string().regex(SOURCE, 'the address of a photo on this site (JPEG, PNG, WebP, AVIF or GIF) whose file name has no spaces, such as /images/uploads/front-door.jpg').meta({ cms: { widget: 'image', label: 'Photo', hint: 'Upload a photo (JPEG, PNG, WebP, AVIF or GIF), or choose one already uploaded.' } });
const decorative = () => z.boolean().optional().meta({ cms: { label: 'Decorative only (no description needed)', hint: 'Tick it only when the photo adds nothing a visitor needs to know.', i18n: 'duplicate' } });
const HINT = 'Describe it for people who cannot see it: "The front door, with a ramp on the left". Leave it empty only if the photo is decorative.';
const MISSING = 'describe the photo (what it shows), or tick "Decorative only (no description needed)"';

export function imageField(): ReturnType<typeof localImage>;
export function imageField<L extends string>(options: { altIn: Record<L, string> }): ReturnType<typeof sharedImage<L>>;
export function imageField<L extends string>(options?: { altIn: Record<L, string> }) {
  return options ? sharedImage(options.altIn) : localImage();
}

function localImage() {
  return z
    .object({
      src: src(),
      alt: z.string().trim().optional().meta({ cms: { label: 'What the photo shows', hint: `${HINT} Write it in this language.` } }),
      decorative: decorative(),
    })
    .strict()
    .superRefine((photo, issues) => {
      if (!photo.decorative && !photo.alt) issues.addIssue({ code: 'custom', path: ['alt'], message: MISSING });
    });
}

function sharedImage<L extends string>(altIn: Record<L, string>) {
  const locales = Object.keys(altIn) as L[];
  const alt = z
    .object(Object.fromEntries(locales.map((locale) => [locale, z.string().trim().optional().meta({ cms: { label: altIn[locale] } })])) as Record<L, z.ZodOptional<z.ZodString>>)
    .strict()
    .optional()
    .meta({ cms: { label: 'What the photo shows', hint: `${HINT} One description per language.` } });
  return z
    .object({ src: src(), alt, decorative: decorative() })
    .strict()
    .superRefine((photo, issues) => {
      if (photo.decorative) return;
      for (const locale of locales) {
        if (!(photo.alt as Partial<Record<string, string>> | undefined)?.[locale]) issues.addIssue({ code: 'custom', path: ['alt', locale], message: MISSING });
      }
    });
}

export type ImageField = z.infer<ReturnType<typeof localImage>>;
/** An image field of a file every locale shares: one description per locale. */
export type SharedImageField<L extends string = string> = z.infer<ReturnType<typeof sharedImage<L>>>;
