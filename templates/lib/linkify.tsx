// Plain content text with its web addresses and US phone numbers made into links: an address reads
// as its host ("ocrportal.hhs.gov"), so it never wraps mid-word; a number becomes a tel: link.
import type { ReactNode } from 'react';

const PATTERN = /(https?:\/\/[^\s,;)]+)|\b((?:1-)?\d{3}-\d{3}-\d{4})\b/g;

export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const [whole, url, phone] = match;
    parts.push(text.slice(last, match.index));
    if (url) parts.push(<a key={match.index} href={url}>{new URL(url).hostname}</a>);
    else parts.push(<a key={match.index} href={`tel:+1${phone!.replace(/^1-/, '').replace(/-/g, '')}`}>{phone}</a>);
    last = match.index! + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}
