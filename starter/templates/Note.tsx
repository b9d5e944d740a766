// A component posts may show: a line `::note{text="Closed on Sundays."}` in Markdown.
import * as z from 'zod';

/** Its props, checked by the build wherever a post uses it (file and line on a mistake). */
export const noteProps = z.object({ text: z.string().min(1) }).strict();

export function Note({ text }: z.infer<typeof noteProps>) {
  return <aside className="note">{text}</aside>;
}
