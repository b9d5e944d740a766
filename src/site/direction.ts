// A locale's writing direction, from its Intl tag as the runtime's CLDR data knows it ("ar-EG": rtl).
type WithTextInfo = Intl.Locale & { getTextInfo?(): { direction?: string }; textInfo?: { direction?: string } };

const known = new Map<string, 'ltr' | 'rtl'>();
export function directionOf(intl: string): 'ltr' | 'rtl' {
  let dir = known.get(intl);
  if (!dir) {
    const locale = new Intl.Locale(intl) as WithTextInfo;
    // getTextInfo() since V8 13; the textInfo getter before it (Node 22).
    known.set(intl, (dir = (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr'));
  }
  return dir;
}
