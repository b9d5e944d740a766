// Numbers a patient may need in a hurry, written into the emergency notes as words in braces
// ({emergency}, {crisis}, {poison}) so every language keeps them (the build checks that a translation
// keeps every word in braces) and every one is a tap-to-call link.
export const HELP_NUMBERS = {
  /** Medical emergencies. */
  emergency: { display: '911', tel: '911' },
  /** The 988 Suicide & Crisis Lifeline (call or text). */
  crisis: { display: '988', tel: '988' },
  /** Poison Control (America's Poison Centers), any poisoning, any hour. */
  poison: { display: '1-800-222-1222', tel: '+18002221222' },
} as const;

/** The practice's relay service for callers who are deaf, hard of hearing or speech-impaired. */
export const RELAY = { display: '711', tel: '711' } as const;

export type TextPart = string | { display: string; tel: string };

/** HTML (a Markdown body) with each number in braces as a tap-to-call link, kept on one line. */
export function withHelpNumbersHtml(html: string): string {
  return html.replace(/\{(emergency|crisis|poison)\}/g, (_, key: keyof typeof HELP_NUMBERS) => `<a class="nowrap" href="tel:${HELP_NUMBERS[key].tel}">${HELP_NUMBERS[key].display}</a>`);
}

/** A note cut into its words and its numbers: "Call {emergency} now" → ["Call ", { 911 }, " now"]. */
export function withHelpNumbers(text: string): TextPart[] {
  return text.split(/(\{(?:emergency|crisis|poison)\})/).filter(Boolean).map((part) => {
    const key = /^\{(emergency|crisis|poison)\}$/.exec(part)?.[1] as keyof typeof HELP_NUMBERS | undefined;
    return key ? HELP_NUMBERS[key] : part;
  });
}
