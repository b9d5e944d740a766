// Text from content or file names is data: a control character printed to a terminal or CI log could clear the screen or start
// a line GitHub Actions reads as a workflow command ("::error …"), so each is shown escaped (\n, \u001b); so is a direction
// mark, override or isolate, or a zero-width space: invisible, or making text read in another order than it is stored.

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escape = (c: string) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One line of text, every control character (line breaks too) shown escaped. */
export function inert(text: string): string {
  return text.replace(CONTROL, escape);
}

/** Text of several lines (a stack, a summary): line breaks and tabs kept, every other control character escaped. */
export function inertLines(text: string): string {
  return text.replace(CONTROL_BUT_LINES, escape);
}

export function hasControl(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}
