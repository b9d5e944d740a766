// Text for HTML or XML (pages, feeds, sitemaps, SVG): characters that start markup or end an attribute become references.
export const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
