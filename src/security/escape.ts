// Text placed in HTML or XML as text: the characters that would start markup or end an attribute,
// written as references. One function for pages, feeds, sitemaps and SVG alike.
export const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
