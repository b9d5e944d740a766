// What each content file must hold. The build checks every file against these, in every language,
// and names the file and line of any mistake.
import { imageField } from 'sitewright';
import * as z from 'zod';

const text = z.string().trim().min(1, 'must not be empty');

/** content/site.yaml: the same in every language. */
export const siteSchema = z.object({ name: text, baseUrl: z.url({ protocol: /^https?$/ }) }).strict();

/** content/<locale>/ui.yaml: every word of the layout and the home page. */
export const uiSchema = z
  .object({
    languageName: text,
    skipToContent: text,
    /** Above an entry shown in another language (a collection with fallback: true): "{language}" is that language's name. */
    untranslated: text,
    home: z.object({ title: text, description: text, intro: text, pagesTitle: text }).strict(),
    counter: text,
    notFound: z.object({ title: text, description: text, text, back: text }).strict(),
    blog: z.object({
      title: text, description: text, recent: text, published: text, tagged: text,
      /** "Page {page} of {pages}" */
      pageOf: text, previous: text, next: text, feed: text,
      tagsTitle: text, tagsDescription: text,
      /** "Posts tagged {tag}" */
      tagTitle: text,
    }).strict(),
    /** What each tag is called in this language, by the tag as posts write it. */
    tags: z.record(z.string().regex(/^[a-z0-9-]+$/), text),
  })
  .strict();

/** The front matter of content/<locale>/pages/<slug>.md; the Markdown below it is the page's text. */
export const pageSchema = z.object({ title: text, description: text }).strict();

/**
 * The front matter of content/<locale>/posts/<slug>.md. Any post may also say `draft: true` (built
 * only by `site dev --drafts`), `publishDate` and `expiryDate` (days it is published from and until).
 * A cover photo is optional: its address and what it shows, in the post's language.
 */
export const postSchema = z
  .object({ title: text, description: text, date: z.iso.date(), tags: z.array(z.string().regex(/^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}]+)*$/u, 'words of lowercase letters and digits joined by dashes, like first-loaf')).default([]), cover: imageField().optional() })
  .strict();

export interface Content {
  site: z.infer<typeof siteSchema>;
  locales: Record<string, {
    ui: z.infer<typeof uiSchema>;
    articles: Record<string, { front: z.infer<typeof pageSchema>; html: string }>;
    /** slug: the post's address in this language (its file name unless it gives one). */
    posts: Record<string, { front: z.infer<typeof postSchema>; html: string; slug?: string }>;
  }>;
}
