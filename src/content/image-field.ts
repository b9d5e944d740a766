// An image field for content schemas: a photo's address and its description in the file's language
// (in every locale's file, so every language has one), or `decorative: true` for an image that says
// nothing. The editor shows it as its image widget (uploads limited to the types the uploads folder
// publishes), a description box and a tick box; the build names the file and line of a photo without
// a description. Templates show it with <Picture src={photo.src} alt={photo.alt} … />.
import * as z from 'zod';

const SOURCE = /^\/[^?#\s]*\.(jpe?g|png|webp|avif|gif|svg)$/i;

export function imageField() {
  return z
    .object({
      src: z.string().regex(SOURCE, 'expected the address of an image on this site, such as /images/uploads/front-door.jpg').meta({ cms: { widget: 'image', label: 'Photo', hint: 'Upload a photo (JPEG, PNG, WebP, AVIF, GIF or SVG), or choose one already uploaded.' } }),
      alt: z.string().trim().optional().meta({ cms: { label: 'What the photo shows', hint: 'Describe it for people who cannot see it, in this language: "The front door, with a ramp on the left". Leave it empty only if the photo is decorative.' } }),
      decorative: z.boolean().optional().meta({ cms: { label: 'Decorative only (no description needed)', hint: 'Tick it only when the photo adds nothing a visitor needs to know.' } }),
    })
    .strict()
    .superRefine((photo, issues) => {
      if (!photo.decorative && !photo.alt) issues.addIssue({ code: 'custom', path: ['alt'], message: 'describe the photo (what it shows), or mark it decorative: true' });
    });
}

export type ImageField = z.infer<ReturnType<typeof imageField>>;
