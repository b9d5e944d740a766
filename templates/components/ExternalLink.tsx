// A link that opens a new tab: safe rel, and a hint in the page's language for screen-reader users.
import type { ReactNode } from 'react';

export function ExternalLink({ href, className, newTabHint, children }: { href: string; className?: string; newTabHint: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{` ${newTabHint}`}</span>
    </a>
  );
}
