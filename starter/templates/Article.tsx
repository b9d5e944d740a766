// An entry's text as an article. Shown in a language it is not written in (a collection with
// `fallback: true`), it is marked as its own language, for screen readers and translation tools,
// and a note in the visitor's language says so.
import type { ReactNode } from 'react';
import { usePage } from 'sitewright';
import type { Content } from './schema.ts';

export function Article({ children }: { children: ReactNode }) {
  const { route, locale, intl, text, content, dir, dirOf } = usePage<Content>();
  const from = route.fallback;
  if (!from) return <article>{children}</article>;
  return (
    <article lang={from} dir={dirOf(from) === dir ? undefined : dirOf(from)}>
      <p className="note" lang={locale} dir={dirOf(from) === dir ? undefined : dir}>{text.ui.untranslated.replace('{language}', languageIn(intl, from) ?? content.locales[from]!.ui.languageName)}</p>
      {children}
    </article>
  );
}

/** "en" as the page's language names it ("inglés"), where this Node knows it. */
function languageIn(intl: string, locale: string): string | undefined {
  try {
    return new Intl.DisplayNames([intl], { type: 'language' }).of(locale);
  } catch {
    return undefined;
  }
}
