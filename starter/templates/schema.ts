// What each content file must hold. The build checks every file against these, in every language,
// and names the file and line of any mistake.
import * as z from 'zod';

const text = z.string().trim().min(1, 'must not be empty');

/** content/site.yaml: the same in every language. */
export const siteSchema = z.object({ name: text, baseUrl: z.url({ protocol: /^https?$/ }) }).strict();

/** content/<locale>/ui.yaml: every word of the layout and the home page. */
export const uiSchema = z
  .object({
    languageName: text,
    skipToContent: text,
    home: z.object({ title: text, description: text, intro: text, pagesTitle: text }).strict(),
    counter: text,
    notFound: z.object({ title: text, description: text, text, back: text }).strict(),
  })
  .strict();

/** The front matter of content/<locale>/pages/<slug>.md; the Markdown below it is the page's text. */
export const pageSchema = z.object({ title: text, description: text }).strict();

export interface Content {
  site: z.infer<typeof siteSchema>;
  locales: Record<string, { ui: z.infer<typeof uiSchema>; pages: Record<string, { front: z.infer<typeof pageSchema>; html: string }> }>;
}
