// The image field: an address of an image on the site and its description, or decorative; in the
// editor, the image widget (uploads limited to what the uploads folder publishes) beside the text.
import { describe, expect, it } from 'vitest';
import { fileFields } from '../../src/admin/fields.ts';
import { imageField } from '../../src/content/image-field.ts';
import * as z from 'zod';

const schema = z.object({ photo: imageField() }).strict();

describe('an image field', () => {
  it('takes a photo with a description, or a decorative one', () => {
    expect(schema.safeParse({ photo: { src: '/images/uploads/door.jpg', alt: 'The front door' } }).success).toBe(true);
    expect(schema.safeParse({ photo: { src: '/images/uploads/pattern.png', decorative: true } }).success).toBe(true);
  });

  it('refuses a photo without a description, and an address that is not an image of the site', () => {
    const missing = schema.safeParse({ photo: { src: '/images/uploads/door.jpg' } });
    expect(missing.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['photo.alt: describe the photo (what it shows), or tick "Decorative only (no description needed)"']);
    expect(schema.safeParse({ photo: { src: '/images/uploads/door.jpg', alt: '   ' } }).success).toBe(false);
    for (const src of ['https://elsewhere.example/a.jpg', '/images/uploads/page.html', 'door.jpg', '/a.jpg?x=1']) expect(schema.safeParse({ photo: { src, alt: 'x' } }).success, src).toBe(false);
  });

  it('is the image widget, a description and a tick box in the editor', () => {
    const [photo] = fileFields(schema, true);
    const fields = (photo as unknown as { fields: Record<string, unknown>[] }).fields;
    expect(fields.map((f) => [f.name, f.widget, f.label])).toEqual([['src', 'image', 'Photo'], ['alt', 'string', 'What the photo shows'], ['decorative', 'boolean', 'Decorative only (no description needed)']]);
    expect(fields[0]!.accept).toBe('.png,.jpg,.jpeg,.gif,.webp,.avif');
  });
});
